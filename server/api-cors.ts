import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function refuse(res: Response, status: number, message: string) {
  res.status(status).type("application/json").set("Cache-Control", "no-store").send(JSON.stringify({ message }));
}

/**
 * The compatibility API's cross-origin rules, decided here once for /api/* (decision 0020):
 * - CORS is closed by default: only origins in API_CORS_ORIGINS get Access-Control-Allow-Origin
 *   (never with credentials: the API reads no cookies), and only they pass a preflight.
 * - A write (POST…) whose Origin is neither this site nor an allowed origin is refused with 403
 *   before any work, so another site cannot make its visitors' browsers post to us (a multipart
 *   upload needs no preflight). Clients that are not browsers send no Origin and are let through;
 *   per-client rate limits hold them.
 * The page forgery guard (rejectCrossSiteRequests) is then skipped for these paths: it knows
 * nothing about the allow-list and answers in HTML.
 */
export function apiCors(options: { allowedOrigins: string[]; publicUrl?: string }) {
  const allowed = new Set(options.allowedOrigins);
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : null;
  const sameOrigin = (origin: string, req: Request) => {
    if (publicOrigin) return origin === publicOrigin;
    try {
      return new URL(origin).host === req.get("host");
    } catch {
      return false;
    }
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== "/api" && !req.path.startsWith("/api/")) return next();
    res.locals.apiRequest = true;
    res.vary("Origin");
    const origin = req.get("origin");
    const listed = origin !== undefined && allowed.has(origin);
    if (listed) {
      res.set("Access-Control-Allow-Origin", origin);
      res.set("Access-Control-Expose-Headers", "ETag, Retry-After");
    }
    if (req.method === "OPTIONS") {
      if (!listed) return refuse(res, 403, "Este origen no tiene permiso para usar la API desde un navegador.");
      res.set("Access-Control-Allow-Methods", "GET, HEAD, POST, OPTIONS");
      res.set("Access-Control-Allow-Headers", "Content-Type, If-None-Match");
      res.set("Access-Control-Max-Age", "600");
      return res.status(204).end();
    }
    if (!SAFE_METHODS.has(req.method) && origin !== undefined && !listed && !sameOrigin(origin, req)) {
      return refuse(res, 403, "Este origen no tiene permiso para enviar datos a la API.");
    }
    // Decided here; Remix repeats a narrower Origin/Host check on actions and would answer 500.
    delete req.headers.origin;
    next();
  };
}

/** Runs a page-only middleware everywhere except the API (whose rules apiCors decided). */
export function exceptApi(middleware: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) => (res.locals.apiRequest ? next() : middleware(req, res, next));
}
