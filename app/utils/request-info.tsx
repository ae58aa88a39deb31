import { createContext, useContext, type ReactElement } from "react";

/**
 * Per-request values the document needs even when a loader failed: the CSP nonce for Remix's
 * inline scripts and the request id shown on the error page. Server: from the load context.
 * Browser: the nonce is not needed after load, the id is read back from <html data-request-id>.
 */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  /** A demo (simulated payments, captured mail): every page says so (docs/decisions/0014). */
  demo: boolean;
  /**
   * Server only, on a page that does not hydrate: the static markup of `render()`, rendered once
   * for `key` (an object kept while its content does not change) and reused by later requests.
   * Absent in the browser and on hydrated pages, which render the elements themselves.
   */
  prerendered?: (key: object, render: () => ReactElement) => string;
}

export const RequestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", demo: false });

export const useRequestInfo = () => useContext(RequestInfoContext);
