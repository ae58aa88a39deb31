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
   * for `keys` (objects kept while their content does not change: the chrome's settings, menus and
   * directions, kept per content version) and `variant` (a short string for what else the markup
   * depends on: the current link, the signed-in name, the year), and reused by later requests.
   * `render()` must depend on nothing else, and its elements read no router state. Absent in the
   * browser and on hydrated pages, which render the elements themselves.
   */
  prerendered?: (keys: readonly object[], variant: string, render: () => ReactElement) => string;
}

export const RequestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", demo: false });

export const useRequestInfo = () => useContext(RequestInfoContext);
