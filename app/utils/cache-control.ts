import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's `headers` for pages with personal data or a secret in the URL (profile, password
 * reset, payment): the loader answers with `Cache-Control: no-store` (or `private, no-store`) and
 * this passes it on to the document response, so neither a shared cache nor the browser's
 * back-forward cache keeps the page. Remix does not send a loader's headers otherwise.
 *
 *   export { passCacheControl as headers } from "~/utils/cache-control";
 */

export const passCacheControl: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  // Only Cache-Control: Referrer-Policy is the site's one policy (server/security.ts), and a second
  // one here made the browser post the page's form with Origin: null.
  const value = loaderHeaders.get("Cache-Control");
  if (value) headers.set("Cache-Control", value);
  return headers;
};
