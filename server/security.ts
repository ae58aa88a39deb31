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

/** The one page that may use the camera: the attendance list at the door scans QR codes (decision 0050). */
const CAMERA_PAGE = /^\/admin\/cursos\/\d{1,12}\/asistencia\/?$/;

export function permissionsPolicy(req: Request, res: Response, next: NextFunction) {
  const camera = CAMERA_PAGE.test(req.path) ? "camera=(self)" : "camera=()";
  res.setHeader("Permissions-Policy", `${camera}, microphone=(), geolocation=(), interest-cohort=()`);
  next();
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function refuseForgery(res: Response) {
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
}

/**
 * Cross-site request forgery guard for every mutating request. A browser sends Origin (or at
 * least Sec-Fetch-Site) on a POST, so a request whose origin is not this site is refused. "This
 * site" is PUBLIC_URL when it is set — never the Host or X-Forwarded-Host of the request, which
 * its sender writes; only a demo without PUBLIC_URL compares with the Host it was reached at.
 * `Origin: null` (a page under a no-referrer policy, a privacy extension) is accepted when the
 * browser vouches with Sec-Fetch-Site: same-origin, so every same-origin form works without JS.
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
    if (origin === "null") allowed = fetchSite === "same-origin";
    else if (origin) allowed = isSameOrigin(origin, req, publicOrigin);
    else allowed = !fetchSite || fetchSite === "same-origin" || fetchSite === "none";
    // Remix aborts (500) an action whose X-Forwarded-Host differs from its Origin: refuse it here.
    const forwardedHost = req.get("x-forwarded-host");
    if (allowed && origin && origin !== "null" && forwardedHost && hostOf(origin) !== forwardedHost.split(",")[0]!.trim()) allowed = false;
    if (allowed) {
      // Decided here, once, against PUBLIC_URL. Remix repeats a narrower check (Origin against
      // Host or X-Forwarded-Host) and throws a 500 on a mismatch — "null", or a proxy that passes
      // Host: localhost — so what we accepted reaches it without the header.
      delete req.headers.origin;
      return next();
    }
    refuseForgery(res);
  };
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/**
 * X-Forwarded-Host is anyone's to write unless a proxy we trust (TRUST_PROXY) sets it: without
 * that trust it is dropped, so nothing downstream (Remix builds the request URL from it) sees it.
 */
export function dropUntrustedForwardedHost(trustProxy: boolean) {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!trustProxy) delete req.headers["x-forwarded-host"];
    next();
  };
}

function isSameOrigin(origin: string, req: Request, publicOrigin: string | null): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (publicOrigin) return parsed.origin === publicOrigin;
  return parsed.host === req.get("host");
}

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * Every page's form posts form data; anything else (JSON, text/plain, no type) is a 415 with a
 * Spanish page, before Remix would fail to read it. `exempt` are the endpoints that take another
 * body on purpose (the bank's JSON relay, the card simulator, a future /api/).
 */
export function requireFormBodies(options: { exempt: (path: string) => boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method) || options.exempt(req.path)) return next();
    const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (FORM_TYPES.includes(type)) return next();
    res
      .status(415)
      .type("html")
      .send(
        simplePage(
          "Formato de envío no admitido",
          "Este formulario solo acepta datos enviados desde la página del sitio. Vuelva a la página, llene el formulario y envíelo de nuevo.",
          res.locals.requestId,
        ),
      );
  };
}
