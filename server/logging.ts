import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { loggedPath, logKeptPageRequest, logRequest, type RequestId } from "../app/utils/logger.server";
import { observeHit, observeRequest } from "./metrics";

// One logger for the whole process (pino, asynchronous and buffered): app/utils/logger.server.ts.
export { flushLog, log, loggedPath, requestLineTail } from "../app/utils/logger.server";

const INCOMING_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Gives each request an id (kept from a trusted proxy's X-Request-Id) and logs it when done. */
export function requestLogger(options: { enabled: boolean; trustProxy: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.requestId = startRequestLog(req, res, options.enabled, () => req.path, options.trustProxy);
    next();
  };
}

/**
 * Request ids are UUIDs drawn once at start-up whose last 12 hex digits count this process's
 * requests: unique per process start (a restart draws another prefix), the same 36 characters
 * in the logs and X-Request-Id, without drawing random bytes for every request (decision 0041).
 */
const REQUEST_ID_PREFIX = crypto.randomUUID().slice(0, 24);
let requestCount = 0;

/**
 * The request's id: a trusted proxy's X-Request-Id when it is well formed (TRUST_PROXY), else the
 * next of this process. The id lands in audit rows, so a client's own header is never believed.
 */
export function requestIdOf(req: IncomingMessage, trustProxy: boolean): string {
  const incoming = req.headers["x-request-id"];
  if (trustProxy && typeof incoming === "string" && INCOMING_ID.test(incoming)) return incoming;
  const requestId = nextRequestId();
  // The request carries the id it was given, so code that sees only the Remix Request (the staff
  // guard, which binds it to the audit rows of the change) reads the same id.
  req.headers["x-request-id"] = requestId;
  return requestId;
}

/**
 * The id of a request answered without going further (the page cache's fast path, which reads
 * the raw headers and never builds `req.headers`): the trusted proxy's, or the next of this process.
 */
export function answeredRequestId(incoming: string | undefined, trustProxy: boolean): RequestId {
  if (trustProxy && incoming !== undefined && INCOMING_ID.test(incoming)) return incoming as RequestId;
  return nextRequestId();
}

function nextRequestId(): RequestId {
  requestCount = (requestCount + 1) % 0x1000000000000;
  return (REQUEST_ID_PREFIX + requestCount.toString(16).padStart(12, "0")) as RequestId;
}

/** The request id, the log line and the metrics of one request. */
export function startRequestLog(req: IncomingMessage, res: ServerResponse, enabled: boolean, path: () => string, trustProxy: boolean): string {
  const requestId = requestIdOf(req, trustProxy);
  res.setHeader("X-Request-Id", requestId);
  const started = performance.now();
  res.once("finish", () => finishRequest(req, res, requestId, started, enabled ? loggedPath(path()) : null));
  return requestId;
}

/**
 * The metrics and the log line (when `path`, already through loggedPath, is given) of a request
 * whose response is written. The page cache's fast path calls it right after writing a kept page,
 * instead of waiting for `finish`: the whole response was handed to the socket in that call.
 */
export function finishRequest(req: IncomingMessage, res: ServerResponse, requestId: string, started: number, path: string | null) {
  const durationMs = performance.now() - started;
  observeRequest(res, durationMs);
  if (path !== null) logRequest({ requestId, method: req.method, path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 });
}

/**
 * finishRequest for a kept page sent by the page cache's fast path: its route is known, its status
 * given, and its log line's fixed part (`requestLineTail`, kept with the page) made once; null when
 * request logging is off. `atMs`: the hit's Date.now(), the line's time.
 */
export function finishHit(status: number, route: string | null, requestId: RequestId, started: number, lineTail: string | null, atMs: number) {
  const durationMs = performance.now() - started;
  observeHit(route, status, durationMs);
  if (lineTail !== null) logKeptPageRequest(requestId, lineTail, Math.round(durationMs * 10) / 10, atMs);
}
