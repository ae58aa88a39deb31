import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { RequestInfoContext } from "~/utils/request-info";

const requestId = document.documentElement.dataset.requestId ?? "";
const demo = document.documentElement.dataset.demo === "true";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestInfoContext.Provider value={{ nonce: "", requestId, demo }}>
        <RemixBrowser />
      </RequestInfoContext.Provider>
    </StrictMode>,
  );
});
