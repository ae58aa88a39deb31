import crypto from "node:crypto";
import { BlockList } from "node:net";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import client from "prom-client";
import { parseAddressRule, type AppConfig } from "../app/config.server";
import { db } from "../app/db.server";
import { log } from "../app/utils/logger.server";
import { simplePage } from "../app/utils/simple-page.server";
import { mailOutboxDepth, newestBackupTime, paymentsByState } from "./metrics-sources";
import { routePolicyOf } from "./route-policy";

/**
 * The Prometheus endpoint (issue 24, prom-client). One registry for the process, its own (not
 * prom-client's global one), so a test that builds the app twice does not register twice.
 *
 * Per request the cost is one Map lookup, a counter increment and a histogram observation on
 * children made once per (route, status class): about a microsecond. The label is the route
 * id Remix answers with (`routes/cursos2025.$courseUrl`, from server/route-policy.ts, or the one
 * the page cache kept with the page), never the address: the number of series is bounded by the
 * route table. Everything read from the database (payments, mail) is read when Prometheus asks,
 * never on a request.
 */
const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const requests = new client.Counter({
  name: "himfg_http_requests_total",
  help: "Solicitudes atendidas, por ruta de Remix (o handler de Express) y clase de estado.",
  labelNames: ["route", "status"] as const,
  registers: [registry],
});
const durations = new client.Histogram({
  name: "himfg_http_request_duration_seconds",
  help: "Tiempo hasta el final de la respuesta, por ruta.",
  labelNames: ["route"] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const pageCache = new client.Counter({
  name: "himfg_page_cache_requests_total",
  help: "Páginas anónimas servidas de la caché (hit) o generadas (miss).",
  labelNames: ["result"] as const,
  registers: [registry],
});
const pageCacheHit = pageCache.labels("hit");
const pageCacheMiss = pageCache.labels("miss");

new client.Gauge({
  name: "himfg_payments",
  help: "Intentos de pago con tarjeta por estado.",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const { state, count } of await paymentsByState(db)) this.labels(state).set(count);
  },
});
new client.Gauge({
  name: "himfg_mail_outbox",
  help: "Correos en la bandeja de salida: en espera o fallidos.",
  labelNames: ["state"] as const,
  registers: [registry],
  async collect() {
    this.reset();
    const depth = await mailOutboxDepth(db);
    if (!depth) return;
    this.labels("waiting").set(depth.waiting);
    this.labels("failed").set(depth.failed);
  },
});
new client.Gauge({
  name: "himfg_backup_age_seconds",
  help: "Segundos desde el respaldo más reciente (sin muestra si no hay ninguno).",
  registers: [registry],
  async collect() {
    this.reset();
    const newest = await newestBackupTime(db);
    if (newest) this.set(Math.max(0, (Date.now() - newest.getTime()) / 1000));
  },
});

const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];
type Children = { duration: client.Histogram.Internal<"route">; count: (client.Counter.Internal | undefined)[] };
const children = new Map<string, Children>();
/** Label of the responses no Remix route answers (static files, the Express layer's own answers). */
const NO_ROUTE = "express";
const ROUTE = Symbol("metrics route");

type Labelled = ServerResponse & { [ROUTE]?: string; locals?: Record<string, unknown> };

/** Names the route of a response answered outside Remix's matcher (the page cache, /healthz). */
export function setRouteLabel(res: ServerResponse, route: string | null): void {
  if (route) (res as Labelled)[ROUTE] = route;
}

/** Called once per finished response (server/logging.ts `startRequestLog`). */
export function observeRequest(res: ServerResponse, durationMs: number, pageCache?: "hit"): void {
  const labelled = res as Labelled;
  const route = labelled[ROUTE] ?? (labelled.locals ? routePolicyOf(labelled as unknown as Response)?.routeId : undefined) ?? NO_ROUTE;
  let child = children.get(route);
  if (!child) {
    child = { duration: durations.labels(route), count: [] };
    children.set(route, child);
  }
  const index = Math.min(4, Math.max(0, Math.floor(res.statusCode / 100) - 1));
  (child.count[index] ??= requests.labels(route, STATUS_CLASSES[index]!)).inc();
  child.duration.observe(durationMs / 1000);
  const cached = pageCache ?? res.getHeader("x-page-cache");
  if (cached === "hit") pageCacheHit.inc();
  else if (cached === "miss") pageCacheMiss.inc();
}

/**
 * GET /metrics: the text format, when the request brings the bearer token (compared in constant
 * time) or comes from an allowed address; otherwise the site's Spanish 404, as if nothing were
 * there. The address is `req.ip`: the connection's, or the proxy's X-Forwarded-For only when
 * TRUST_PROXY says a proxy we trust sets it (Express's "trust proxy", server/app.ts).
 */
export function metricsEndpoint(config: Pick<AppConfig, "METRICS_TOKEN" | "METRICS_ALLOW">) {
  const token = config.METRICS_TOKEN ? crypto.createHash("sha256").update(config.METRICS_TOKEN).digest() : null;
  const allowed = new BlockList();
  for (const entry of config.METRICS_ALLOW) {
    const rule = parseAddressRule(entry)!;
    allowed.addSubnet(rule.address, rule.prefix, rule.family);
  }
  const anyAllowed = config.METRICS_ALLOW.length > 0;

  function opens(req: Request): boolean {
    if (token) {
      const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
      if (given && crypto.timingSafeEqual(crypto.createHash("sha256").update(given).digest(), token)) return true;
    }
    if (!anyAllowed) return false;
    const address = clientAddress(req.ip ?? req.socket.remoteAddress ?? "");
    if (!address) return false;
    return allowed.check(address.address, address.family);
  }

  return async (req: Request, res: Response, _next: NextFunction) => {
    setRouteLabel(res, "/metrics");
    res.set("Cache-Control", "no-store");
    if (!opens(req)) {
      res
        .status(404)
        .type("html")
        .send(simplePage("No encontramos esta página", "Es posible que la dirección esté mal escrita o que la página se haya movido."));
      return;
    }
    try {
      const text = await registry.metrics();
      res.type(registry.contentType).send(text);
    } catch (error) {
      log("error", "metrics failed", { requestId: res.locals.requestId, error: String(error) });
      res.status(503).type("text").send("métricas no disponibles");
    }
  };
}

/** An address as BlockList wants it: IPv4-mapped IPv6 (::ffff:10.0.0.1) is IPv4. */
function clientAddress(raw: string): { address: string; family: "ipv4" | "ipv6" } | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(raw);
  if (mapped) return { address: mapped[1]!, family: "ipv4" };
  if (/^\d+\.\d+\.\d+\.\d+$/.test(raw)) return { address: raw, family: "ipv4" };
  if (raw.includes(":")) return { address: raw, family: "ipv6" };
  return null;
}
