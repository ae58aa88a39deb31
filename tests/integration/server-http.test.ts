import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";

// The real Express app with the real Remix build (npm test builds first), on a fresh database.
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => close?.());

describe("the HTTP server", () => {
  // The request id is written into audit rows (issue 24): a client cannot choose it, on a rendered
  // page or a cached one, unless a trusted proxy (TRUST_PROXY) set it.
  test("ignores a client's own X-Request-Id", async () => {
    for (const headers of [{ cookie: "himfg_toast=x" }, {}, {}] as Record<string, string>[]) {
      const response = await fetch(`${baseUrl}/`, { headers: { ...headers, "x-request-id": "folio-inventado-1234" } });
      expect(response.status).toBe(200);
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  // A visitor with a cookie gets a fresh render with a nonce; anonymous pages come from the page
  // cache with script hashes instead (tests/integration/page-cache.test.ts).
  test("serves the home page with a nonce-based CSP that forbids inline scripts", async () => {
    const response = await fetch(`${baseUrl}/`, { headers: { cookie: "himfg_toast=x" } });
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-powered-by")).toBeNull();
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

    // Every inline script Remix renders carries this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect(html).toContain('lang="es-MX"');
  });

  test("gives each response its own nonce", async () => {
    const withCookie = { headers: { cookie: "himfg_toast=x" } };
    const a = (await fetch(`${baseUrl}/`, withCookie)).headers.get("content-security-policy");
    const b = (await fetch(`${baseUrl}/`, withCookie)).headers.get("content-security-policy");
    expect(a).not.toEqual(b);
  });

  test("answers unknown paths with a Spanish 404 inside the site layout, never a 500", async () => {
    for (const pathName of ["/no-existe", "/direccion-falsa/a/b/c", "/archivos/no-es-un-id", "/build/no-existe.js"]) {
      const response = await fetch(`${baseUrl}${pathName}`);
      expect(response.status, pathName).toBe(404);
      const html = await response.text();
      expect(html).toContain("No encontramos esta página");
      expect(html).toContain("Ir a la página de inicio");
    }
  });

  test("answers a path with broken percent-encoding with a 400, not a 500", async () => {
    const response = await fetch(`${baseUrl}/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Dirección no válida");
  });

  test("refuses a cross-site form post and accepts a same-origin one", async () => {
    const crossSite = await fetch(`${baseUrl}/logout`, {
      method: "POST",
      headers: { Origin: "https://sitio-malicioso.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).toContain("Solicitud rechazada");

    const fetchSiteOnly = await fetch(`${baseUrl}/logout`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "cross-site" },
      redirect: "manual",
    });
    expect(fetchSiteOnly.status).toBe(403);

    const sameOrigin = await fetch(`${baseUrl}/logout`, {
      method: "POST",
      headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: "",
      redirect: "manual",
    });
    expect(sameOrigin.status).toBe(303);
    expect(sameOrigin.headers.get("location")).toBe("/");
  });

  test("caches fingerprinted assets for a year and serves fonts from our origin", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const asset = /href="(\/build\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await fetch(`${baseUrl}${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("max-age=31536000");
    expect(response.headers.get("cache-control")).toContain("immutable");

    const font = await fetch(`${baseUrl}/fonts/montserrat-latin-400-normal.woff2`);
    expect(font.status).toBe(200);
    expect(font.headers.get("content-type")).toBe("font/woff2");
  });

  test("reports health from the database", async () => {
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("ok");
  });

  test("serves the seeded banner images as stored files with caching headers", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    const src = /<img src="(\/archivos\/[^"]+)"/.exec(html)?.[1];
    expect(src).toBeDefined();
    const image = await fetch(`${baseUrl}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = image.headers.get("etag")!;
    const again = await fetch(`${baseUrl}${src}`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});
