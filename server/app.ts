import http from "node:http";
import type { Socket } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
// createRemixRequest and sendRemixResponse are what @remix-run/express's own handler uses (exported
// from its server module, not from its entry): remixRequestHandler below is that handler plus one case.
import { createRemixRequest, sendRemixResponse } from "@remix-run/express/dist/server.js";
import {
  createRequestHandler as createWebRequestHandler,
  type AppLoadContext as RemixLoadContext,
  type RequestHandler as RemixRequestHandler,
  type ServerBuild,
} from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { AppConfig } from "../app/config.server";
import { db } from "../app/db.server";
import { apiCors, exceptApi } from "./api-cors";
import { responseRoom } from "./response-room";
import { log, requestLogger } from "./logging";
import { checkHealth } from "./health";
import { metricsEndpoint, presetRouteLabel, setRouteLabel } from "./metrics";
import { shedFormPostsWhenOverloaded } from "./overload";
import { limitRequestBodies } from "./body-limits";
import { anonymousPageCache } from "./page-cache";
import { routePolicies, routePolicyOf } from "./route-policy";
import { publicFilesForAllowedOrigins } from "./public-file-headers";
import { simplePage } from "../app/utils/simple-page.server";
import { documentBodyOf } from "../app/utils/document-body.server";
import { cspNonce, dropUntrustedForwardedHost, permissionsPolicy, rejectCrossSiteRequests, requireFormBodies, securityHeaders } from "./security";

export interface AppLoadContext {
  cspNonce: string;
  requestId: string;
  /** The client's address (req.ip: the proxy's X-Forwarded-For only when TRUST_PROXY is on). */
  clientAddress: string;
  /** The matched route is a staff page (its module exports `staffAccess`): root.tsx draws the staff frame. */
  staffPage: boolean;
  /** Resolves when the response has room for more (server/response-room.ts): a streamed export waits on it. */
  responseDrained: () => Promise<void>;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
    requestId: string;
    /** Optional so code that builds a context by hand (tests) need not invent one. */
    clientAddress?: string;
    /** From server/route-policy.ts: the matched route module (or a parent) exports `staffAccess`. */
    staffPage?: boolean;
    /** Backpressure for a streamed body (server/response-room.ts); absent in a hand-built context. */
    responseDrained?: () => Promise<void>;
  }
}

/** The Express application: static files, headers, logging, then Remix for everything else. */
export function createApp(build: ServerBuild, config: AppConfig) {
  const app = express();
  const publicDir = path.resolve("public");
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);

  const getLoadContext = (req: Request, res: Response) => ({
    cspNonce: res.locals.cspNonce as string,
    requestId: res.locals.requestId as string,
    clientAddress: req.ip ?? req.socket.remoteAddress ?? "unknown",
    // Decided by the route Remix will answer with (set by routes.middleware below): the root
    // loader gives staff pages the staff frame and never reads the public one for them.
    staffPage: routePolicyOf(res)?.staff === true,
    responseDrained: responseRoom(res),
  });
  // Which route Remix will answer with, asked of Remix's own matcher (case-insensitive, decoded):
  // staff pages and body limits are decided from it, not from the raw path (decision 0032).
  const routes = routePolicies(build);
  // One Remix handler for the page cache's misses and for everything else: Remix builds its route
  // tree and static handler at each handler's first request (1–4 ms here), so a second handler did
  // it again in the turn of the first request the cache does not take (a staff page, an export).
  const remix = createWebRequestHandler(build, config.NODE_ENV);
  // Anonymous GETs: whole documents from memory, precompressed, with ETags (decision 0017).
  const pageCache = anonymousPageCache({
    handle: remix,
    getLoadContext,
    routeIdOf: (res) => routePolicyOf(res)?.routeId ?? null,
    neverStored: (_req, res) => routePolicyOf(res)?.staff === true,
  });

  app.use(requestLogger({ enabled: config.LOG_REQUESTS, trustProxy: Boolean(config.TRUST_PROXY) }));
  app.use(rejectMalformedPaths);
  // A kept page goes out here, with the headers it got the first time through the whole chain.
  app.use(pageCache.serveHit);
  app.use(cspNonce);
  app.use(securityHeaders({ https: config.PUBLIC_URL?.startsWith("https://") ?? false }));
  app.use(permissionsPolicy);
  // Brotli at quality 1 for responses compressed as they are sent (signed-in pages, data, exports):
  // level 4 was ~0.5 ms of a ~4.5 ms signed-in page for 0.9 KB fewer bytes; quality 2 and 3 fault
  // in a larger hash table on every response (decision 0069). Kept pages get the best level.
  app.use(compression({ threshold: 1024, brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } } }));
  app.use(flushAtTheEndOfTheTurn);

  // Prometheus (server/metrics.ts): closed (404) unless METRICS_TOKEN or METRICS_ALLOW opens it.
  app.get("/metrics", metricsEndpoint(config));
  // Ready only when the database answers and every migration is applied (server/health.ts).
  app.get("/healthz", async (_req, res) => {
    setRouteLabel(res, "/healthz");
    const health = await checkHealth(db);
    res.set("Cache-Control", "no-store").type("text");
    if (health.ready) {
      res.send("ok");
      return;
    }
    log("error", "health check failed", { reason: health.reason });
    res.status(503).send(`no disponible: ${health.reason}`);
  });

  // Remix's assets carry a content hash in their names, so they never change: cache for a year.
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false }));
  app.use("/fonts", express.static(path.join(publicDir, "fonts"), { immutable: true, maxAge: "1y", index: false }));
  // Only the folders and files public/ has: a page request never pays for a file-system lookup.
  app.use("/images", express.static(path.join(publicDir, "images"), { maxAge: "1h", index: false }));
  app.get(["/favicon.ico", "/favicon.svg"], express.static(publicDir, { maxAge: "1h", index: false }));

  app.use(routes.middleware);
  app.use(dropUntrustedForwardedHost(config.TRUST_PROXY));
  app.use(apiCors({ allowedOrigins: config.API_CORS_ORIGINS, publicUrl: config.PUBLIC_URL }));
  app.use(exceptApi(rejectCrossSiteRequests(config.PUBLIC_URL)));
  app.use(requireFormBodies({ exempt: takesOtherBodies }));
  // Form bodies over the route's limit: 413 before anything parses them (decision 0032).
  app.use(limitRequestBodies({ exempt: takesOtherBodies }));
  app.use(routeHeadersReplaceDefaults);
  app.use(staffPagesAreNeverStored);
  app.use(publicFilesForAllowedOrigins(config.API_CORS_ORIGINS));
  app.use(courseCalendarAddress);

  // Anonymous GETs not kept yet: rendered once and kept when they may be (decision 0017).
  // Everything else (a session, a toast, a form post) goes to Remix through the Express adapter.
  app.use(pageCache.render);
  // A saturated process refuses new form posts with 503 + Retry-After before their action runs
  // (never after a write); the bank's relay and the API are not shed (decision 0031).
  app.use(shedFormPostsWhenOverloaded({ exempt: takesOtherBodies }));
  app.all("*", remixRequestHandler(remix, getLoadContext));

  // Last resort: an error outside Remix. Remix's own errors render its Spanish error page.
  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    // A refused body's 413 is out; what failed after it was only the read of that body.
    if (res.locals.bodyRefused) return;
    log("error", "unhandled server error", { requestId: res.locals.requestId, error: String(error) });
    if (res.headersSent) return;
    res
      .status(500)
      .type("html")
      .send(
        simplePage(
          "Ocurrió un error en el servidor",
          "Lo sentimos, no pudimos completar su solicitud. Intente de nuevo en unos minutos.",
          res.locals.requestId,
        ),
      );
  });

  // Kept pages go out before Express (see serveHitRaw); everything else is the app above.
  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!pageCache.serveHitRaw(req, res, { trustProxy: Boolean(config.TRUST_PROXY), logRequests: config.LOG_REQUESTS })) app(req, res);
  };
  const shapes = expressShapes(app);
  app.listen = ((...args: Parameters<http.Server["listen"]>) => http.createServer(shapes, handler).listen(...args)) as typeof app.listen;
  return app;
}

/**
 * Remix for Express, as @remix-run/express's createRequestHandler, except that a document rendered
 * by app/entry.server.tsx goes out as the one Buffer it already is (app/utils/document-body.server.ts),
 * in one `end`, rather than read back from its Response's stream chunk by chunk (issue 22). Every
 * other response (data, resources, redirects, HEAD) is sent by Remix's own sendRemixResponse.
 */
export function remixRequestHandler(handle: RemixRequestHandler, getLoadContext: (req: Request, res: Response) => RemixLoadContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(createRemixRequest(req, res), getLoadContext(req, res));
      const body = documentBodyOf(response);
      if (body === undefined) return await sendRemixResponse(res, response);
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [name, value] of response.headers.entries()) res.append(name, value);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The classes the HTTP server builds its requests and responses with (Node's `IncomingMessage` and
 * `ServerResponse` options): Node's own, under Express's prototypes, made once per app. Express
 * otherwise swaps the prototype of each request and response it receives, which gives them other
 * hidden classes than the ones the kept pages' fast path sees: once the process has served pages
 * through Express, Node's own HTTP code (shared by both paths) meets several shapes where it met
 * one and runs slower for every request, kept pages included (issue 22). Here Express's swap sets the prototype they already
 * have, which changes nothing.
 *
 * For the same reason each is born with the fields Express, its middleware and ours add to it
 * later (`EXPRESS_REQUEST_FIELDS`, `EXPRESS_RESPONSE_FIELDS`): added on the way, they gave a request
 * that went through Express other hidden classes than a kept page's at every step (five and more
 * per object, the point where V8 gives up on a shape-specific access in the code that meets them
 * all); present from the start, a later assignment only changes a value. Methods a middleware
 * wraps start as the prototype's own, so nothing behaves differently.
 */
export function expressShapes(app: express.Express): Pick<http.ServerOptions, "IncomingMessage" | "ServerResponse"> {
  // Each constructor passes on every argument Node gives it (ServerResponse also gets the server's
  // options: highWaterMark, rejectNonStandardBodyWrites), whatever Node's types declare.
  class ExpressRequest extends http.IncomingMessage {
    constructor(...args: [Socket, ...unknown[]]) {
      super(...(args as [Socket]));
      const fields = this as unknown as ExpressRequestFields;
      // One named assignment each, in the order Express adds them (a loop of keyed ones could turn
      // the object into a slow dictionary).
      fields.next = undefined;
      fields.baseUrl = undefined;
      fields.originalUrl = undefined;
      fields._parsedUrl = undefined;
      fields.params = undefined;
      fields.query = undefined;
      fields.res = undefined;
      fields.route = undefined;
      fields._parsedOriginalUrl = undefined;
      // on-finished's listener (Express's final handler waits on the request too).
      fields.__onFinished = undefined;
    }
  }
  Object.setPrototypeOf(ExpressRequest.prototype, app.request);
  app.request = ExpressRequest.prototype as typeof app.request;
  class ExpressResponse extends http.ServerResponse {
    constructor(...args: [http.IncomingMessage, ...unknown[]]) {
      super(...(args as [http.IncomingMessage]));
      // Node keeps these two on its prototype until writeHead sets them (message, then code) or
      // Express's status() does (code first): own from the start, with the prototype's values.
      this.statusMessage = undefined as unknown as string;
      this.statusCode = 200;
      const fields = this as unknown as ExpressResponseFields;
      fields.locals = undefined;
      // compression wraps these four, on-headers writeHead, routeHeadersReplaceDefaults append:
      // each starts as the very method the response would find on its prototypes.
      const inherited = ExpressResponse.prototype as unknown as ExpressResponseFields;
      fields.flush = undefined;
      fields.write = inherited.write;
      fields.end = inherited.end;
      fields.on = inherited.on;
      fields.writeHead = inherited.writeHead;
      fields.append = inherited.append;
      // on-finished's listener, the metrics' route label (server/metrics.ts).
      fields.__onFinished = undefined;
      presetRouteLabel(this);
    }
  }
  Object.setPrototypeOf(ExpressResponse.prototype, app.response);
  app.response = ExpressResponse.prototype as typeof app.response;
  return { IncomingMessage: ExpressRequest, ServerResponse: ExpressResponse as typeof http.ServerResponse };
}

/** What Express, its middleware and ours add to a request (see expressShapes). */
export const EXPRESS_REQUEST_FIELDS = [
  "next",
  "baseUrl",
  "originalUrl",
  "_parsedUrl",
  "params",
  "query",
  "res",
  "route",
  "_parsedOriginalUrl",
  "__onFinished",
] as const;
type ExpressRequestFields = Record<(typeof EXPRESS_REQUEST_FIELDS)[number], unknown>;
/** What Express, its middleware and ours add to a response, besides the metrics' route label (see expressShapes). */
export const EXPRESS_RESPONSE_FIELDS = ["locals", "flush", "write", "end", "on", "writeHead", "append", "__onFinished"] as const;
type ExpressResponseFields = Record<(typeof EXPRESS_RESPONSE_FIELDS)[number], unknown>;

/**
 * Remix's adapter flushes the compressor after every chunk it writes. A page is one chunk followed
 * at once by the end, where that flush only cost a second compression pass (a third of the
 * compression of a signed-in page). The flush now waits for the end of the event loop's turn and
 * is dropped when the response ended meanwhile; a streamed body (an export) is still flushed chunk
 * by chunk, one turn later.
 */
function flushAtTheEndOfTheTurn(_req: Request, res: Response, next: NextFunction) {
  const flushable = res as Response & { flush?: () => void };
  const flush = flushable.flush;
  if (typeof flush === "function") {
    let scheduled = false;
    flushable.flush = () => {
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
}

/** True for the staff area: /admin, /admin/… and its single-fetch data URL /admin.data. */
export function isStaffPath(pathName: string): boolean {
  return pathName === "/admin" || pathName.startsWith("/admin/") || pathName.startsWith("/admin.");
}

/**
 * Staff pages show personal data and identity documents: no browser or shared cache may keep any
 * response under /admin (decision 0015). Set just before the head is written, so it wins over
 * anything a route, a redirect or an error page set. A staff page is what the route says it is
 * (`/Admin/Bitacora` is /admin/bitacora to Remix); the path check also covers /admin 404s.
 */
function staffPagesAreNeverStored(req: Request, res: Response, next: NextFunction) {
  if (routePolicyOf(res)?.staff || isStaffPath(req.path)) {
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      res.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
  }
  next();
}

/** Endpoints whose POST body is not a form on purpose: the bank's JSON relay, the card simulator, a JSON API. */
function takesOtherBodies(pathName: string): boolean {
  return pathName === "/payment/relay" || pathName === "/simulador-banorte/pago" || pathName.startsWith("/api/");
}

/**
 * /cursos2025/{course_url}.ics is the published address of a course's calendar. Remix cannot
 * match a parameter followed by ".ics", so the address is handed to the route that answers it.
 */
function courseCalendarAddress(req: Request, _res: Response, next: NextFunction) {
  const match = /^\/cursos2025\/([a-z0-9][a-z0-9-]{0,119})\.ics$/.exec(req.path);
  if (match && (req.method === "GET" || req.method === "HEAD")) {
    const query = req.url.indexOf("?");
    req.url = `/cursos2025/${match[1]}/calendario.ics${query >= 0 ? req.url.slice(query) : ""}`;
    // The Remix adapter builds the request from originalUrl.
    req.originalUrl = req.url;
  }
  next();
}

/** A path with broken percent-encoding is a bad request (400), not a server error. */
function rejectMalformedPaths(req: Request, res: Response, next: NextFunction) {
  try {
    decodeURIComponent(req.path);
    next();
  } catch {
    res
      .status(400)
      .type("html")
      .send(simplePage("Dirección no válida", "La dirección que escribió no es válida. Revísela o vuelva al inicio.", res.locals.requestId));
  }
}

// Headers set by the global defaults (helmet) that a route may set for itself, e.g. a stricter
// CSP on stored files. The Remix adapter appends headers; for these the route's value replaces
// the default instead of producing a duplicate.
const ROUTE_OVERRIDABLE_HEADERS = new Set(["content-security-policy", "x-content-type-options", "cache-control"]);

function routeHeadersReplaceDefaults(_req: Request, res: Response, next: NextFunction) {
  const append = res.append.bind(res);
  res.append = (field: string, value?: string | string[]) => {
    // One Referrer-Policy for the whole site, which a route may only tighten to no-referrer: the
    // pages with a token in their address (password reset, staff set-up) must not hand it to
    // anything they load or link to. Their forms then post with Origin: null, which the forgery
    // guard accepts with Sec-Fetch-Site: same-origin (server/security.ts). Decision 0032.
    if (field.toLowerCase() === "referrer-policy") {
      if (value === "no-referrer") res.setHeader(field, value);
      return res;
    }
    if (ROUTE_OVERRIDABLE_HEADERS.has(field.toLowerCase()) && value !== undefined) {
      res.setHeader(field, value);
      return res;
    }
    return append(field, value);
  };
  next();
}
