import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import { readConfig, resolvePaymentMode } from "../app/config.server";
import { simplePage } from "../app/utils/simple-page.server";

/** A fresh nonce per response; Remix's inline scripts carry it, nothing else inline may run. */
export function cspNonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
}

export function securityHeaders(options: { https: boolean; paymentScriptOrigins?: string[] }) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${(res as Response).locals.cspNonce}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        // Banorte's lightbox scripts load live from Banorte, only when the real provider is in use.
        "script-src": ["'self'", nonce, ...(options.paymentScriptOrigins ?? defaultPaymentScriptOrigins())],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "frame-src": ["'self'", "https://www.youtube-nocookie.com"],
        "frame-ancestors": ["'self'"],
        "form-action": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        "manifest-src": ["'self'"],
        ...(options.https ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: options.https ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "sameorigin" },
  });
}

function defaultPaymentScriptOrigins(): string[] {
  return resolvePaymentMode(readConfig()).provider === "banorte" ? ["https://multicobros.banorte.com"] : [];
}

export function permissionsPolicy(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cross-site request forgery guard for every mutating request: a browser always sends Origin
 * (or at least Sec-Fetch-Site) on a POST, so a request whose origin is not this site is refused.
 * Requests without either header do not come from a browser and carry no ambient cookies of a
 * victim. Session cookies are SameSite=Lax as a second line.
 */
export function rejectCrossSiteRequests(publicUrl?: string) {
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    let allowed: boolean;
    if (origin) {
      allowed = isSameOrigin(origin, req, publicOrigin);
    } else {
      allowed = !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
    }
    if (allowed) return next();
    res
      .status(403)
      .type("html")
      .send(
        simplePage(
          "Solicitud rechazada",
          "El formulario se envió desde otro sitio y por seguridad no se procesó. Vuelva a la página y envíelo de nuevo.",
          res.locals.requestId,
        ),
      );
  };
}

function isSameOrigin(origin: string, req: Request, publicOrigin: string | null): boolean {
  if (origin === "null") return false;
  if (publicOrigin && origin === publicOrigin) return true;
  try {
    return new URL(origin).host === req.get("host");
  } catch {
    return false;
  }
}
