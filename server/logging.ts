import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";

const INCOMING_ID = /^[A-Za-z0-9-]{8,64}$/;

export function log(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}

/** Gives each request an id (kept from a trusted proxy's X-Request-Id) and logs it when done. */
export function requestLogger(options: { enabled: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.requestId = startRequestLog(req, res, options.enabled, () => req.path);
    next();
  };
}

/** The request id and the log line of one request; shared with the page cache's fast path. */
export function startRequestLog(req: IncomingMessage, res: ServerResponse, enabled: boolean, path: () => string): string {
  const incoming = req.headers["x-request-id"];
  const requestId = typeof incoming === "string" && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
  res.setHeader("X-Request-Id", requestId);
  if (enabled) {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      log(res.statusCode >= 500 ? "error" : "info", "request", {
        requestId,
        method: req.method,
        path: path(),
        status: res.statusCode,
        durationMs: Math.round(durationMs * 10) / 10,
      });
    });
  }
  return requestId;
}
