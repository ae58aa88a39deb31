import type { NextFunction, Request, Response } from "express";

/** /archivos/:id and /archivos/:id/:name: the one route that serves stored public files (never a private one). */
export function isPublicFilePath(pathName: string): boolean {
  return /^\/archivos\/[^/]+(?:\/[^/]+)?$/i.test(pathName);
}

/** The CSP with its frame-ancestors directive replaced (or added) by `ancestors`. */
export function withFrameAncestors(csp: string, ancestors: string): string {
  const directives = csp
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "" && !/^frame-ancestors(\s|$)/i.test(directive));
  return [...directives, `frame-ancestors ${ancestors}`].join("; ");
}

/**
 * The sites in API_CORS_ORIGINS (the old site's client) show our public files — course images,
 * programmes, gallery images, transparency documents — in <img> and <iframe>/<embed>. The site's
 * defaults forbid both (helmet's Cross-Origin-Resource-Policy: same-origin, frame-ancestors 'self'
 * and X-Frame-Options: SAMEORIGIN), so a public file's answer gets, only while origins are listed:
 * Cross-Origin-Resource-Policy: cross-origin, frame-ancestors 'self' plus those origins, and no
 * X-Frame-Options (it cannot name other sites; browsers obey frame-ancestors instead). Private
 * files have their own guarded routes and keep the defaults. Set just before the head is written,
 * so the route's own CSP (a stored file's sandbox) is the one extended.
 */
export function publicFilesForAllowedOrigins(origins: readonly string[]) {
  const ancestors = ["'self'", ...origins].join(" ");
  return (req: Request, res: Response, next: NextFunction) => {
    if (origins.length === 0 || (req.method !== "GET" && req.method !== "HEAD") || !isPublicFilePath(req.path)) return next();
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      const status = typeof args[0] === "number" ? args[0] : res.statusCode;
      if ((status >= 200 && status < 300) || status === 304) {
        res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
        const csp = res.getHeader("Content-Security-Policy");
        res.setHeader("Content-Security-Policy", withFrameAncestors(typeof csp === "string" ? csp : "", ancestors));
        res.removeHeader("X-Frame-Options");
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}
