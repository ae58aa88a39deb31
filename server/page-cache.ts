import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppLoadContext, RequestHandler as RemixRequestHandler } from "@remix-run/node";
import Database from "better-sqlite3";
import type { NextFunction, Request, Response } from "express";
import { databasePath } from "../app/config.server";
import { databaseWrites, db } from "../app/db.server";
import { documentBodyOf } from "../app/utils/document-body.server";
import { answeredRequestId, finishHit, log, loggedPath, requestLineTail } from "./logging";
import { setRouteLabel } from "./metrics";

/**
 * The anonymous page cache (docs/decisions/0017-anonymous-page-cache.md).
 *
 * A GET without any cookie renders the same bytes for everyone, so the whole document is kept
 * in memory with its gzip and brotli forms (quickly for the visitor who asked, then once at the
 * best level in the background) and served with an ETag. What keeps it correct:
 * - A request with any cookie (session, toast, anything a later feature adds) or an
 *   Authorization header never reads nor fills the cache.
 * - A response with Set-Cookie, a status other than 200, `no-store`/`private`, or a type other
 *   than a page, the single-fetch data of a page, XML or text is sent but never stored.
 * - Every entry remembers the `content_version` it was rendered at; triggers bump that counter on
 *   every write to a table that feeds public pages (migration 0014), and a request compares it
 *   with the version kept in memory, read again after any write of this process and at most
 *   every VERSION_RECHECK_MS otherwise (decision 0041). `invalidatePublicPages()` is the hook
 *   for changes outside the database.
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
  /**
   * Requests the cache must leave alone whatever their path looks like: the staff pages by the
   * route that answers them (decision 0032), so `/Admin/configurar?token=…` is never kept.
   */
  neverStored?: (req: Request, res: Response) => boolean;
  /** The route that rendered a page, kept with it for the metrics of its hits (server/metrics.ts). */
  routeIdOf?: (res: Response) => string | null;
}

interface Entry {
  key: string;
  /** The key's parts (key = `${proto}://${host}${target}`): the fast path finds an entry by its target. */
  proto: string;
  host: string;
  target: string;
  version: number;
  expires: number;
  status: number;
  /** The route's own headers (Content-Type, its Cache-Control…). */
  headers: [string, string][];
  /**
   * Every header of the response but the per-request ones (X-Request-Id, Date) and the
   * per-encoding ones, fixed when the entry is first sent: the security headers with the CSP
   * carrying this document's script hashes, the route's headers, ETag, Cache-Control, Vary.
   */
  fullHeaders: [string, string][] | null;
  /** SHA-256 sources of the inline scripts, for the CSP; null when the body is not HTML. */
  scriptHashes: string[] | null;
  etag: string;
  /** The raw path's header blocks, made from fullHeaders on first use. */
  blocks: Partial<Record<"br" | "gzip" | "identity" | "304", HeaderBlock>>;
  /** The path as logged (loggedPath), for the raw path's log lines. */
  loggedPath?: string;
  plain: Buffer;
  gzip: Buffer | null;
  brotli: Buffer | null;
  bytes: number;
  /** The Remix route id that rendered it: the route label of its hits in /metrics. */
  routeId: string | null;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A page's first compression, sent to the visitor who asked for it (compressBest follows). */
const QUICK_GZIP_LEVEL = 6;
const QUICK_BROTLI_QUALITY = 4;

function brotliAt(quality: number, body: Buffer): zlib.BrotliOptions {
  return { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } };
}

const CACHEABLE_TYPES = /^(text\/html|text\/x-script|application\/xml|text\/plain)\b/;
const COMPRESSIBLE_MIN_BYTES = 1024;
const MAX_ENTRY_BYTES = 2 * 1024 * 1024;
const MAX_KEY_LENGTH = 1024;
/**
 * Never cached: tools for developers (the captured mail) change without a content write, and the
 * staff area (set-up links carry a one-time token and the TOTP secret; decision 0015) must never
 * be kept anywhere, even when a response forgot its own no-store.
 */
const BYPASS_PREFIXES = ["/dev/", "/healthz", "/metrics", "/admin/", "/admin."];
function bypassed(path: string): boolean {
  return path === "/admin" || BYPASS_PREFIXES.some((prefix) => path.startsWith(prefix));
}
/** Headers the cache sets itself, or that describe one transfer rather than the document. */
const DROPPED_HEADERS = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "date", "etag", "vary"]);

let localVersion = 0;

/** Drops every cached page: for changes that are not a database write (a new build, a file on disk). */
export function invalidatePublicPages() {
  localVersion += 1;
}

let versionStatement: Database.Statement | null | undefined;

/**
 * The content version: a prepared statement on a read-only connection of its own (a few µs,
 * synchronous; WAL lets it read the latest commit of the main connection). An in-memory
 * database has no second connection: Kysely then.
 */
function versionStatementOrNull(): Database.Statement | null {
  if (versionStatement === undefined) {
    const file = databasePath();
    versionStatement =
      file === ":memory:"
        ? null
        : new Database(file, { readonly: true, fileMustExist: true }).prepare("SELECT version FROM content_version WHERE id = 1").pluck();
  }
  return versionStatement;
}

/**
 * How long the content version read last is trusted when this process has written nothing since:
 * a write by another process (an `npm run` script, a restore) shows within this time.
 */
export const VERSION_RECHECK_MS = 100;

let knownVersion = 0;
let versionReadAt = -Infinity;
let writesAtRead = -1;

/**
 * The content version, kept in memory (decision 0041). It is read again from content_version,
 * which the triggers bump on every content write, when this process has run a writing statement
 * since the last read (`databaseWrites`, counted where every query of the app is prepared: a
 * write here shows at the very next request), or when VERSION_RECHECK_MS have passed (a write
 * by another process).
 */
function versionFrom(statement: Database.Statement, now: number): number {
  if (databaseWrites.count !== writesAtRead || now - versionReadAt >= VERSION_RECHECK_MS) {
    writesAtRead = databaseWrites.count;
    versionReadAt = now;
    knownVersion = (statement.get() as number | undefined) ?? 0;
  }
  // The local counter rides in the high bits, so either change gives a new number.
  return knownVersion + localVersion * 2 ** 32;
}

async function currentVersion(): Promise<number> {
  const statement = versionStatementOrNull();
  if (statement) return versionFrom(statement, Date.now());
  const version = (await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst())?.version ?? 0;
  return version + localVersion * 2 ** 32;
}

export function anonymousPageCache(options: PageCacheOptions) {
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least recent.
  const entries = new Map<string, Entry>();
  // The entry kept last for each path and query, whatever its host: the fast path looks there
  // first (the raw URL is hashed as it came, not a key put together for each request) and uses it
  // only when its protocol and host are the request's; else `entries` answers, as it always did.
  // Every entry here is one of `entries` (forget removes it from both).
  const byTarget = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | Rendered>>();
  let totalBytes = 0;

  // The entry last put at the end of `entries`: a run of hits on one page skips the re-insert.
  let mostRecent: Entry | undefined;

  function remember(entry: Entry) {
    forget(entry.key);
    if (entry.bytes > maxBytes / 8) return;
    entries.set(entry.key, entry);
    byTarget.set(entry.target, entry);
    mostRecent = entry;
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
    if (byTarget.get(old.target) === old) byTarget.delete(old.target);
    totalBytes -= old.bytes;
  }

  async function renderPage(req: Request, res: Response, found: Found): Promise<Entry | Rendered> {
    const { key, version } = found;
    const request = toWebRequest(req);
    const context = { ...options.getLoadContext(req, res), cspNonce: "" };
    const response = await options.handle(request, context);
    const body = documentBodyOf(response) ?? Buffer.from(await response.arrayBuffer());
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
    // The visitor who asked gets the page compressed quickly (~1 ms); the best forms follow in the
    // background (compressBest) for every later hit. Brotli's best level took ~50 ms of a 36 KB page,
    // which the first visitor after every change, every expiry and every start used to wait for.
    const compressible = body.length >= COMPRESSIBLE_MIN_BYTES;
    const [gz, br] = compressible
      ? await Promise.all([gzip(body, { level: QUICK_GZIP_LEVEL }), brotli(body, brotliAt(QUICK_BROTLI_QUALITY, body))])
      : [null, null];
    const entry: Entry = {
      key,
      proto: found.proto,
      host: found.host,
      target: found.target,
      version,
      expires: Date.now() + maxAgeMs,
      status: response.status,
      headers: rendered.headers.filter(([name]) => !DROPPED_HEADERS.has(name)),
      fullHeaders: null,
      blocks: {},
      scriptHashes: contentType.startsWith("text/html") ? inlineScriptHashes(body) : null,
      etag: `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`,
      plain: body,
      gzip: gz,
      brotli: br,
      routeId: options.routeIdOf?.(res) ?? null,
      bytes: body.length + (gz?.length ?? 0) + (br?.length ?? 0) + key.length,
    };
    remember(entry);
    if (compressible) void compressBest(entry);
    return entry;
  }

  /** The entry's gzip and brotli forms at the best levels, in place of the quick ones, while it is kept. */
  async function compressBest(entry: Entry) {
    try {
      const [gz, br] = await Promise.all([gzip(entry.plain, { level: 9 }), brotli(entry.plain, brotliAt(11, entry.plain))]);
      // Replaced (a newer version) or dropped meanwhile: nothing to improve.
      if (entries.get(entry.key) !== entry) return;
      const bytes = entry.plain.length + gz.length + br.length + entry.key.length;
      totalBytes += bytes - entry.bytes;
      entry.gzip = gz;
      entry.brotli = br;
      entry.bytes = bytes;
      // The fast path's header blocks carry the old Content-Length: made again on the next hit.
      entry.blocks = {};
    } catch (error) {
      log("warn", "page cache: the best compression failed, the quick one stays", { error: String(error) });
    }
  }

  /** The entry for this request when a valid one is kept; undefined when the cache does not apply. */
  async function lookup(req: Request): Promise<Found | undefined> {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.cookie || req.headers.authorization) return undefined;
    if (bypassed(req.path)) return undefined;
    const proto = req.protocol;
    const host = req.get("host") ?? "";
    const target = req.originalUrl;
    const key = `${proto}://${host}${target}`;
    if (key.length > MAX_KEY_LENGTH) return undefined;
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
      mostRecent = entry;
    }
    return { key, proto, host, target, version, entry };
  }

  return {
    /**
     * Before Express: a kept page for a request without cookies goes out straight from Node's
     * request handler (Express's own per-request work costs more than the rest of a hit). Returns
     * false, having written nothing, whenever the request is not such a hit.
     */
    serveHitRaw(req: IncomingMessage, res: ServerResponse, options: { trustProxy: boolean; logRequests: boolean }): boolean {
      const method = req.method;
      if (method !== "GET" && method !== "HEAD") return false;
      const statement = versionStatementOrNull();
      const url = req.url ?? "/";
      if (!statement || !url.startsWith("/") || bypassed(url)) return false;
      // The raw header list, read once (Node builds req.headers only when it is asked for).
      const headers = hitHeaders(req.rawHeaders, options.trustProxy);
      if (!headers) return false;
      const proto = options.trustProxy && headers.forwardedProto !== undefined ? firstOf(headers.forwardedProto) : socketProtocol(req);
      let entry = byTarget.get(url);
      if (entry === undefined || entry.host !== headers.host || entry.proto !== proto) entry = entries.get(`${proto}://${headers.host}${url}`);
      const now = Date.now();
      if (!entry?.fullHeaders || entry.expires <= now) return false;
      if (entry.version !== versionFrom(statement, now)) return false;
      if (mostRecent !== entry) {
        entries.delete(entry.key);
        entries.set(entry.key, entry);
        mostRecent = entry;
      }
      const started = performance.now();
      const requestId = answeredRequestId(headers.requestId, options.trustProxy);
      // The whole header block goes in one writeHead, fixed per entry and encoding (no setHeader).
      let block: HeaderBlock;
      let body: Buffer | null = null;
      if (etagMatches(headers.ifNoneMatch, entry.etag)) block = headerBlock(entry, "304");
      else {
        const encoding = entry.gzip ? preferredEncoding(headers.acceptEncoding) : "identity";
        block = headerBlock(entry, encoding);
        body = encoding === "br" ? entry.brotli! : encoding === "gzip" ? entry.gzip! : entry.plain;
      }
      block.headers[block.headers.length - 1] = requestId;
      res.writeHead(block.status, block.headers);
      if (body && method !== "HEAD") res.end(body);
      else res.end();
      // Logged like any other request (buffered, so a hit never waits for a write); the line's
      // method, path and status part is made once per kept page.
      let lineTail: string | null = null;
      if (options.logRequests) {
        const kept = method === "GET" ? block.getLineTail : block.headLineTail;
        lineTail = kept ?? requestLineTail(method, (entry.loggedPath ??= loggedPath(pathOf(url))), block.status);
        if (method === "GET") block.getLineTail = lineTail;
        else block.headLineTail = lineTail;
      }
      finishHit(block.status, entry.routeId, requestId, started, lineTail, now);
      return true;
    },

    /**
     * First in the chain, right after the request id: a kept page is written with its headers
     * fixed once, skipping the nonce, helmet, compression and static-file lookups it does not
     * need. Anything else goes on down the chain.
     */
    async serveHit(req: Request, res: Response, next: NextFunction) {
      try {
        const found = await lookup(req);
        if (!found?.entry?.fullHeaders) return next();
        res.setHeader("X-Page-Cache", "hit");
        return sendEntry(req, res, found.entry);
      } catch (error) {
        log("error", "page cache failed, rendering without it", { requestId: res.locals.requestId, error: String(error) });
        next();
      }
    },

    /** Where Remix would run: renders an anonymous page once and keeps it when it may be kept. */
    async render(req: Request, res: Response, next: NextFunction) {
      try {
        if (options.neverStored?.(req, res)) return next();
        const found = await lookup(req);
        if (!found) return next();
        const { key, version } = found;
        if (found.entry) {
          res.setHeader("X-Page-Cache", "hit");
          return sendEntry(req, res, found.entry);
        }
        // Requests for the same page while it renders wait for that one render.
        const flightKey = `${version}:${key}`;
        let flight = inFlight.get(flightKey);
        if (!flight) {
          flight = renderPage(req, res, found).finally(() => inFlight.delete(flightKey));
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
    },
  };
}

/** What `lookup` found for a request the cache applies to: its key (and the key's parts), the content version, the entry if kept. */
interface Found {
  key: string;
  proto: string;
  host: string;
  target: string;
  version: number;
  entry: Entry | undefined;
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
    hashes.add(
      `'sha256-${crypto
        .createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
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

/** Headers that belong to one request or one transfer, never to the kept page. */
const PER_RESPONSE_HEADERS = new Set([
  "x-request-id",
  "x-page-cache",
  "date",
  "content-length",
  "content-encoding",
  "set-cookie",
  "connection",
  "keep-alive",
  "transfer-encoding",
]);

function sendEntry(req: Request, res: Response, entry: Entry) {
  setRouteLabel(res, entry.routeId);
  if (!entry.fullHeaders) {
    // First time out (through the whole chain): fix the headers every later hit will send.
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (entry.scriptHashes) withScriptHashes(res, entry.scriptHashes);
    // HTML is revalidated on every visit (cheap with the ETag); routes that chose their own policy keep it.
    if (!entry.headers.some(([name]) => name === "cache-control")) res.setHeader("Cache-Control", "no-cache");
    res.setHeader("ETag", entry.etag);
    // The document differs for a visitor with a session: no shared cache may hand it to one.
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    entry.fullHeaders = Object.entries(res.getHeaders())
      .filter(([name, value]) => !PER_RESPONSE_HEADERS.has(name) && value !== undefined)
      .map(([name, value]) => [name, Array.isArray(value) ? value.join(", ") : String(value)]);
    writeEntry(req, res, entry, preferredEncoding(req.headers["accept-encoding"]), false);
    return;
  }
  writeEntry(req, res, entry, preferredEncoding(req.headers["accept-encoding"]));
}

/** A response's status and its headers as writeHead takes them: name, value, …, and a last slot for X-Request-Id's value. */
interface HeaderBlock {
  status: number;
  headers: string[];
  /** The log line's method, path and status part for a GET / a HEAD of this block (`requestLineTail`), made on first use. */
  getLineTail?: string;
  headLineTail?: string;
}

/** The header block of a kept page in one encoding (or its 304): what writeEntry would set, in one array. */
function headerBlock(entry: Entry, variant: "br" | "gzip" | "identity" | "304"): HeaderBlock {
  const kept = entry.blocks[variant];
  if (kept) return kept;
  const headers = entry.fullHeaders!.flat();
  headers.push("X-Page-Cache", "hit");
  if (variant !== "304") {
    const body = variant === "br" ? entry.brotli! : variant === "gzip" ? entry.gzip! : entry.plain;
    if (variant !== "identity") headers.push("Content-Encoding", variant);
    headers.push("Content-Length", String(body.length));
  }
  headers.push("X-Request-Id", "");
  const block: HeaderBlock = { status: variant === "304" ? 304 : entry.status, headers, getLineTail: undefined, headLineTail: undefined };
  entry.blocks[variant] = block;
  return block;
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query < 0 ? url : url.slice(0, query);
}

function writeEntry(req: IncomingMessage, res: ServerResponse, entry: Entry, accepted: "br" | "gzip" | "identity", setHeaders = true) {
  if (setHeaders) for (const [name, value] of entry.fullHeaders!) res.setHeader(name, value);
  if (etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const encoding = entry.gzip ? accepted : "identity";
  const body = encoding === "br" ? entry.brotli! : encoding === "gzip" ? entry.gzip! : entry.plain;
  if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = entry.status;
  if (req.method === "HEAD") res.end();
  else res.end(body);
}

type Encoding = "br" | "gzip" | "identity";
/** The answer for each Accept-Encoding seen lately: browsers send a handful of distinct values. */
const encodingByHeader = new Map<string, Encoding>();
// The last header answered and its answer: one comparison instead of hashing the header again
// (a visitor's browser sends the same value on every request).
let lastAcceptEncoding = "";
let lastEncoding: Encoding = "identity";

/** br, then gzip, when the client accepts them (q > 0); identity otherwise. */
export function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  if (header === lastAcceptEncoding) return lastEncoding;
  let encoding = encodingByHeader.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header);
    if (encodingByHeader.size >= 64) encodingByHeader.clear();
    encodingByHeader.set(header, encoding);
  }
  lastAcceptEncoding = header;
  lastEncoding = encoding;
  return encoding;
}

function negotiate(header: string): Encoding {
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(name!.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}

/** The connection's protocol: what Express's req.protocol says without a trusted proxy's word. */
function socketProtocol(req: IncomingMessage): string {
  return (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
}

/** The first of a comma-separated list (X-Forwarded-Proto through several proxies), as Express reads it. */
function firstOf(list: string): string {
  const comma = list.indexOf(",");
  return (comma < 0 ? list : list.slice(0, comma)).trim();
}

/** What the fast path reads of a request's headers, the values as req.headers would give them. */
interface HitHeaders {
  host: string;
  acceptEncoding: string | undefined;
  ifNoneMatch: string | undefined;
  forwardedProto: string | undefined;
  requestId: string | undefined;
}
const hit: HitHeaders = { host: "", acceptEncoding: undefined, ifNoneMatch: undefined, forwardedProto: undefined, requestId: undefined };

/**
 * One pass over the raw header list (name, value, name, value…; names as the client spelt them)
 * instead of Node's req.headers, which a hit never needs whole. Repeated headers are joined as
 * Node joins them (", "), a repeated Host keeps the first. Null when the request carries a cookie
 * or an Authorization header: the cache is not for it. The returned object is reused.
 */
function hitHeaders(raw: string[], trustProxy: boolean): HitHeaders | null {
  hit.host = "";
  hit.acceptEncoding = hit.ifNoneMatch = hit.forwardedProto = hit.requestId = undefined;
  let hostSeen = false;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    switch (name.length) {
      case 4:
        if (!hostSeen && name.toLowerCase() === "host") {
          hostSeen = true;
          hit.host = value;
        }
        break;
      case 6:
        if (name.toLowerCase() === "cookie") return null;
        break;
      case 12:
        if (trustProxy && name.toLowerCase() === "x-request-id") hit.requestId = joined(hit.requestId, value);
        break;
      case 13: {
        const lower = name.toLowerCase();
        if (lower === "authorization") return null;
        if (lower === "if-none-match") hit.ifNoneMatch = joined(hit.ifNoneMatch, value);
        break;
      }
      case 15:
        if (name.toLowerCase() === "accept-encoding") hit.acceptEncoding = joined(hit.acceptEncoding, value);
        break;
      case 17:
        if (trustProxy && name.toLowerCase() === "x-forwarded-proto") hit.forwardedProto = joined(hit.forwardedProto, value);
        break;
    }
  }
  return hit;
}

function joined(before: string | undefined, value: string): string {
  return before === undefined ? value : `${before}, ${value}`;
}

function etagMatches(header: string | undefined, etag: string) {
  if (!header) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || strip(tag) === strip(etag));
}
