import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { contentDisposition } from "~/files/serve-file.server";
import { mailIdParam, requireDevMailPages } from "~/mail/dev-pages.server";
import { getCapturedAttachment } from "~/mail/outbox.server";
import { resourceNotFound } from "~/utils/simple-page.server";

const MIME_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/i;

/** One attachment of a captured message, always as a download, never rendered on our origin. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireDevMailPages(context, resourceNotFound);
  const mailId = mailIdParam(params.mailId, resourceNotFound);
  const position = mailIdParam(params.position, resourceNotFound);
  const attachment = await getCapturedAttachment(db, mailId, position);
  if (!attachment) throw resourceNotFound();
  return new Response(new Uint8Array(attachment.data), {
    headers: {
      "Content-Type": MIME_TYPE.test(attachment.contentType) ? attachment.contentType : "application/octet-stream",
      "Content-Disposition": contentDisposition(attachment.filename, "attachment"),
      "Content-Length": String(attachment.data.byteLength),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
