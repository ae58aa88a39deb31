import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppLoadContext, RequestHandler as RemixRequestHandler } from "@remix-run/node";
import type { NextFunction, Request, Response } from "express";
import { db } from "../app/db.server";
import { log } from "./logging";

/**
 * The anonymous page cache (docs/decisions/0017-anonymous-page-cache.md).
 *
 * A GET without any cookie renders the same bytes for everyone, so the whole document is kept
 * in memory with its gzip and brotli forms (compressed once, at the best level) and served
 * with an ETag. What keeps it correct:
 * - A request with any cookie (session, toast, anything a later feature adds) or an
 *   Authorization header never reads nor fills the cache.
 * - A response with Set-Cookie, a status other than 200, `no-store`/`private`, or a type other
 *   than a page, the single-fetch data of a page, XML or text is sent but never stored.
 * - Every entry remembers the `content_version` it was rendered at; triggers bump that counter on
 *   every write to a table that feeds public pages (migration 0014), and a request compares it
 *   (one indexed read). `invalidatePublicPages()` is the hook for changes outside the database.
 * - Entries also expire after a minute, for what depends on the clock (seat holds that lapse,
 *   "inscripciones abiertas" on the day a course opens).
 * - Pages rendered here carry no nonce: their inline scripts are allowed by their SHA-256 hashes,
 *   computed once per entry and put in that response's CSP instead of the per-response nonce.
 */

export interface PageCacheOptions {
  /** Remix's handler for Web requests (the same build the Express adapter serves). */
  handle: RemixRequestHandler;
  getLoadContext: (req: Request, res: Response) => AppLoadContext;
  /** Total bytes (plain + gzip + brotli) kept; least recently used entries go first. */
  maxBytes?: number;
  /** Lifetime of an entry, ms. */
  maxAgeMs?: number;
}

interface Entry {
  key: string;
  version: number;
  expires: number;
  status: number;
  headers: [string, string][];
  /** SHA-256 sources of the inline scripts, for the CSP; null when the body is not HTML. */
  scriptHashes: string[] | null;
  etag: string;
  plain: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  bytes: number;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/xml|text\/plain)\b/;
const COMPRESSIBLE_MIN_BYTES = 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
const MAX_KEY_LENGTH = 1024;
/** Tools for developers (the captured mail) change without a content write: never cached. */
const BYPASS_PREFIXES = ["/dev/", "/healthz"];
/** Headers the cache sets itself, or that describe one transfer rather than the document. */
const DROPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "date", "etag", "vary"]);

let localVersion = 0;

/** Drops every cached page: for changes that are not a database write (a new build, a file on disk). */
export function invalidatePublicPages() {
  localVersion += 1;
}

async function currentVersion(): Promise<number> {
  const row = await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst();
  // The local counter rides in the high bits, so either change gives a new number.
  return (row?.version ?? 0) + localVersion * 2 ** 32;
}

export function anonymousPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | Rendered>>();
  let totalBytes = 0;

  function remember(entry: Entry) {
    forget(entry.key);
    if (entry.bytes > maxBytes / 8) return;
    entries.set(entry.key, entry);
    totalBytes += entry.bytes;
    for (const [key] of entries) {
      if (totalBytes <= maxBytes) break;
      forget(key);
    }
  }

  function forget(key: string) {
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    totalBytes -= old.bytes;
  }

  async function render(req: Request, res: Response, key: string, version: number): Promise<Entry | Rendered> {
    const request = toWebRequest(req);
    const context = { ...options.getLoadContext(req, res), cspNonce: "" };
    const response = await options.handle(request, context);
    const body = Buffer.from(await response.arrayBuffer());
    const rendered: Rendered = { status: response.status, headers: [...response.headers], body };
    const contentType = response.headers.get("content-type") ?? "";
    const cacheControl = response.headers.get("cache-control") ?? "";
    const storable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      !/no-store|private/.test(cacheControl) &&
      CACHEABLE_TYPES.test(contentType) &&
      body.length <= MAX_ENTRY_BYTES;
    if (!storable) return rendered;
    const [gz, br] =
      body.length >= COMPRESSIBLE_MIN_BYTES
        ? await Promise.all([
            gzip(body, { level: 9 }),
            brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
          ])
        : [null, null];
    const entry: Entry = {
      key,
      version,
      expires: Date.now() + maxAgeMs,
      status: response.status,
      headers: rendered.headers.filter(([name]) => !DROPPED_HEADERS.has(name)),
      scriptHashes: contentType.startsWith("text/html") ? inlineScriptHashes(body) : null,
      etag: `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
      plain: body,
      gzip: gz,
      brotli: br,
      bytes: body.length + (gz?.length ?? 0) + (br?.length ?? 0) + key.length,
    };
    remember(entry);
    return entry;
  }

  return async function pageCache(req: Request, res: Response, next: NextFunction) {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie || req.headers.authorization) return next();
    if (BYPASS_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return next();
    const key = `${req.protocol}://${req.get("host") ?? ""}${req.originalUrl}`;
    if (key.length > MAX_KEY_LENGTH) return next();
    try {
      const version = await currentVersion();
      let entry = entries.get(key);
      if (entry && (entry.version !== version || entry.expires <= Date.now())) {
        forget(key);
        entry = undefined;
      }
      if (entry) {
        // Most recently used goes last.
        entries.delete(key);
        entries.set(key, entry);
        res.setHeader("X-Page-Cache", "hit");
        return sendEntry(req, res, entry);
      }
      // Requests for the same page while it renders wait for that one render.
      const flightKey = `${version}:${key}`;
      let flight = inFlight.get(flightKey);
      if (!flight) {
        flight = render(req, res, key, version).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, flight);
      }
      const result = await flight;
      res.setHeader("X-Page-Cache", "miss");
      if ("etag" in result) return sendEntry(req, res, result);
      return sendRendered(res, result);
    } catch (error) {
      log("error", "page cache failed, rendering without it", { requestId: res.locals.requestId, error: String(error) });
      if (res.headersSent) return;
      res.removeHeader("X-Page-Cache");
      next();
    }
  };
}

interface Rendered {
  status: number;
  headers: [string, string][];
  body: Buffer;
}

function toWebRequest(req: Request): globalThis.Request {
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get("host") ?? "localhost"}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  const controller = new AbortController();
  req.once("close", () => controller.abort());
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

/** The SHA-256 sources of every inline <script> (not JSON data blocks), for the CSP. */
export function inlineScriptHashes(html: Buffer): string[] {
  const hashes = new Set<string>();
  const text = html.toString("utf8");
  for (const match of text.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    const attributes = match[1] ?? "";
    if (/\bsrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2] ?? "", "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** This response's CSP with the per-response nonce replaced by the document's script hashes. */
function withScriptHashes(res: Response, hashes: string[]) {
  const csp = res.getHeader("Content-Security-Policy");
  if (typeof csp !== "string") return;
  res.setHeader("Content-Security-Policy", csp.replace(/ ?'nonce-[^']*'/, hashes.length ? ` ${hashes.join(" ")}` : ""));
}

function sendRendered(res: Response, rendered: Rendered) {
  res.status(rendered.status);
  for (const [name, value] of rendered.headers) {
    if (name === "content-length" || name === "transfer-encoding") continue;
    if (name === "set-cookie") res.append(name, value);
    else res.setHeader(name, value);
  }
  if ((res.getHeader("Content-Type") as string | undefined)?.startsWith("text/html")) {
    withScriptHashes(res, inlineScriptHashes(rendered.body));
  }
  res.end(rendered.body);
}

function sendEntry(req: Request, res: Response, entry: Entry) {
  res.status(entry.status);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  if (entry.scriptHashes) withScriptHashes(res, entry.scriptHashes);
  // HTML is revalidated on every visit (cheap with the ETag); routes that chose their own policy keep it.
  if (!entry.headers.some(([name]) => name === "cache-control")) res.setHeader("Cache-Control", "no-cache");
  res.setHeader("ETag", entry.etag);
  // The document differs for a visitor with a session: no shared cache may hand it to one.
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.status(304).end();
    return;
  }
  const encoding = entry.gzip ? req.acceptsEncodings("br", "gzip", "identity") : "identity";
  const body = encoding === "br" ? entry.brotli! : encoding === "gzip" ? entry.gzip! : entry.plain;
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}
