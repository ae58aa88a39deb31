import type { NextFunction, Request, Response } from "express";
import { simplePage } from "../app/utils/simple-page.server";
import { log } from "./logging";
import { routePolicyOf } from "./route-policy";

/**
 * A form post's size, checked before anything parses it (docs/decisions/0032-hostile-input-limits.md).
 *
 * Without it an 8 MB url-encoded post was parsed whole (seconds of one core, every other request
 * waiting behind it) before the action could say it was too long. The limit is the route's:
 * `maxBodyBytes` exported by the route module (the upload forms, from their file rules), else
 * DEFAULT_MAX_BODY_BYTES, found by routePolicies (server/route-policy.ts). A declared
 * Content-Length over it is answered at once, unread; a chunked body is counted as it streams and
 * refused the moment it passes the limit: the action's read then fails, so nothing is stored.
 * The JSON endpoints (`exempt`: the bank's relay, /api/*) keep their own limits.
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export class RequestBodyTooLarge extends Error {
  constructor() {
    super("request body over the route's limit");
    // app/entry.server.tsx's handleError knows it by name: the 413 is already out, nothing to log.
    this.name = "RequestBodyTooLarge";
  }
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`;
}

function refuseTooLarge(req: Request, res: Response, limit: number) {
  const routeMessage = routePolicyOf(res)?.bodyTooLargeMessage;
  res.locals.bodyRefused = true;
  log("warn", "request body over the limit: refused unread", { requestId: res.locals.requestId, path: req.path, limit });
  res
    .status(413)
    // The rest of the body is never read: the connection closes once the answer is out.
    .set({ Connection: "close", "Cache-Control": "no-store" })
    .type("html")
    .send(
      simplePage(
        "El envío es demasiado grande",
        `${routeMessage ?? `Lo que envió pesa más de lo que acepta este formulario (${megabytes(limit)}).`} No lo procesamos ni guardamos nada. ` +
          "Si adjuntó archivos, reduzca su tamaño; si escribió un texto muy largo, acórtelo. Después vuelva a la página y envíelo de nuevo.",
        res.locals.requestId,
      ),
    );
}

export function limitRequestBodies(options: { exempt: (pathName: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || options.exempt(req.path)) return next();
    const limit = routePolicyOf(res)?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      // Node reads exactly Content-Length bytes, never more: the declared length is the body's.
      if (!/^\d+$/.test(declared) || Number(declared) > limit) return refuseTooLarge(req, res, limit);
      return next();
    }
    // No Content-Length (chunked): count the bytes as they arrive. Listening for "data" and
    // pausing at once leaves the body where it was: the reader downstream (Remix) resumes it and
    // gets every chunk; this listener sees the same chunks.
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.byteLength;
      if (received <= limit) return;
      req.off("data", count);
      // Nothing downstream gets another byte; its read of the body fails (below), so its action
      // never runs with a truncated form.
      req.removeAllListeners("data");
      req.pause();
      if (!res.headersSent) refuseTooLarge(req, res, limit);
      req.emit("error", new RequestBodyTooLarge());
    };
    // The downstream reader's own error listener gets the refusal; this one keeps an unhandled
    // "error" from ending the process when nothing reads the body yet.
    req.on("error", () => {});
    req.on("data", count);
    req.pause();
    next();
  };
}
