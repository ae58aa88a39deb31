import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToStaticMarkup, renderToString } from "react-dom/server";
import { pageHydrates } from "~/enhance/page-handle";
import { demoMode } from "~/config.server";
import { documentResponse } from "~/utils/document-body.server";
import { log, loggedPath } from "~/utils/logger.server";
import { RequestInfoContext } from "~/utils/request-info";
import { serverBusyResponse } from "~/utils/server-busy.server";

export const streamTimeout = 5_000;

/**
 * Every document is rendered whole (onAllReady) and sent as one body, never streamed in React's
 * 2 KB chunks: no route defers data, so streaming gained nothing, and it defeated the page cache,
 * the ETag and compression at the best level (docs/decisions/0017-anonymous-page-cache.md). The
 * whole body also lets us repair two defects of the stream before sending it: zero bytes at
 * chunk edges and scripts after </html> (below).
 */
const handleRequest: HandleDocumentRequestFunction = (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  // Pages for the anonymous cache are rendered without a nonce: their CSP lists script hashes.
  const nonce = loadContext.cspNonce || undefined;
  const requestId = loadContext.requestId ?? "";
  const demo = demoMode();
  // Pages without React in the browser may reuse markup rendered for an earlier request.
  const { matches } = remixContext.staticHandlerContext;
  const hydrates = pageHydrates(matches.map((match) => ({ handle: remixContext.routeModules[match.route.id]?.handle })));
  const page = (
    <RequestInfoContext.Provider value={{ nonce: nonce ?? "", requestId, demo, prerendered: hydrates ? undefined : prerendered }}>
      <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
    </RequestInfoContext.Provider>
  );
  if (!hydrates) {
    // A page without React in the browser renders no <Scripts> and so reads no data stream: nothing
    // in it suspends, and one synchronous renderToString costs less than the stream and its
    // buffers (decision 0062). A render error rejects, as a shell error does below.
    responseHeaders.set("Content-Type", "text/html; charset=utf-8");
    const document = closeDocumentLast(Buffer.from(`<!DOCTYPE html>${renderToString(page)}`));
    responseHeaders.set("Content-Length", String(document.length));
    return documentResponse(document, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise((resolve, reject) => {
    let failed = false;
    // The render missed its deadline (a saturated event loop): 503 + Retry-After, never a 500.
    // Actions that write answer 303 and never reach this render (decision 0031).
    let timedOut = false;
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(chunk));
        body.on("end", () => {
          clearTimeout(timer);
          if (timedOut) return resolve(serverBusyResponse({ requestId }));
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          const document = closeDocumentLast(withoutPaddingBytes(Buffer.concat(chunks)));
          responseHeaders.set("Content-Length", String(document.length));
          resolve(documentResponse(document, { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
        });
        pipe(body);
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        if (timedOut) resolve(serverBusyResponse({ requestId }));
        else reject(error);
      },
      onError(error: unknown) {
        failed = true;
        if (timedOut) return;
        log("error", "render error", { requestId, error: String(error) });
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      log("warn", "render missed its deadline: answered 503", { requestId });
      abort();
    }, streamTimeout + 1000);
  });
};

export default handleRequest;

/**
 * Markup kept per key objects and variant (RequestInfo.prerendered): nested WeakMaps, one level per
 * key object, so markup goes when the chrome it was made from is replaced (a new content version);
 * at most VARIANTS_PER_KEY variants per key (the signed-in names are many), then they start again.
 */
interface KeptMarkup {
  next: WeakMap<object, KeptMarkup>;
  variants: Map<string, string>;
}
const keptMarkup: KeptMarkup = { next: new WeakMap(), variants: new Map() };
const VARIANTS_PER_KEY = 500;

function prerendered(keys: readonly object[], variant: string, render: () => ReactElement): string {
  let level = keptMarkup;
  for (const key of keys) {
    let next = level.next.get(key);
    if (next === undefined) {
      next = { next: new WeakMap(), variants: new Map() };
      level.next.set(key, next);
    }
    level = next;
  }
  let markup = level.variants.get(variant);
  if (markup === undefined) {
    markup = renderToStaticMarkup(render());
    if (level.variants.size >= VARIANTS_PER_KEY) level.variants.clear();
    level.variants.set(variant, markup);
  }
  return markup;
}

const DOCUMENT_END = Buffer.from("</body></html>");

/**
 * React 18.3's Node renderer fills 2,048-byte buffers; when a multi-byte character does not fit
 * at the end of one it still writes the whole buffer, unfilled zero bytes included, so U+0000
 * turns up in the text (issue 11; react-dom-server.node: `d<b.length&&(t(a,k),…)` writes `k`, not
 * `k.subarray(0,l)`). In UTF-8 a zero byte is never part of another character, and U+0000 is
 * never valid in an HTML document, so dropping every zero byte restores exactly the intended text.
 */
export function withoutPaddingBytes(document: Buffer): Buffer {
  let zero = document.indexOf(0);
  if (zero < 0) return document;
  const parts: Buffer[] = [];
  let start = 0;
  while (zero >= 0) {
    parts.push(document.subarray(start, zero));
    start = zero + 1;
    zero = document.indexOf(0, start);
  }
  parts.push(document.subarray(start));
  return Buffer.concat(parts);
}

/**
 * React writes the document's closing tags with the shell and the single-fetch data scripts of
 * Remix's <Scripts> after them. Browsers parse anything after </html> into the end of <body>
 * anyway, so moving it there gives the very same DOM (and hydration) as valid HTML.
 */
export function closeDocumentLast(document: Buffer): Buffer {
  const end = document.lastIndexOf(DOCUMENT_END);
  if (end < 0 || end + DOCUMENT_END.length === document.length) return document;
  return Buffer.concat([document.subarray(0, end), document.subarray(end + DOCUMENT_END.length), DOCUMENT_END]);
}

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  // A body refused mid-stream (server/body-limits.ts): its 413 is out and was logged there.
  if (error instanceof Error && error.name === "RequestBodyTooLarge") return;
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  // The request id is the «Folio de error» the error page shows; the path loses its secret segments.
  log("error", "unhandled route error", { requestId: context.requestId, path: loggedPath(new URL(request.url).pathname), error: message });
};
