import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RequestInfoContext } from "~/utils/request-info";

const requestId = document.documentElement.dataset.requestId ?? "";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestInfoContext.Provider value={{ nonce: "", requestId }}>
        <RemixBrowser />
      </RequestInfoContext.Provider>
    </StrictMode>,
  );
});
