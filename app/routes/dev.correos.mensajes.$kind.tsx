import type { LoaderFunctionArgs } from "@remix-run/node";
import { CAPTURED_HTML_CSP, requireDevMailPages } from "~/mail/dev-pages.server";
import { renderMessage } from "~/mail/message";
import { findMailMessage } from "~/mail/messages";
import { resourceNotFound } from "~/utils/simple-page.server";

/** The HTML part of one message (a whole document) with its sample input, for the sandboxed frame of /dev/correos/mensajes. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireDevMailPages(context, resourceNotFound);
  const message = findMailMessage(params.kind ?? "");
  if (!message) throw resourceNotFound();
  return new Response(renderMessage(message, message.sample).html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CAPTURED_HTML_CSP,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
