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
 * Per request the cost is one Map lookup and a few additions to plain numbers (the tallies below),
 * turned into prom-client's series only when Prometheus asks: a fraction of a microsecond. The label is the route
 * id Remix answers with (`routes/cursos2025.$courseUrl`, from server/route-policy.ts, or the one
 * the page cache kept with the page), never the address: the number of series is bounded by the
 * route table. Everything read from the database (payments, mail) is read when Prometheus asks,
 * never on a request.
 */
const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

/**
 * What the requests add up to, per route label: plain numbers, counted on every request without
 * prom-client's per-call label hashing (a kept page costs ~20 µs in all, and prom-client's
 * observe + inc were a tenth of it). The metrics below read these totals when Prometheus asks.
 */
interface Tally {
  /** Responses by status class: 1xx … 5xx. */
  byClass: number[];
  /** Per bucket of DURATION_BUCKETS (not cumulative); above the last only in `count`. */
  buckets: number[];
  /** Seconds. */
  sum: number;
  count: number;
}
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ["1xx", "2xx", "3xx", "4xx", "5xx"];
const tallies = new Map<string, Tally>();
const cacheResults = { hit: 0, miss: 0 };

new client.Counter({
  name: "himfg_http_requests_total",
  help: "Solicitudes atendidas, por ruta de Remix (o handler de Express) y clase de estado.",
  labelNames: ["route", "status"] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const [route, tally] of tallies) {
      tally.byClass.forEach((count, index) => count > 0 && this.labels(route, STATUS_CLASSES[index]!).inc(count));
    }
  },
});

const DURATIONS_NAME = "himfg_http_request_duration_seconds";
/**
 * The duration histogram, read from the tallies (the text prom-client's Histogram writes, the
 * same buckets): registered as a metric of the registry, which only calls its get().
 */
const durations = {
  name: DURATIONS_NAME,
  help: "Tiempo hasta el final de la respuesta, por ruta.",
  type: "histogram",
  aggregator: "sum",
  get() {
    const values: { labels: Record<string, string | number>; sharedLabels: { route: string }; value: number; metricName: string }[] = [];
    for (const [route, tally] of tallies) {
      const sharedLabels = { route };
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, index) => {
        cumulative += tally.buckets[index]!;
        values.push({ labels: { le }, sharedLabels, value: cumulative, metricName: `${DURATIONS_NAME}_bucket` });
      });
      values.push({ labels: { le: "+Inf" }, sharedLabels, value: tally.count, metricName: `${DURATIONS_NAME}_bucket` });
      values.push({ labels: {}, sharedLabels, value: tally.sum, metricName: `${DURATIONS_NAME}_sum` });
      values.push({ labels: {}, sharedLabels, value: tally.count, metricName: `${DURATIONS_NAME}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  },
};
registry.registerMetric(durations as unknown as client.Metric);

new client.Counter({
  name: "himfg_page_cache_requests_total",
  help: "Páginas anónimas servidas de la caché (hit) o generadas (miss).",
  labelNames: ["result"] as const,
  registers: [registry],
  collect() {
    this.reset();
    this.labels("hit").inc(cacheResults.hit);
    this.labels("miss").inc(cacheResults.miss);
  },
});

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

/** Label of the responses no Remix route answers (static files, the Express layer's own answers). */
const NO_ROUTE = "express";
const ROUTE = Symbol("metrics route");

type Labelled = ServerResponse & { [ROUTE]?: string; locals?: Record<string, unknown> };

/** The route label's field, present from the response's birth (server/app.ts `expressShapes`). */
export function presetRouteLabel(res: ServerResponse): void {
  (res as Labelled)[ROUTE] = undefined;
}

/** Names the route of a response answered outside Remix's matcher (the page cache, /healthz). */
export function setRouteLabel(res: ServerResponse, route: string | null): void {
  if (route) (res as Labelled)[ROUTE] = route;
}

/** Called once per finished response (server/logging.ts `startRequestLog`). */
export function observeRequest(res: ServerResponse, durationMs: number): void {
  const labelled = res as Labelled;
  const route = labelled[ROUTE] ?? (labelled.locals ? routePolicyOf(labelled as unknown as Response)?.routeId : undefined) ?? NO_ROUTE;
  record(route, res.statusCode, durationMs);
  const cached = res.getHeader("x-page-cache");
  if (cached === "hit") cacheResults.hit += 1;
  else if (cached === "miss") cacheResults.miss += 1;
}

/** A kept page sent by the page cache's fast path (server/page-cache.ts `serveHitRaw`). */
export function observeHit(route: string | null, status: number, durationMs: number): void {
  record(route ?? NO_ROUTE, status, durationMs);
  cacheResults.hit += 1;
}

function record(route: string, status: number, durationMs: number) {
  let tally = tallies.get(route);
  if (!tally) {
    tally = { byClass: [0, 0, 0, 0, 0], buckets: DURATION_BUCKETS.map(() => 0), sum: 0, count: 0 };
    tallies.set(route, tally);
  }
  tally.byClass[Math.min(4, Math.max(0, Math.floor(status / 100) - 1))]! += 1;
  const seconds = durationMs / 1000;
  tally.sum += seconds;
  tally.count += 1;
  let bucket = 0;
  while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
  if (bucket < DURATION_BUCKETS.length) tally.buckets[bucket]! += 1;
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
