import type { HeadersFunction } from "@remix-run/node";

/**
 * A route's `headers` that passes its action's Retry-After (a throttled 429) on to the document
 * response; Remix does not send an action's own headers for a document request otherwise.
 */
export const passRetryAfter: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const value = actionHeaders.get("Retry-After");
  if (value) headers.set("Retry-After", value);
  return headers;
};
