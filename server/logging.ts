import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { loggedPath, logRequest } from "../app/utils/logger.server";
import { observeRequest } from "./metrics";

// One logger for the whole process (pino, asynchronous and buffered): app/utils/logger.server.ts.
export { flushLog, log, loggedPath } from "../app/utils/logger.server";

const INCOMING_ID = /^[A-Za-z0-9-]{8,64}$/;

/** Gives each request an id (kept from a trusted proxy's X-Request-Id) and logs it when done. */
export function requestLogger(options: { enabled: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.requestId = startRequestLog(req, res, options.enabled, () => req.path);
    next();
  };
}

/** The request id, the log line and the metrics of one request; shared with the page cache's fast path. */
export function startRequestLog(req: IncomingMessage, res: ServerResponse, enabled: boolean, path: () => string): string {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
  res.setHeader("X-Request-Id", requestId);
  // The request carries the id it was given, so code that sees only the Remix Request (the staff
  // guard, which binds it to the audit rows of the change) reads the same id.
  req.headers["x-request-id"] = requestId;
  const started = process.hrtime.bigint();
  res.once("finish", () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    observeRequest(res, durationMs);
    if (enabled)
      logRequest({ requestId, method: req.method, path: loggedPath(path()), status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10 });
  });
  return requestId;
}
