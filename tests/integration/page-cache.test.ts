import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { createUserSession, SESSION_COOKIE_NAME } from "~/accounts/session.server";
import { db } from "~/db.server";
import { anonymousPageCache, invalidatePublicPages, preferredEncoding } from "../../server/page-cache";
import { useSeededDatabase } from "../support/database";
import { startTestServer } from "../support/test-server";

// The real Express app with the real Remix build (npm test builds first), on a fresh database.
let baseUrl = "";
let close: () => Promise<void>;
let sessionCookie = "";

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());

  const outcome = await registerParticipant(
    db,
    {
      name: "Rosa Caché Hernández",
      grade: "Médico",
      institution: "IMSS",
      email: `cache-${crypto.randomUUID()}@ejemplo.mx`,
      password: "Pediatria-2026!",
      age: 40,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Jalisco",
      phone: "3312345678",
      role: "EXTERNO",
    },
    [],
  );
  if (!outcome.ok) throw new Error(outcome.problem.code);
  const setCookie = await createUserSession({ id: outcome.participant.id, name: "Rosa Caché Hernández" });
  sessionCookie = setCookie.split(";")[0]!;
  expect(sessionCookie.startsWith(`${SESSION_COOKIE_NAME}=`)).toBe(true);
});

afterAll(async () => close?.());

const anonymous = (pathName: string, headers: Record<string, string> = {}) => fetch(`${baseUrl}${pathName}`, { headers });
const signedIn = (pathName: string) => fetch(`${baseUrl}${pathName}`, { headers: { cookie: sessionCookie } });

function inlineScripts(html: string) {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>([\s\S]*?)<\/script>/g)];
}

describe("the anonymous page cache", () => {
  test("serves the second anonymous request from memory with the same ETag, and 304 when it matches", async () => {
    invalidatePublicPages();
    const first = await anonymous("/direccion/medica");
    expect(first.status).toBe(200);
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const html = await first.text();
    const second = await anonymous("/direccion/medica");
    expect(second.headers.get("x-page-cache")).toBe("hit");
    // A hit skips the per-response middleware but sends the same security headers, its own id.
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "referrer-policy",
      "x-frame-options",
      "permissions-policy",
      "content-type",
    ]) {
      expect(second.headers.get(name), name).toBe(first.headers.get(name));
    }
    expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await second.text()).toBe(html);
    const etag = second.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(second.headers.get("cache-control")).toBe("no-cache");
    expect(second.headers.get("vary")).toContain("Cookie");

    const revalidated = await anonymous("/direccion/medica", { "if-none-match": etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  test("sends the brotli and gzip forms compressed once, identical to the page", async () => {
    const plain = await (await anonymous("/hemerobiblioteca")).text();
    for (const encoding of ["br", "gzip"] as const) {
      const response = await fetch(`${baseUrl}/hemerobiblioteca`, { headers: { "accept-encoding": encoding } });
      expect(response.headers.get("content-encoding")).toBe(encoding);
      // fetch decodes the body: the same document either way.
      expect(await response.text()).toBe(plain);
    }
  });

  test("the visitor who asked first gets the page quickly compressed; later hits get the best compression", async () => {
    // The raw bytes as sent (fetch would decode them), with their Content-Length.
    const raw = (encoding: string) =>
      new Promise<{ cache: string; length: number; body: Buffer }>((resolve, reject) => {
        http
          .get(`${baseUrl}/legado-artistico`, { headers: { "accept-encoding": encoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                cache: String(response.headers["x-page-cache"]),
                length: Number(response.headers["content-length"]),
                body: Buffer.concat(chunks),
              }),
            );
          })
          .on("error", reject);
      });
    invalidatePublicPages();
    const first = await raw("br");
    expect(first.cache).toBe("miss");
    expect(first.length).toBe(first.body.length);
    const page = zlib.brotliDecompressSync(first.body);
    const best = {
      br: zlib.brotliCompressSync(page, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.length },
      }),
      gzip: zlib.gzipSync(page, { level: 9 }),
    };
    // Quality 4, not 11: the first visitor did not wait for the best level.
    expect(first.body.equals(best.br)).toBe(false);
    let hit = await raw("br");
    for (let waited = 0; !hit.body.equals(best.br) && waited < 5000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      hit = await raw("br");
    }
    expect(hit.cache).toBe("hit");
    expect(hit.body.equals(best.br)).toBe(true);
    // The header blocks were made again: the Content-Length is the new body's.
    expect(hit.length).toBe(best.br.length);
    const gzipHit = await raw("gzip");
    expect(gzipHit.body.equals(best.gzip)).toBe(true);
    expect(gzipHit.length).toBe(best.gzip.length);
  });

  test("allows exactly the page's inline scripts by hash, with no nonce to reuse", async () => {
    const response = await anonymous("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).not.toContain("nonce-");
    expect(scriptSrc).not.toContain("unsafe-inline");
    const html = await response.text();
    expect(html).not.toMatch(/\bnonce="/);
    const scripts = inlineScripts(html);
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, , body] of scripts) {
      const hash = crypto.createHash("sha256").update(body!, "utf8").digest("base64");
      expect(scriptSrc).toContain(`'sha256-${hash}'`);
    }
  });

  test("never gives a signed-in visitor the anonymous page, nor an anonymous visitor the signed-in one", async () => {
    invalidatePublicPages();
    const anonymousFirst = await (await anonymous("/")).text();
    expect(anonymousFirst).toContain("Iniciar sesión");

    const mine = await signedIn("/");
    expect(mine.headers.get("x-page-cache")).toBeNull();
    const mineHtml = await mine.text();
    expect(mineHtml).toMatch(/Sesión de (<!-- -->)?Rosa Caché Hernández/);
    expect(mineHtml).not.toContain(">Iniciar sesión<");
    // The signed-in page keeps its per-response nonce.
    expect(mine.headers.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9+/=]+'/);

    const anonymousAgain = await anonymous("/");
    expect(anonymousAgain.headers.get("x-page-cache")).toBe("hit");
    const anonymousHtml = await anonymousAgain.text();
    expect(anonymousHtml).not.toContain("Rosa Caché Hernández");
    expect(anonymousHtml).toContain("Iniciar sesión");
  });

  test("a request with any cookie (a toast, anything) neither reads nor fills the cache", async () => {
    invalidatePublicPages();
    const withCookie = await fetch(`${baseUrl}/requisitos`, { headers: { cookie: "himfg_toast=whatever" } });
    expect(withCookie.headers.get("x-page-cache")).toBeNull();
    expect((await anonymous("/requisitos")).headers.get("x-page-cache")).toBe("miss");
  });

  test("a course edit in the database shows at once, through the content_version triggers", async () => {
    const before = await (await anonymous("/ensenanza/offer")).text();
    const course = (await db.selectFrom("courses").select(["course_id", "course_name"]).execute()).find((c) => before.includes(c.course_name));
    expect(course, "a course of the current month on the catalogue").toBeDefined();
    expect((await anonymous("/ensenanza/offer")).headers.get("x-page-cache")).toBe("hit");

    const renamed = `${course!.course_name} (sede nueva)`;
    await db.updateTable("courses").set({ course_name: renamed }).where("course_id", "=", course!.course_id).execute();
    const after = await anonymous("/ensenanza/offer");
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain(renamed);
  });

  test("a settings or content write invalidates every page, not just the one edited", async () => {
    await anonymous("/hemerobiblioteca");
    expect((await anonymous("/hemerobiblioteca")).headers.get("x-page-cache")).toBe("hit");
    const row = await db.selectFrom("site_settings").select(["key", "value"]).executeTakeFirstOrThrow();
    await db.updateTable("site_settings").set({ value: row.value }).where("key", "=", row.key).execute();
    expect((await anonymous("/hemerobiblioteca")).headers.get("x-page-cache")).toBe("miss");
  });

  test("keeps a page per host: the same path under another Host is that host's own entry", async () => {
    invalidatePublicPages();
    const port = new URL(baseUrl).port;
    const get = (host: string) =>
      new Promise<{ status: number; cache: string | undefined }>((resolve, reject) => {
        const request = http.get({ host: "127.0.0.1", port, path: "/direccion/medica", headers: { host } }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode ?? 0, cache: response.headers["x-page-cache"] as string | undefined }));
        });
        request.on("error", reject);
      });
    const a = `127.0.0.1:${port}`;
    const b = `localhost:${port}`;
    // The fast path looks up the path first (the entry kept last for it) and takes it only when its
    // host is the request's: B must not be answered with A's entry, nor A with B's once B is kept.
    expect(await get(a)).toEqual({ status: 200, cache: "miss" });
    expect(await get(a)).toEqual({ status: 200, cache: "hit" });
    expect(await get(b)).toEqual({ status: 200, cache: "miss" });
    expect(await get(a)).toEqual({ status: 200, cache: "hit" });
    expect(await get(b)).toEqual({ status: 200, cache: "hit" });
    // A write drops both: each host renders its page again.
    invalidatePublicPages();
    expect(await get(b)).toEqual({ status: 200, cache: "miss" });
    expect(await get(a)).toEqual({ status: 200, cache: "miss" });
    expect(await get(a)).toEqual({ status: 200, cache: "hit" });
  });

  test("renders whole documents: many multi-byte characters, no U+0000, nothing after </html>", async () => {
    // Many short text nodes dense in two-byte characters: React's 2 KB buffer edges fall inside
    // them, which is where it used to write zero bytes.
    const items = await db.selectFrom("gallery_items").select("id").where("gallery", "=", "galeria").execute();
    expect(items.length).toBeGreaterThan(5);
    for (const item of items) {
      const text = `Niñez ${"ñá".repeat(90)} ${item.id}`;
      await db.updateTable("gallery_items").set({ title: text, caption: text, alt_text: text }).where("id", "=", item.id).execute();
    }
    for (const response of [await anonymous("/galeria"), await signedIn("/galeria")]) {
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).not.toContain("\u0000");
      for (const item of items) expect(html).toContain(`Niñez ${"ñá".repeat(90)} ${item.id}`);
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
    }
  });
});

describe("what the cache refuses to keep", () => {
  // A stand-in for Remix's handler so each refusal can be provoked; the middleware is the real one.
  async function serve(respond: () => Response) {
    let renders = 0;
    const app = express();
    const cache = anonymousPageCache({
      handle: async () => {
        renders += 1;
        return respond();
      },
      getLoadContext: () => ({ cspNonce: "abc", requestId: "r" }),
    });
    app.use(cache.serveHit);
    app.use((_req, res, next) => {
      res.setHeader("Content-Security-Policy", "script-src 'self' 'nonce-abc'");
      next();
    });
    app.use(cache.render);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/pagina`;
    for (let i = 0; i < 3; i++) await (await fetch(url, { redirect: "manual" })).arrayBuffer();
    await new Promise((resolve) => server.close(resolve));
    return renders;
  }

  const page = "<!DOCTYPE html><html><head></head><body>" + "x".repeat(2000) + "</body></html>";

  test("negotiates brotli, then gzip, and honours q=0", () => {
    expect(preferredEncoding("gzip, deflate, br")).toBe("br");
    expect(preferredEncoding("gzip, br;q=0")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBe("identity");
    expect(preferredEncoding(undefined)).toBe("identity");
    // The same header again, and headers taking turns: each answered for itself.
    for (let i = 0; i < 3; i++) {
      expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
      expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
      expect(preferredEncoding("gzip")).toBe("gzip");
      expect(preferredEncoding("identity")).toBe("identity");
    }
  });

  test("a page is kept", async () => {
    expect(await serve(() => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8" } }))).toBe(1);
  });

  test("a response that sets a cookie is rendered every time", async () => {
    expect(await serve(() => new Response(page, { headers: { "Content-Type": "text/html; charset=utf-8", "Set-Cookie": "a=b; Path=/" } }))).toBe(3);
  });

  test("an error, a private page and a redirect are rendered every time", async () => {
    expect(await serve(() => new Response(page, { status: 404, headers: { "Content-Type": "text/html" } }))).toBe(3);
    expect(await serve(() => new Response(page, { headers: { "Content-Type": "text/html", "Cache-Control": "private, no-store" } }))).toBe(3);
    expect(await serve(() => new Response(null, { status: 303, headers: { Location: "/" } }))).toBe(3);
  });
});
