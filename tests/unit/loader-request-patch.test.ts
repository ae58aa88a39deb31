import { describe, expect, test } from "vitest";
// The CommonJS build, the one build/server.js bundles (scripts/build-server.mjs checks it is).
import { callRouteLoader } from "@remix-run/server-runtime/dist/data.js";

// patches/@remix-run+server-runtime (decision 0066): a loader gets the request as it came unless
// there is a Remix parameter to strip; with one, a copy without it, as before.
async function requestSeenByLoader(request: Request): Promise<Request> {
  let seen: Request | undefined;
  await callRouteLoader({
    loadContext: { cspNonce: "", requestId: "prueba" },
    params: {},
    request,
    routeId: "routes/prueba",
    singleFetch: true,
    loader: ({ request: given }: { request: Request }) => {
      seen = given;
      return null;
    },
  });
  return seen!;
}

describe("the request a loader is handed", () => {
  test("without index or _routes: the same Request, so a page's loaders can share per-request work", async () => {
    for (const url of ["http://sitio.test/profile", "http://sitio.test/ensenanza/offer?mes=2026-12", "http://sitio.test/buscar?q=index"]) {
      const request = new Request(url, { headers: { cookie: "a=1" } });
      expect(await requestSeenByLoader(request)).toBe(request);
    }
  });

  test("with them: a copy without _routes and without an empty index, the rest kept", async () => {
    const request = new Request("http://sitio.test/cursos?index&_routes=routes%2Fcursos&mes=2026-12", { headers: { cookie: "a=1" } });
    const seen = await requestSeenByLoader(request);
    expect(seen).not.toBe(request);
    expect(seen.url).toBe("http://sitio.test/cursos?mes=2026-12");
    expect(seen.headers.get("cookie")).toBe("a=1");
    const kept = await requestSeenByLoader(new Request("http://sitio.test/cursos?index=2"));
    expect(kept.url).toBe("http://sitio.test/cursos?index=2");
  });
});
