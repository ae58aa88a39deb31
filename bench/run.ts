/**
 * `npm run bench`: the site against a bare node:http server replaying the very same bytes and
 * headers, on this machine, interleaved, so the ratio says how close the site gets to the
 * cost of just writing bytes to a socket. Not part of `npm test` (it takes minutes and its
 * numbers depend on the machine); the report it writes (bench/report.md) is the evidence.
 *
 *   npm run bench                       # build, then measure
 *   BENCH_SKIP_BUILD=1 npm run bench    # reuse the current build
 *   BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 BENCH_PORT=3205
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { freshDatabase, sessionSecret, signedInCookie, siteEnv, startSite, stopChild } from "./site";

const PORT = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3205);
const BARE_PORT = PORT + 1000;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ACCEPT_ENCODING = "br, gzip, deflate";
const USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PAGES = ["/", "/direccion/medica", "/ensenanza/offer", "/legado-artistico", "/hemerobiblioteca", "/buscar?q=pediatria", "/profile"];
const SIGNED_IN = new Set(["/profile"]);

interface Captured {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  html: string;
}

interface Run {
  requests: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuMs?: number;
}

function log(message: string) {
  process.stderr.write(`${message}\n`);
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) {
    log("Building…");
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const database = freshDatabase(`bench-${PORT}`);
  const env = siteEnv(PORT, database);
  // First start seeds the database; the second start (on existing data) is the cold start we time.
  let site = await startSite(env);
  await stopChild(site.child);
  site = await startSite(env);
  const coldStartMs = site.readyMs;
  log(`Cold start on existing data: ${coldStartMs.toFixed(0)} ms to the first 200 of /`);

  process.env.DATABASE_PATH = database;
  process.env.SESSION_SECRET = sessionSecret;
  const cookie = await signedInCookie();

  const captured = new Map<string, Captured>();
  for (const page of PAGES) captured.set(page, await capture(page, SIGNED_IN.has(page) ? cookie : undefined));

  const bare = await startBare(captured);
  const siteRuns = new Map<string, Run[]>();
  const bareRuns = new Map<string, Run[]>();
  const rssSamples: number[] = [rssMiB(site.child.pid!)];
  for (let round = 1; round <= ROUNDS; round++) {
    for (const page of PAGES) {
      const headers: Record<string, string> = { "accept-encoding": ACCEPT_ENCODING, "user-agent": USER_AGENT };
      if (SIGNED_IN.has(page)) headers.cookie = cookie;
      log(`round ${round}/${ROUNDS} ${page}`);
      const cpuBefore = cpuMs(site.child.pid!);
      const siteRun = await load(`http://127.0.0.1:${PORT}${page}`, headers);
      siteRun.cpuMs = (cpuMs(site.child.pid!) - cpuBefore) / Math.max(1, siteRun.requests);
      rssSamples.push(rssMiB(site.child.pid!));
      const bareCpuBefore = cpuMs(bare.pid!);
      const bareRun = await load(`http://127.0.0.1:${BARE_PORT}${page}`, headers);
      bareRun.cpuMs = (cpuMs(bare.pid!) - bareCpuBefore) / Math.max(1, bareRun.requests);
      (siteRuns.get(page) ?? siteRuns.set(page, []).get(page)!).push(siteRun);
      (bareRuns.get(page) ?? bareRuns.set(page, []).get(page)!).push(bareRun);
    }
  }
  const pageStats = [];
  for (const page of PAGES) {
    const c = captured.get(page)!;
    pageStats.push({ page, ...(await pageWeight(c)) });
  }
  await stopChild(bare);
  await stopChild(site.child);
  const pdf = await pdfTiming();

  const report = renderReport({ coldStartMs, siteRuns, bareRuns, captured, pageStats, rssSamples, pdf });
  const reportPath = path.resolve("bench/report.md");
  const before = fs.existsSync(path.resolve("bench/before.md"))
    ? `\n## Before (bench/before.md)\n\n${fs.readFileSync(path.resolve("bench/before.md"), "utf8")}`
    : "";
  fs.writeFileSync(reportPath, report + before);
  process.stdout.write(report);
  log(`\nWrote ${path.relative(process.cwd(), reportPath)}`);
}

function capture(page: string, cookie?: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "accept-encoding": ACCEPT_ENCODING, "user-agent": USER_AGENT };
    if (cookie) headers.cookie = cookie;
    // Twice: the first request may fill a cache; the second is what the load sees.
    const once = (then: (c: Captured) => void) =>
      http
        .get({ host: "127.0.0.1", port: PORT, path: page, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const body = Buffer.concat(chunks);
            const encoding = response.headers["content-encoding"];
            const plain =
              encoding === "br"
                ? zlib.brotliDecompressSync(body)
                : encoding === "gzip"
                  ? zlib.gunzipSync(body)
                  : encoding === "deflate"
                    ? zlib.inflateSync(body)
                    : body;
            const out: http.OutgoingHttpHeaders = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined && !["connection", "keep-alive", "transfer-encoding", "date"].includes(name)) out[name] = value;
            }
            if (!out["content-length"]) out["content-length"] = String(body.length);
            then({ status: response.statusCode ?? 0, headers: out, body, html: plain.toString("utf8") });
          });
        })
        .on("error", reject);
    once(() => once(resolve));
  });
}

/** The bare server: a separate process that writes the captured bytes and headers, nothing else. */
async function startBare(captured: Map<string, Captured>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-bare-"));
  const entries = [...captured].map(([page, c]) => ({
    page,
    status: c.status,
    headers: c.headers,
    file: path.join(dir, `${encodeURIComponent(page)}.bin`),
  }));
  for (const entry of entries) fs.writeFileSync(entry.file, captured.get(entry.page)!.body);
  const script = `
    const http = require("node:http"); const fs = require("node:fs");
    const entries = new Map(${JSON.stringify(entries)}.map((e) => [e.page, { ...e, body: fs.readFileSync(e.file) }]));
    http.createServer((req, res) => {
      const e = entries.get(req.url);
      if (!e) { res.statusCode = 404; return res.end(); }
      res.writeHead(e.status, e.headers); res.end(e.body);
    }).listen(${BARE_PORT}, "127.0.0.1", () => process.send("ready"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise<void>((resolve) => child.once("message", () => resolve()));
  return child;
}

function load(url: string, headers: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers }, (error, result) => {
      if (error) return reject(error);
      resolve({
        requests: result.requests.total,
        rps: result.requests.average,
        p50: result.latency.p50,
        p95: result.latency.p97_5 ?? result.latency.p90,
        p99: result.latency.p99,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
      });
    });
  });
}

/** CPU time (user + system) of a process in ms, from /proc (Linux). */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function pageWeight(c: Captured) {
  const scripts = new Set<string>();
  for (const match of c.html.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)) scripts.add(match[1]!);
  for (const match of c.html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) scripts.add(match[1]!);
  for (const match of c.html.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"|import "([^"]+\.js)"/g))
    scripts.add((match[1] ?? match[2] ?? match[3])!);
  let jsGzip = 0;
  let jsRaw = 0;
  for (const src of scripts) {
    if (!src.startsWith("/")) continue;
    const response = await fetch(`http://127.0.0.1:${PORT}${src}`);
    if (!response.ok) continue;
    const bytes = Buffer.from(await response.arrayBuffer());
    jsRaw += bytes.length;
    jsGzip += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  const htmlRaw = Buffer.byteLength(c.html);
  return { htmlRaw, transferred: c.body.length, encoding: String(c.headers["content-encoding"] ?? "none"), jsGzip, jsRaw, scripts: scripts.size };
}

/** The PDF renderer in this process (the same module the site uses), warm, then 5 at once. */
async function pdfTiming() {
  const { renderPdf, closePdfBrowser } = await import("../app/pdf/pdf.server");
  const html = (i: number) =>
    `<!DOCTYPE html><html lang="es-MX"><head><meta charset="utf-8"><title>Comprobante ${i}</title><style>body{font:12pt sans-serif}h1{color:#611232}</style></head>` +
    `<body><h1>Comprobante de acceso</h1><p>Número de control HIMFGCURSOS${1000 + i}</p>${"<p>Texto del comprobante de acceso al curso.</p>".repeat(30)}</body></html>`;
  await renderPdf(html(0));
  await renderPdf(html(0));
  let started = performance.now();
  await renderPdf(html(1));
  const single = performance.now() - started;
  started = performance.now();
  await Promise.all([1, 2, 3, 4, 5].map((i) => renderPdf(html(i))));
  const fiveAtOnce = performance.now() - started;
  await closePdfBrowser();
  return { single, fiveAtOnce };
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function renderReport(input: {
  coldStartMs: number;
  siteRuns: Map<string, Run[]>;
  bareRuns: Map<string, Run[]>;
  captured: Map<string, Captured>;
  pageStats: { page: string; htmlRaw: number; transferred: number; encoding: string; jsGzip: number; jsRaw: number; scripts: number }[];
  rssSamples: number[];
  pdf: { single: number; fiveAtOnce: number };
}) {
  const lines: string[] = [];
  lines.push(`# Benchmark (${new Date().toISOString()})`);
  lines.push("");
  lines.push(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")} at the end. ` +
      `autocannon, ${CONNECTIONS} connections, ${DURATION} s per run, ${ROUNDS} rounds interleaved (site, bare, next page…); medians of the rounds. ` +
      `Requests send \`Accept-Encoding: ${ACCEPT_ENCODING}\` as a browser does.`,
  );
  lines.push("");
  lines.push("| page | site req/s | bare req/s | site/bare | site p50 / p95 / p99 ms | bare p50 ms | CPU ms/req site (bare) | status | errors |");
  lines.push("|---|---|---|---|---|---|---|---|---|");
  for (const [page, runs] of input.siteRuns) {
    const bare = input.bareRuns.get(page)!;
    const siteRps = median(runs.map((r) => r.rps));
    const bareRps = median(bare.map((r) => r.rps));
    lines.push(
      `| \`${page}\` | ${siteRps.toFixed(0)} | ${bareRps.toFixed(0)} | ${((siteRps / bareRps) * 100).toFixed(1)} % | ` +
        `${median(runs.map((r) => r.p50))} / ${median(runs.map((r) => r.p95))} / ${median(runs.map((r) => r.p99))} | ${median(bare.map((r) => r.p50))} | ` +
        `${median(runs.map((r) => r.cpuMs!)).toFixed(2)} (${median(bare.map((r) => r.cpuMs!)).toFixed(3)}) | ${input.captured.get(page)!.status} | ` +
        `${runs.reduce((n, r) => n + r.errors + r.non2xx, 0)} |`,
    );
  }
  lines.push("");
  lines.push("(p95 column: autocannon reports p97.5, shown here.)");
  lines.push("");
  lines.push("| page | HTML raw | sent | encoding | JS files | JS raw | JS gzip -9 | ETag | Cache-Control |");
  lines.push("|---|---|---|---|---|---|---|---|---|");
  for (const stats of input.pageStats) {
    const headers = input.captured.get(stats.page)!.headers;
    lines.push(
      `| \`${stats.page}\` | ${kb(stats.htmlRaw)} | ${kb(stats.transferred)} | ${stats.encoding} | ${stats.scripts} | ${kb(stats.jsRaw)} | ${kb(stats.jsGzip)} | ${headers.etag ? "yes" : "no"} | ${headers["cache-control"] ?? "—"} |`,
    );
  }
  lines.push("");
  lines.push(`Cold start on existing data (spawn → first 200 of \`/\`): **${input.coldStartMs.toFixed(0)} ms**.`);
  lines.push("");
  lines.push(
    `Access PDF (renderPdf, warm): one alone ${input.pdf.single.toFixed(0)} ms; 5 at once, the last after ${input.pdf.fiveAtOnce.toFixed(0)} ms.`,
  );
  lines.push("");
  lines.push(
    `Site RSS (MiB) at start and after each page run: ${input.rssSamples.map((r) => r.toFixed(0)).join(", ")} (max ${Math.max(...input.rssSamples).toFixed(0)}).`,
  );
  lines.push("");
  return lines.join("\n");
}

await main();
process.exit(0);
