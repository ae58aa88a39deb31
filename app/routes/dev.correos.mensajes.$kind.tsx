import type { LoaderFunctionArgs } from "@remix-run/node";
import { CAPTURED_HTML_CSP, requireDevMailPages } from "~/mail/dev-pages.server";
import { escapeHtml, renderMessage } from "~/mail/message";
import { findMailMessage } from "~/mail/messages";
import { resourceNotFound } from "~/utils/simple-page.server";

/** The HTML of one message with its sample input, for the sandboxed frame of /dev/correos/mensajes. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireDevMailPages(context, resourceNotFound);
  const message = findMailMessage(params.kind ?? "");
  if (!message) throw resourceNotFound();
  const { subject, html } = renderMessage(message, message.sample);
  const document = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${html}</body></html>`;
  return new Response(document, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": CAPTURED_HTML_CSP,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
