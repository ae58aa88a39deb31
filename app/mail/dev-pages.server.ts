import { devMailPagesAvailable } from "./mailer.server";

/**
 * Guard of every /dev/correos route (pages and downloads): they exist only in a demo that
 * captures mail, and answer 404 anywhere else whatever the client address (behind a proxy every
 * visitor is loopback, and X-Forwarded-For is the visitor's to write). In the demo every page
 * carries the demo banner and nothing here is cached. See docs/decisions/0014-demo-and-production.md.
 */
export function requireDevMailPages(_context: unknown, notFound: () => Response = pageNotFound): void {
  if (!devMailPagesAvailable()) throw notFound();
}

/** Captured mail holds reset links and access PDFs: never kept by a browser or a shared cache. */
export const DEV_MAIL_HEADERS = { "Cache-Control": "no-store" } as const;

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
