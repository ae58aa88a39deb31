import { createContext, useContext } from "react";

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
}

export const RequestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", demo: false });

export const useRequestInfo = () => useContext(RequestInfoContext);
