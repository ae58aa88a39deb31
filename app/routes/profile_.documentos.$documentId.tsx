import type { LoaderFunctionArgs } from "@remix-run/node";
import { canViewDocument, getDocument } from "~/accounts/participants.server";
import { requireUser } from "~/accounts/session.server";
import { db } from "~/db.server";
import { getStoredFile } from "~/files/files.server";
import { contentDisposition } from "~/files/serve-file.server";
import { resourceNotFound } from "~/utils/simple-page.server";

/**
 * A participant's private document, streamed only to whoever canViewDocument allows (today its
 * owner). Anonymous visitors are sent to sign in; anyone else gets the same 404 as a document
 * that does not exist, so ids reveal nothing. Never cached, always a download, and with a CSP
 * that keeps an uploaded file from running anything on our origin.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = /^\d{1,12}$/.test(params.documentId ?? "") ? Number(params.documentId) : null;
  const document = id === null ? undefined : await getDocument(db, id);
  if (!document || !canViewDocument(user, document)) throw resourceNotFound();
  const file = await getStoredFile(db, document.file_id);
  if (!file) throw resourceNotFound();
  return new Response(request.method === "HEAD" ? null : new Uint8Array(file.data), {
    status: 200,
    headers: {
      "Content-Type": file.content_type,
      "Content-Length": String(file.byte_size),
      "Content-Disposition": contentDisposition(file.file_name, "attachment"),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}
