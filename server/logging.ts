import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { logRequest } from "../app/utils/logger.server";

// One logger for the whole process (pino, asynchronous and buffered): app/utils/logger.server.ts.
export { flushLog, log } from "../app/utils/logger.server";

const INCOMING_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Gives each request an id (kept from a trusted proxy's X-Request-Id) and logs it when done. */
export function requestLogger(options: { enabled: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.requestId = startRequestLog(req, res, options.enabled, () => req.path);
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

/** The request's id: a trusted proxy's X-Request-Id when it is well formed, else the next of this process. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && INCOMING_ID.test(incoming)) return incoming;
  requestCount = (requestCount + 1) % 0x1000000000000;
  return REQUEST_ID_PREFIX + requestCount.toString(16).padStart(12, "0");
}

/** The request id and the log line of one request. */
export function startRequestLog(req: IncomingMessage, res: ServerResponse, enabled: boolean, path: () => string): string {
  const requestId = requestIdOf(req);
  res.setHeader("X-Request-Id", requestId);
  if (enabled) {
    const started = process.hrtime.bigint();
    res.once("finish", () => logFinishedRequest(req, res, requestId, started, loggedPath(path())));
  }
  return requestId;
}

/**
 * The log line of a request whose response is written (`path` already through loggedPath). The
 * page cache's fast path calls it right after writing a kept page, instead of waiting for
 * `finish`: the whole response was handed to the socket in that call.
 */
export function logFinishedRequest(req: IncomingMessage, res: ServerResponse, requestId: string, started: bigint, path: string) {
  const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
  logRequest({ requestId, method: req.method, path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 });
}

/**
 * Addresses whose segment after the prefix is a credential: the enrolment verification link
 * (/verificar/<token>), a participant's private calendar (/calendario/<token>/mis-cursos.ics) and
 * a staged upload (/api/files/staged/<token>). Matched case-insensitively and with repeated
 * slashes, as the router matches them. The set-up and password-reset links carry their token in
 * the query, which is never logged.
 */
const SECRET_AFTER_PREFIX = /^(\/+(?:verificar|calendario|api\/+files\/+staged)\/+)[^/]+/i;
/**
 * Any other segment that looks like a random token (22+ base64url characters with both upper and
 * lower case letters: 128 random bits and more), wherever a future route puts one. Slugs, ids and
 * file names are lower case, digits or carry a dot.
 */
const TOKEN_LIKE_SEGMENT = /(?<=\/)(?=[A-Za-z0-9_-]{22,}(?:\/|$))(?=[^/]*[A-Z])(?=[^/]*[a-z])[A-Za-z0-9_-]+/g;

/**
 * The path as it goes into the log: no query (the caller passes none), percent-decoded when it can
 * be, and every secret segment replaced by `:token`, so no log line carries a credential.
 */
export function loggedPath(path: string): string {
  let decoded = path;
  if (path.includes("%")) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      // Broken percent-encoding (answered 400): logged as it came, still redacted below.
    }
  }
  return decoded.replace(SECRET_AFTER_PREFIX, "$1:token").replace(TOKEN_LIKE_SEGMENT, ":token");
}
