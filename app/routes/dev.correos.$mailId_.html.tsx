import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { CAPTURED_HTML_CSP, mailIdParam, requireDevMailPages } from "~/mail/dev-pages.server";
import { getCapturedMail } from "~/mail/outbox.server";
import { resourceNotFound } from "~/utils/simple-page.server";

/**
 * The stored HTML of a captured message, for the sandboxed frame of /dev/correos/:id; its CSP
 * sandboxes the document even when it is opened on its own.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireDevMailPages(context, resourceNotFound);
  const mail = await getCapturedMail(db, mailIdParam(params.mailId, resourceNotFound));
  if (!mail || mail.html === null) throw resourceNotFound();
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CAPTURED_HTML_CSP,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
