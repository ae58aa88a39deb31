import { readConfig } from "~/config.server";
import { devMailPagesAvailable } from "./mailer.server";

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Guard of every /dev/correos route (pages and downloads): they do not exist (404) where mail
 * is really sent, i.e. in production with SMTP_URL set. In production mode with the capture on
 * (a demo box), captured mail holds password-reset links, so it is readable only from the machine
 * itself (a loopback client address). See docs/decisions/0008-mail-capture.md.
 */
export function requireDevMailPages(context: { clientAddress?: string }, notFound: () => Response = pageNotFound): void {
  if (!devMailPagesAvailable()) throw notFound();
  if (readConfig().NODE_ENV === "production" && !LOOPBACK.test(context.clientAddress ?? "")) throw notFound();
}

/**
 * The CSP of a captured message's HTML: no script, no requests (images only as data: URIs),
 * inline styles because e-mail HTML depends on them, a sandbox (a unique origin even when opened
 * on its own), and framed only by our own pages.
 */
export const CAPTURED_HTML_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'";

/** The :mailId of a URL as a row id, or a 404. */
export function mailIdParam(value: string | undefined, notFound: () => Response = pageNotFound): number {
  const id = /^[1-9][0-9]{0,14}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound();
  return id;
}

function pageNotFound(): Response {
  return new Response("Not Found", { status: 404 });
}
