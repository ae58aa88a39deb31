import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDocumentRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { RequestInfoContext } from "~/utils/request-info";

export const streamTimeout = 5_000;

/**
 * Every document is rendered whole (onAllReady) and sent as one body, never streamed in React's
 * 2 KB chunks: no route defers data, so streaming gained nothing, and the chunks split multi-byte
 * characters (U+0000 in the text), left bytes after </html>, and defeated the page cache, the
 * ETag and compression at the best level (docs/decisions/0017-anonymous-page-cache.md).
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
  return new Promise((resolve, reject) => {
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <RequestInfoContext.Provider value={{ nonce: nonce ?? "", requestId }}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </RequestInfoContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(chunk));
          body.on("end", () => {
            clearTimeout(timer);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            const document = closeDocumentLast(Buffer.concat(chunks));
            responseHeaders.set("Content-Length", String(document.length));
            resolve(new Response(document as unknown as BodyInit, { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
          });
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          console.error(JSON.stringify({ level: "error", requestId, message: "render error", error: String(error) }));
        },
      },
    );
    const timer = setTimeout(abort, streamTimeout + 1000);
  });
};

export default handleRequest;

const DOCUMENT_END = Buffer.from("</body></html>");

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
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  console.error(
    JSON.stringify({
      time: new Date().toISOString(),
      level: "error",
      message: "unhandled route error",
      requestId: context.requestId,
      path: new URL(request.url).pathname,
      error: message,
    }),
  );
};
