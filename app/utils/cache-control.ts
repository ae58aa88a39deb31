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
  const value = loaderHeaders.get("Cache-Control");
  if (value) headers.set("Cache-Control", value);
  // A page with a token in its address (password reset, staff set-up) answers no-referrer: the one
  // exception to the site's Referrer-Policy that Express lets through (decision 0032).
  if (loaderHeaders.get("Referrer-Policy") === "no-referrer") headers.set("Referrer-Policy", "no-referrer");
  return headers;
};

/** The loader headers of a page whose address carries a secret token: never stored, never in a Referer. */
export const TOKEN_PAGE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } as const;
