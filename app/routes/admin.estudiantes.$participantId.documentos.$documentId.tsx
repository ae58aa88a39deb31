import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { canViewDocument, getDocument } from "~/accounts/participants.server";
import { db } from "~/db.server";
import { getStoredFile } from "~/files/files.server";
import { contentDisposition } from "~/files/serve-file.server";
import { recordDocumentView } from "~/staff/teaching/participants-admin.server";
import { idParam, requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { staffContextOf } from "~/actions/pipeline.server";

export const staffAccess = staffAccessOf("routes/admin.estudiantes.$participantId.documentos.$documentId");

/**
 * A participant's identity document for staff, shown inline (the reviewer looks at it in the
 * browser). Every view is audited. Never cached, sandboxed, and served only when it belongs to
 * the participant in the address.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const participantId = idParam(params.participantId);
  const document = await getDocument(db, idParam(params.documentId));
  if (!document || document.participant_id !== participantId || !canViewDocument({ staffRole: staff.role }, document)) {
    throw new Response("No encontrado", { status: 404 });
  }
  const file = await getStoredFile(db, document.file_id);
  if (!file) throw new Response("No encontrado", { status: 404 });
  await recordDocumentView(db, staffContextOf(staff, context), document);
  return new Response(request.method === "HEAD" ? null : new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.content_type,
      "Content-Length": String(file.byte_size),
      "Content-Disposition": contentDisposition(file.file_name, "inline"),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; object-src 'self'; plugin-types application/pdf; sandbox",
      "Referrer-Policy": "no-referrer",
    },
  });
}
