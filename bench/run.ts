/**
 * `npm run bench`: figures anyone can reproduce (issue 22). The site runs as production runs it
 * (build/server.js with `npm start`'s node flags, NODE_ENV=production, every request logged
 * through pino into a log file), and is compared with a bare node:http server replaying the very
 * same bytes and headers, interleaved site/bare, page by page, round after round. Pages are asked
 * for as a browser asks (Accept-Encoding: br). The load client is wrk (autocannon workers when wrk
 * is missing) and its own CPU use is printed beside each run, with the server's and everything
 * else's on the machine, so a reader sees who was the limit. Not part of `npm test` (it takes
 * minutes and its numbers depend on the machine); the report it writes (bench/report.md) is the
 * evidence, each figure against its target.
 *
 *   npm run bench                       # build, then measure
 *   BENCH_SKIP_BUILD=1 npm run bench    # reuse the current build
 *   BENCH_DURATION=5 BENCH_ROUNDS=3 BENCH_WARMUP=2 BENCH_CONNECTIONS=50 BENCH_PORT=3205 (bare: +1000)
 *   BENCH_SIGNED_IN_WARMUP_REQUESTS=8000 BENCH_SIGNED_IN_WARMUP_MAX=150  # /profile's warm-up: requests, at most seconds
 *   BENCH_CLIENT=autocannon BENCH_CLIENT_THREADS=1
 *   BENCH_PAGES=/,/profile              # only these pages (of the list below)
 *   BENCH_QUICK=1                       # site and bare rounds only: a summary on stdout, no report
 *   BENCH_SLICE=1                       # seconds per slice: site and bare take turns within a run
 *   BENCH_PIN=0                         # do not pin the client and the server to separate cores
 * The report also gives a diagnosis of the site/bare gap: bench/bare-inside.mjs runs the bare
 * handler inside a bench site, so what the site's code costs and what its process costs show apart.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import { serverNodeArgs } from "../scripts/server-node-args.mjs";
import { coldStartSummary, measureAtScale, type AtScale } from "./at-scale";
import { loadClient, warmUp, warmUpSummary, type LoadClient, type LoadRun, type WarmUp } from "./load";
import { countRequestLines, machineCpuMs, median, processCpuMs, rssMiB } from "./measure";
import { pinning } from "./pinning";
import { benchParticipant, freshDatabase, siteEnv, startSite, stopChild } from "./site";

const PORT = Number(process.env.BENCH_PORT ?? process.env.E2E_PORT ?? 3205);
const BARE_PORT = PORT + 1000;
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
// The signed-in page renders on every request: a fresh server's first thousand of it cost two to
// three times its steady CPU per request (JIT compilation), and V8 still compiles its code after
// several thousand, so it warms up for a count of requests, not seconds (bench/load.ts `warmUp`).
const SIGNED_IN_WARMUP = {
  requests: Number(process.env.BENCH_SIGNED_IN_WARMUP_REQUESTS ?? 8000),
  stepSeconds: 5,
  maxSeconds: Number(process.env.BENCH_SIGNED_IN_WARMUP_MAX ?? 150),
};
const signedInWarmUpText = `${SIGNED_IN_WARMUP.requests} requests (at most ${SIGNED_IN_WARMUP.maxSeconds} s)`;
// Each page's run in a round is cut into slices (BENCH_SLICE seconds each), site and bare taking
// turns slice by slice: a slow drift of the machine (another tenant on the host) then falls on
// both instead of on whichever ran during it. The figures of a run are the sums of its slices.
const SLICE_SECONDS = Math.max(1, Math.min(DURATION, Number(process.env.BENCH_SLICE ?? 1)));
const SLICES = Math.max(1, Math.round(DURATION / SLICE_SECONDS));
const PIN = pinning();
const BROWSER_HEADERS: Record<string, string> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "es-MX,es;q=0.9",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
};
const ANONYMOUS = ["/", "/direccion/medica", "/ensenanza/offer", "/legado-artistico", "/hemerobiblioteca", "/buscar?q=pediatria"];
const SIGNED_IN = "/profile";
// A signed-in page renders for each request: fewer connections keep its queue (and the requests
// still in flight when a run ends, whose CPU counts but which are not counted) small.
const SIGNED_IN_CONNECTIONS = Math.min(CONNECTIONS, 10);
const PAGES = [...ANONYMOUS, SIGNED_IN].filter((page) => !process.env.BENCH_PAGES || process.env.BENCH_PAGES.split(",").includes(page));
// A quick look at the site/bare rounds (while working on the hot paths): no PDFs, no logging
// comparison, no 100× database, and bench/report.md is left alone.
const QUICK = Boolean(process.env.BENCH_QUICK);

const TARGETS = {
  anonymousRatio: 0.8,
  cachedCpuMs: 0.1,
  profileCpuMs: 4,
  coldStartMs: 1500,
  fivePdfsMs: 600,
};

interface Captured {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  html: string;
}

/** One load run against one server, with what every party on the machine spent meanwhile. */
interface Measured extends LoadRun {
  /** The server's CPU time during the run, and everyone else's (not the client's, not the bench's). */
  serverMs: number;
  othersMs: number;
  /** CPU time the virtual machine's host took away meanwhile (steal, all cores). */
  stolenMs: number;
  serverCpuMsPerRequest: number;
  /** Share of one core, %. */
  serverCpuPercent: number;
  clientCpuPercent: number;
  othersCpuPercent: number;
  stolenCpuPercent: number;
}

/** Requests the load client saw answered by a site with request logging on (all runs, warm-ups too). */
let loggedRequests = 0;

interface Round {
  loadBefore: number[];
  loadAfter: number[];
}

function say(message: string) {
  process.stderr.write(`${message}\n`);
}

/**
 * Refuses to run while something else listens on the bench's ports (another bench, a server left
 * running): the site's start would answer from that process, and every figure would be its.
 */
async function assertPortsFree(ports: number[]) {
  for (const port of ports) {
    const problem = await new Promise<string | null>((resolve) => {
      const probe = net.createServer();
      probe.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? String(error)));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(null)));
    });
    if (problem) {
      say(
        `Port ${port} is not free (${problem}): another bench or server is running. Stop it, or set BENCH_PORT (the bare server takes BENCH_PORT + 1000).`,
      );
      process.exit(1);
    }
  }
}

async function main() {
  const loadAtStart = os.loadavg();
  await assertPortsFree([PORT, BARE_PORT]);
  if (!process.env.BENCH_SKIP_BUILD) {
    say("Building…");
    const built = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const client = loadClient();
  say(`Load client: ${client.description}.`);
  if (client.note) say(`Note: ${client.note}`);

  const database = freshDatabase(`bench-${PORT}`);
  const env = siteEnv(PORT, database);
  // The server's standard output, as a process manager would keep it: every line pino writes.
  const logFile = path.join(os.tmpdir(), `himfg-bench-${PORT}.log`);
  const logFd = fs.openSync(logFile, "w");

  // The first start seeds the database; the next three (on existing data) are the cold starts.
  await stopChild((await startSite(env, { stdout: logFd })).child);
  const coldStartsMs: number[] = [];
  let site = await startSite(env, { stdout: logFd });
  for (let i = 0; i < 3; i++) {
    if (i > 0) site = await startSite(env, { stdout: logFd });
    coldStartsMs.push(site.readyMs);
    if (i < 2) await stopChild(site.child);
  }
  say(`Cold start on existing data: ${coldStartsMs.map((ms) => ms.toFixed(0)).join(", ")} ms to the first 200 of /`);

  const participant = benchParticipant(database);
  const captured = new Map<string, Captured>();
  for (const page of PAGES) captured.set(page, await capture(page, page === SIGNED_IN ? participant.cookie : undefined));

  const bare = await startBare(captured);
  const siteRuns = new Map<string, Measured[]>(PAGES.map((page) => [page, []]));
  const bareRuns = new Map<string, Measured[]>(PAGES.map((page) => [page, []]));
  // Warm-up, not measured: every page's code compiled and its caches filled on both servers.
  say(`Warm-up: ${WARMUP} s per page and server (${SIGNED_IN}: ${signedInWarmUpText} on the site)…`);
  let signedInWarmUp: WarmUp | undefined;
  for (const page of PAGES) {
    const headers = page === SIGNED_IN ? { ...BROWSER_HEADERS, cookie: participant.cookie } : BROWSER_HEADERS;
    const connections = page === SIGNED_IN ? SIGNED_IN_CONNECTIONS : CONNECTIONS;
    for (const port of [PORT, BARE_PORT]) {
      const url = `http://127.0.0.1:${port}${page}`;
      if (page === SIGNED_IN && port === PORT) {
        signedInWarmUp = await warmUp(client, { url, headers, connections }, { ...SIGNED_IN_WARMUP, serverPid: site.child.pid! });
        loggedRequests += signedInWarmUp.requests;
        say(`  ${SIGNED_IN} warmed up: ${warmUpSummary(signedInWarmUp)}`);
        continue;
      }
      const run = await client.run({ url, headers, connections, durationSeconds: WARMUP });
      if (port === PORT) loggedRequests += run.requests;
    }
  }
  const rounds: Round[] = [];
  const rssSamples: number[] = [rssMiB(site.child.pid!)];
  say(`Site and bare: ${SLICES} slice(s) of ${SLICE_SECONDS} s each per page and round, taking turns; ${PIN.description}.`);
  for (let round = 1; round <= ROUNDS; round++) {
    const loadBefore = os.loadavg();
    say(`Round ${round}/${ROUNDS} (load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")})`);
    for (const page of PAGES) {
      const headers = page === SIGNED_IN ? { ...BROWSER_HEADERS, cookie: participant.cookie } : BROWSER_HEADERS;
      const connections = page === SIGNED_IN ? SIGNED_IN_CONNECTIONS : CONNECTIONS;
      // The signed-in page is not compared with bare but measured for its CPU, as production runs
      // it, unpinned: pinned, its compression on the thread pool pays cross-core hand-offs (one
      // report read 7.4 ms pinned at 1×, and 5.6 ms unpinned at 100×).
      const pinned = page !== SIGNED_IN;
      for (const pid of [site.child.pid!, bare.pid!]) (pinned ? PIN.pinServer : PIN.unpinServer)(pid);
      const cpus = pinned ? PIN.clientCpus : undefined;
      const siteSlices: Measured[] = [];
      const bareSlices: Measured[] = [];
      for (let slice = 0; slice < SLICES; slice++) {
        siteSlices.push(await measured(client, site.child.pid!, `http://127.0.0.1:${PORT}${page}`, headers, connections, SLICE_SECONDS, cpus));
        bareSlices.push(await measured(client, bare.pid!, `http://127.0.0.1:${BARE_PORT}${page}`, headers, connections, SLICE_SECONDS, cpus));
      }
      const siteRun = combined(siteSlices);
      const bareRun = combined(bareSlices);
      loggedRequests += siteRun.requests;
      rssSamples.push(rssMiB(site.child.pid!));
      siteRuns.get(page)!.push(siteRun);
      bareRuns.get(page)!.push(bareRun);
      say(
        `  ${page.padEnd(22)} site ${siteRun.rps.toFixed(0).padStart(6)} req/s (${siteRun.serverCpuMsPerRequest.toFixed(3)} ms CPU/req)` +
          `  bare ${bareRun.rps.toFixed(0).padStart(6)} req/s  site/bare ${percent(siteRun.rps / bareRun.rps)}` +
          `  | CPU % of a core, site run: server ${siteRun.serverCpuPercent.toFixed(0)}, ${client.name} ${siteRun.clientCpuPercent.toFixed(0)}, others ${siteRun.othersCpuPercent.toFixed(0)}, stolen by the host ${siteRun.stolenCpuPercent.toFixed(0)}`,
      );
    }
    rounds.push({ loadBefore, loadAfter: os.loadavg() });
  }
  PIN.unpinServer(site.child.pid!);
  if (QUICK) {
    await stopChild(bare);
    await stopChild(site.child);
    fs.closeSync(logFd);
    fs.rmSync(logFile, { force: true });
    process.stdout.write(quickSummary(siteRuns, bareRuns, rounds));
    return;
  }
  const pageStats = [];
  for (const page of PAGES) pageStats.push({ page, ...(await pageWeight(captured.get(page)!)) });
  const pdf = await pdfTiming(participant);
  say(
    `Access PDFs: one alone ${pdf.single.map((ms) => ms.toFixed(0)).join(", ")} ms; 5 at once ${pdf.five.map((ms) => ms.toFixed(0)).join(", ")} ms`,
  );
  await stopChild(bare);
  await stopChild(site.child);
  const loggingCost = await measureLoggingCost(client, database, logFd);
  const bareInside = await measureBareInside(client, database, logFd, captured, participant.cookie);

  const atScale = await measureAtScale({
    database1x: database,
    port: PORT,
    client,
    connections: CONNECTIONS,
    signedInConnections: SIGNED_IN_CONNECTIONS,
    durationSeconds: DURATION,
    warmupSeconds: WARMUP,
    signedInWarmUp: SIGNED_IN_WARMUP,
    rounds: ROUNDS,
    headers: BROWSER_HEADERS,
    logFd,
    log: say,
  });
  fs.closeSync(logFd);
  const logLines = await countRequestLines(logFile);
  const logBytes = fs.statSync(logFile).size;
  fs.rmSync(logFile, { force: true });
  if (!("skipped" in atScale)) loggedRequests += atScale.profile.logged + atScale.home.logged;

  const report = renderReport({
    client,
    loadAtStart,
    loadAtEnd: os.loadavg(),
    rounds,
    coldStartsMs,
    siteRuns,
    bareRuns,
    captured,
    pageStats,
    rssSamples,
    pdf,
    atScale,
    loggingCost,
    bareInside,
    signedInWarmUp,
    log: { lines: logLines, bytes: logBytes, answered: loggedRequests },
  });
  const reportPath = path.resolve("bench/report.md");
  const before = fs.existsSync(path.resolve("bench/before.md"))
    ? `\n## Before issue 11 (bench/before.md)\n\n${fs.readFileSync(path.resolve("bench/before.md"), "utf8")}`
    : "";
  fs.writeFileSync(reportPath, report + before);
  process.stdout.write(report);
  say(`\nWrote ${path.relative(process.cwd(), reportPath)}`);
}

/**
 * What request logging costs: the kept `/` with LOG_REQUESTS on (production) and off, each on a
 * freshly started server, alternated, so the figure above is not flattered by logging being off.
 */
async function measureLoggingCost(client: LoadClient, database: string, logFd: number) {
  const result = { on: [] as number[], off: [] as number[] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const on of [true, false]) {
      const server = await startSite({ ...siteEnv(PORT, database), LOG_REQUESTS: String(on) }, { stdout: logFd });
      const url = `http://127.0.0.1:${PORT}/`;
      const warm = await client.run({ url, headers: BROWSER_HEADERS, connections: CONNECTIONS, durationSeconds: WARMUP });
      const run = await measured(client, server.child.pid!, url, BROWSER_HEADERS, CONNECTIONS);
      if (on) loggedRequests += warm.requests + run.requests;
      result[on ? "on" : "off"].push(run.serverCpuMsPerRequest);
      await stopChild(server.child);
    }
  }
  say(
    `Request logging, kept /: on ${result.on.map((ms) => (ms * 1000).toFixed(1)).join(", ")} µs CPU/request; off ${result.off.map((ms) => (ms * 1000).toFixed(1)).join(", ")}`,
  );
  return result;
}

/** Where bench/bare-inside.mjs answers in the site: `/__bench-bare/`, `/__bench-bare/direccion/medica`… */
const BARE_INSIDE_PREFIX = "/__bench-bare";

interface BareInside {
  page: string;
  site: Measured;
  inside: Measured;
  alone: Measured;
}

/**
 * A diagnosis of the site/bare gap, not a figure: a site started with bench/bare-inside.mjs, which
 * answers `/__bench-bare<page>` with the bare server's code inside the site's process. After the
 * same warm-up as the rounds (every page, then /profile), each anonymous page is asked for by
 * turns, slice by slice: the site's own answer, the bare handler inside the site, the bare server
 * alone. Site ÷ inside is what the site's code costs; inside ÷ alone what its process costs.
 */
async function measureBareInside(client: LoadClient, database: string, logFd: number, captured: Map<string, Captured>, cookie: string) {
  const preload = pathToFileURL(path.resolve("bench/bare-inside.mjs")).href;
  // The bare server's list, each page under the prefix the site does not route.
  const { entries, list } = capturedFiles(captured);
  fs.writeFileSync(list, JSON.stringify(entries.map((entry) => ({ ...entry, page: BARE_INSIDE_PREFIX + entry.page }))));
  const env = {
    ...siteEnv(PORT, database),
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import ${preload}`].filter(Boolean).join(" "),
    BENCH_BARE_INSIDE: list,
  };
  const site = await startSite(env, { stdout: logFd });
  const bare = await startBare(captured);
  const pages = ANONYMOUS.filter((page) => PAGES.includes(page));
  const url = (page: string, variant: "site" | "inside" | "alone") =>
    variant === "alone" ? `http://127.0.0.1:${BARE_PORT}${page}` : `http://127.0.0.1:${PORT}${variant === "inside" ? BARE_INSIDE_PREFIX : ""}${page}`;
  for (const page of pages) {
    for (const variant of ["site", "inside", "alone"] as const) {
      const run = await client.run({ url: url(page, variant), headers: BROWSER_HEADERS, connections: CONNECTIONS, durationSeconds: WARMUP });
      if (variant === "site") loggedRequests += run.requests;
    }
  }
  if (PAGES.includes(SIGNED_IN)) {
    const headers = { ...BROWSER_HEADERS, cookie };
    const warmed = await warmUp(
      client,
      { url: `http://127.0.0.1:${PORT}${SIGNED_IN}`, headers, connections: SIGNED_IN_CONNECTIONS },
      { ...SIGNED_IN_WARMUP, serverPid: site.child.pid! },
    );
    loggedRequests += warmed.requests;
  }
  for (const pid of [site.child.pid!, bare.pid!]) PIN.pinServer(pid);
  const result: BareInside[] = [];
  for (const page of pages) {
    const slices = { site: [] as Measured[], inside: [] as Measured[], alone: [] as Measured[] };
    for (let slice = 0; slice < SLICES; slice++) {
      for (const variant of ["site", "inside", "alone"] as const) {
        const pid = variant === "alone" ? bare.pid! : site.child.pid!;
        slices[variant].push(await measured(client, pid, url(page, variant), BROWSER_HEADERS, CONNECTIONS, SLICE_SECONDS, PIN.clientCpus));
      }
    }
    const row = { page, site: combined(slices.site), inside: combined(slices.inside), alone: combined(slices.alone) };
    loggedRequests += row.site.requests;
    result.push(row);
    const us = (run: Measured) => (run.serverCpuMsPerRequest * 1000).toFixed(1);
    say(`  bare inside the site, ${page}: site ${us(row.site)} µs/req, bare inside ${us(row.inside)}, bare alone ${us(row.alone)}`);
  }
  await stopChild(bare);
  await stopChild(site.child);
  return result;
}

/** One load run, with the server's, the client's and everyone else's CPU meanwhile. */
async function measured(
  client: LoadClient,
  serverPid: number,
  url: string,
  headers: Record<string, string>,
  connections: number,
  durationSeconds = DURATION,
  /** The client's cores, while the server under test is pinned to another (the site/bare rounds). */
  cpus?: string,
): Promise<Measured> {
  const serverBefore = processCpuMs(serverPid);
  const machineBefore = machineCpuMs();
  const selfBefore = process.cpuUsage();
  const run = await client.run({ url, headers, connections, durationSeconds, cpus });
  const serverMs = processCpuMs(serverPid) - serverBefore;
  const self = process.cpuUsage(selfBefore);
  const machineAfter = machineCpuMs();
  const othersMs = Math.max(0, machineAfter.busy - machineBefore.busy - serverMs - run.clientCpuMs - (self.user + self.system) / 1000);
  const stolenMs = machineAfter.stolen - machineBefore.stolen;
  const wallMs = run.seconds * 1000;
  return {
    ...run,
    serverMs,
    othersMs,
    stolenMs,
    serverCpuMsPerRequest: run.requests > 0 ? serverMs / run.requests : NaN,
    serverCpuPercent: (serverMs / wallMs) * 100,
    clientCpuPercent: (run.clientCpuMs / wallMs) * 100,
    othersCpuPercent: (othersMs / wallMs) * 100,
    stolenCpuPercent: (stolenMs / wallMs) * 100,
  };
}

/** One run made of slices: requests, seconds and CPU summed; p50/p90 the slices' median, p99 their highest. */
function combined(slices: Measured[]): Measured {
  const sum = (value: (run: Measured) => number) => slices.reduce((total, run) => total + value(run), 0);
  const requests = sum((run) => run.requests);
  const seconds = sum((run) => run.seconds);
  const serverMs = sum((run) => run.serverMs);
  const othersMs = sum((run) => run.othersMs);
  const stolenMs = sum((run) => run.stolenMs);
  const clientCpuMs = sum((run) => run.clientCpuMs);
  const wallMs = seconds * 1000;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: median(slices.map((run) => run.p50)),
    p90: median(slices.map((run) => run.p90)),
    p99: Math.max(...slices.map((run) => run.p99)),
    errors: sum((run) => run.errors),
    non2xx: sum((run) => run.non2xx),
    clientCpuMs,
    serverMs,
    othersMs,
    stolenMs,
    serverCpuMsPerRequest: requests > 0 ? serverMs / requests : NaN,
    serverCpuPercent: (serverMs / wallMs) * 100,
    clientCpuPercent: (clientCpuMs / wallMs) * 100,
    othersCpuPercent: (othersMs / wallMs) * 100,
    stolenCpuPercent: (stolenMs / wallMs) * 100,
  };
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "deflate") return zlib.inflateSync(body);
  return body;
}

/**
 * The page as the load will see it: asked for until two answers in a row carry the same bytes. The
 * page cache sends a page compressed quickly at first and at the best level once that is done in
 * the background (server/page-cache.ts), and the bare server must replay what the site then sends.
 */
async function capture(page: string, cookie?: string): Promise<Captured> {
  let last = await captureOnce(page, cookie);
  // A signed-in page is rendered for each request (its request id differs every time).
  if (cookie) return last;
  for (let attempt = 0; attempt < 40; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await captureOnce(page, cookie);
    if (next.body.equals(last.body)) return next;
    last = next;
  }
  return last;
}

function captureOnce(page: string, cookie?: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...BROWSER_HEADERS };
    if (cookie) headers.cookie = cookie;
    // Twice: the first request may fill a cache; the second is what the load sees.
    const once = (then: (c: Captured) => void) =>
      http
        .get({ host: "127.0.0.1", port: PORT, path: page, headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const body = Buffer.concat(chunks);
            const out: http.OutgoingHttpHeaders = {};
            for (const [name, value] of Object.entries(response.headers)) {
              if (value !== undefined && !["connection", "keep-alive", "transfer-encoding", "date"].includes(name)) out[name] = value;
            }
            if (!out["content-length"]) out["content-length"] = String(body.length);
            const html = decode(body, response.headers["content-encoding"]).toString("utf8");
            then({ status: response.statusCode ?? 0, headers: out, body, html });
          });
        })
        .on("error", reject);
    once(() => once(resolve));
  });
}

/**
 * The captured pages on disk, for the bare server and bench/bare-inside.mjs: each body in a file,
 * and `list`, a JSON file of { page, status, headers, file }.
 */
function capturedFiles(captured: Map<string, Captured>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-bare-"));
  const entries = [...captured].map(([page, c]) => ({
    page,
    status: c.status,
    headers: c.headers,
    file: path.join(dir, `${encodeURIComponent(page)}.bin`),
  }));
  for (const entry of entries) fs.writeFileSync(entry.file, captured.get(entry.page)!.body);
  const list = path.join(dir, "pages.json");
  fs.writeFileSync(list, JSON.stringify(entries));
  return { entries, list };
}

/** The bare server: a separate process that writes the captured bytes and headers, nothing else. */
async function startBare(captured: Map<string, Captured>) {
  const { entries } = capturedFiles(captured);
  const script = `
    const http = require("node:http"); const fs = require("node:fs");
    const entries = new Map(${JSON.stringify(entries)}.map((e) => [e.page, { ...e, body: fs.readFileSync(e.file) }]));
    http.createServer((req, res) => {
      const e = entries.get(req.url);
      if (!e) { res.statusCode = 404; return res.end(); }
      res.writeHead(e.status, e.headers); res.end(e.body);
    }).listen(${BARE_PORT}, "127.0.0.1", () => process.send("ready"));`;
  const node = serverNodeArgs();
  const flags = node.args ? node.args.slice(0, -1) : [];
  const child = spawn(process.execPath, [...flags, "-e", script], { stdio: ["ignore", "inherit", "inherit", "ipc"] });
  await new Promise<void>((resolve) => child.once("message", () => resolve()));
  return child;
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
  return {
    htmlRaw: Buffer.byteLength(c.html),
    transferred: c.body.length,
    encoding: String(c.headers["content-encoding"] ?? "none"),
    jsGzip,
    jsRaw,
    scripts: scripts.size,
  };
}

/**
 * The access PDF as its owner downloads it (/payment/acceso/<id>.pdf on the running site, signed
 * in): warmed up, then one alone three times, then 5 at once three times (time to the last one).
 */
async function pdfTiming(participant: { cookie: string; enrolmentId: number }) {
  const url = `http://127.0.0.1:${PORT}/payment/acceso/${participant.enrolmentId}.pdf`;
  const one = async () => {
    const response = await fetch(url, { headers: { cookie: participant.cookie } });
    const body = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || body.subarray(0, 5).toString("latin1") !== "%PDF-") throw new Error(`the access PDF answered ${response.status}`);
  };
  const timed = async (work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    return performance.now() - started;
  };
  await one();
  await one();
  const single: number[] = [];
  const five: number[] = [];
  for (let i = 0; i < 3; i++) single.push(await timed(one));
  for (let i = 0; i < 3; i++) five.push(await timed(() => Promise.all([1, 2, 3, 4, 5].map(() => one()))));
  return { single, five };
}

/** BENCH_QUICK's output: per page, the medians of the rounds and both ratios, with the load. */
function quickSummary(siteRuns: Map<string, Measured[]>, bareRuns: Map<string, Measured[]>, rounds: Round[]) {
  const lines = [`Load average before the rounds: ${loads(rounds[0]!.loadBefore)}; after: ${loads(rounds.at(-1)!.loadAfter)}`];
  for (const [page, runs] of siteRuns) {
    const bare = bareRuns.get(page)!;
    const siteCpu = median(runs.map((run) => run.serverCpuMsPerRequest));
    const bareCpu = median(bare.map((run) => run.serverCpuMsPerRequest));
    const ratio = median(runs.map((run, i) => run.rps / bare[i]!.rps));
    lines.push(
      `${page.padEnd(22)} site ${median(runs.map((r) => r.rps)).toFixed(0)} req/s, ${(siteCpu * 1000).toFixed(1)} µs CPU/req; ` +
        `bare ${median(bare.map((r) => r.rps)).toFixed(0)} req/s, ${(bareCpu * 1000).toFixed(1)} µs CPU/req; ` +
        `site/bare ${percent(ratio)} (req/s), ${percent(bareCpu / siteCpu)} (CPU)`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function percent(ratio: number) {
  return `${(ratio * 100).toFixed(1)} %`;
}

function kb(bytes: number) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function loads(values: number[]) {
  return values.map((l) => l.toFixed(2)).join(" ");
}

function verdict(ok: boolean) {
  return ok ? "met" : "**not met**";
}

function renderReport(input: {
  client: LoadClient;
  loadAtStart: number[];
  loadAtEnd: number[];
  rounds: Round[];
  coldStartsMs: number[];
  siteRuns: Map<string, Measured[]>;
  bareRuns: Map<string, Measured[]>;
  captured: Map<string, Captured>;
  pageStats: { page: string; htmlRaw: number; transferred: number; encoding: string; jsGzip: number; jsRaw: number; scripts: number }[];
  rssSamples: number[];
  pdf: { single: number[]; five: number[] };
  loggingCost: { on: number[]; off: number[] };
  bareInside: BareInside[];
  atScale: AtScale;
  signedInWarmUp: WarmUp | undefined;
  log: { lines: number; bytes: number; answered: number };
}) {
  const cores = os.cpus().length;
  const ratios = (page: string) => input.siteRuns.get(page)!.map((run, i) => run.rps / input.bareRuns.get(page)![i]!.rps);
  const anonymousRatio = Math.min(...ANONYMOUS.map((page) => median(ratios(page))));
  const worstRatioPage = ANONYMOUS.find((page) => median(ratios(page)) === anonymousRatio)!;
  // What the ratio is when both servers are the limit (CPU-bound, one core each): bare CPU per
  // request over the site's. Other work on the machine moves it far less than req/s.
  const cpuRatio = (page: string) =>
    median(input.bareRuns.get(page)!.map((run) => run.serverCpuMsPerRequest)) /
    median(input.siteRuns.get(page)!.map((run) => run.serverCpuMsPerRequest));
  const anonymousCpuRatio = Math.min(...ANONYMOUS.map(cpuRatio));
  const worstCpuRatioPage = ANONYMOUS.find((page) => cpuRatio(page) === anonymousCpuRatio)!;
  const cachedCpu = Math.max(...ANONYMOUS.map((page) => median(input.siteRuns.get(page)!.map((run) => run.serverCpuMsPerRequest))));
  const worstCpuPage = ANONYMOUS.find((page) => median(input.siteRuns.get(page)!.map((run) => run.serverCpuMsPerRequest)) === cachedCpu)!;
  const profileCpu = median(input.siteRuns.get(SIGNED_IN)!.map((run) => run.serverCpuMsPerRequest));
  const cold = coldStartSummary(input.coldStartsMs);
  const five = median(input.pdf.five);
  const allRuns = [...input.siteRuns.values(), ...input.bareRuns.values()].flat();
  const clientMax = Math.max(...allRuns.map((run) => run.clientCpuPercent));
  const othersMedian = median(allRuns.map((run) => run.othersCpuPercent));
  // What ran beside the bench, measured during the runs themselves; the 1-minute load average at
  // the start lags (it still carries whatever ended a minute before) and only goes beside it.
  const busy = othersMedian > 10;
  // A virtual machine's host may take CPU time away from it (steal): the same code then costs more
  // per request and both servers slow down, so the figures of two runs are comparable only beside it.
  const stolenMedian = median(allRuns.map((run) => run.stolenCpuPercent));
  const stolenMax = Math.max(...allRuns.map((run) => run.stolenCpuPercent));

  const lines: string[] = [];
  lines.push(`# Benchmark (${new Date().toISOString()})`);
  lines.push("");
  lines.push(
    `Machine: ${cores} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}. ` +
      `Load average (1, 5, 15 min) before the bench: ${loads(input.loadAtStart)}; at the end: ${loads(input.loadAtEnd)}. ` +
      `Other processes used a median ${othersMedian.toFixed(0)} % of a core during the runs (max ${Math.max(...allRuns.map((r) => r.othersCpuPercent)).toFixed(0)} %). ` +
      `The host took a median ${stolenMedian.toFixed(0)} % of a core from this machine during the runs (steal, all cores; max ${stolenMax.toFixed(0)} %).`,
  );
  if (stolenMedian > 5) {
    lines.push("");
    lines.push(
      "**The host was busy** (it took CPU time from this machine during the runs): every figure below costs more than on a quiet host, the bare server's too. Compare runs only with their bare figures beside them.",
    );
  }
  if (busy) {
    lines.push("");
    lines.push(
      "**The machine was not quiet** (other work ran beside the bench): the ratios and latencies below are noisy; the CPU per request is the least affected figure. Rerun on a quiet machine for the record.",
    );
  }
  lines.push("");
  const node = serverNodeArgs();
  lines.push(
    `Server as production runs it: \`node ${node.args?.join(" ")}\`, NODE_ENV=production (demo mode), every request logged (pino, asynchronous) into a log file: ` +
      `${input.log.lines} request lines (${(input.log.bytes / 1024 / 1024).toFixed(0)} MiB) for ${input.log.answered} requests the load client counted ` +
      `(it does not count those still under way when a run ends; the log does). ` +
      `Load client: ${input.client.description}${input.client.note ? ` (${input.client.note})` : ""}; ${CONNECTIONS} connections (\`${SIGNED_IN}\`: ${SIGNED_IN_CONNECTIONS}), ${DURATION} s per run, ` +
      `rounds: ${ROUNDS}, site and bare interleaved page by page and, within a page's run, taking turns in ${SLICES} slice(s) of ${SLICE_SECONDS} s (a run's figures are the sums of its slices; p99 the highest slice's), after a ${WARMUP} s warm-up of each (${SIGNED_IN}: ${signedInWarmUpText} on the site); ${PIN.description} during these runs only (not for \`${SIGNED_IN}\`, measured unpinned). Requests carry a browser's headers (\`Accept-Encoding: ${BROWSER_HEADERS["accept-encoding"]}\`).`,
  );
  lines.push("");
  lines.push("## Figures against their targets");
  lines.push("");
  lines.push("| figure | target | measured | |");
  lines.push("|---|---|---|---|");
  lines.push(
    `| anonymous pages, site / bare req/s (br), worst page's median over the rounds | ≥ ${percent(TARGETS.anonymousRatio)} | ${percent(anonymousRatio)} (\`${worstRatioPage}\`) | ${verdict(anonymousRatio >= TARGETS.anonymousRatio)} |`,
  );
  lines.push(
    `| the same, CPU-bound: bare CPU per request ÷ site CPU per request (worst page) | ≥ ${percent(TARGETS.anonymousRatio)} | ${percent(anonymousCpuRatio)} (\`${worstCpuRatioPage}\`) | ${verdict(anonymousCpuRatio >= TARGETS.anonymousRatio)} |`,
  );
  lines.push(
    `| cached anonymous page, server CPU per request, logging on (worst page) | ≤ ${TARGETS.cachedCpuMs} ms | ${cachedCpu.toFixed(3)} ms (\`${worstCpuPage}\`) | ${verdict(cachedCpu <= TARGETS.cachedCpuMs)} |`,
  );
  lines.push(
    `| signed-in \`/profile\`, server CPU per request | ≤ ${TARGETS.profileCpuMs} ms | ${profileCpu.toFixed(2)} ms | ${verdict(profileCpu <= TARGETS.profileCpuMs)} |`,
  );
  if (input.signedInWarmUp)
    lines.push(
      `| the same during its warm-up on the server just started (JIT compiling; not the figure): ${warmUpSummary(input.signedInWarmUp)} | — | ${input.signedInWarmUp.cpuMsPerRequest.toFixed(2)} ms | — |`,
    );
  lines.push(
    `| cold start (spawn → first 200 of \`/\`), demo database, median of 3 | ≤ ${TARGETS.coldStartMs} ms | ${cold.median.toFixed(0)} ms (${cold.min.toFixed(0)}–${cold.max.toFixed(0)}) | ${verdict(cold.median <= TARGETS.coldStartMs)} |`,
  );
  if ("skipped" in input.atScale) {
    lines.push(`| cold start, 100× database | ≤ ${TARGETS.coldStartMs} ms | not measured (see below) | — |`);
    lines.push(`| signed-in \`/profile\` CPU, 100× database | ≤ ${TARGETS.profileCpuMs} ms | not measured | — |`);
  } else {
    const scaleCold = coldStartSummary(input.atScale.coldStartsMs);
    lines.push(
      `| cold start, 100× database (${input.atScale.sizeMiB.toFixed(0)} MiB), median of 3 | ≤ ${TARGETS.coldStartMs} ms | ${scaleCold.median.toFixed(0)} ms (${scaleCold.min.toFixed(0)}–${scaleCold.max.toFixed(0)}) | ${verdict(scaleCold.median <= TARGETS.coldStartMs)} |`,
    );
    lines.push(
      `| signed-in \`/profile\` CPU, 100× database | ≤ ${TARGETS.profileCpuMs} ms | ${input.atScale.profile.cpuMsPerRequest.toFixed(2)} ms | ${verdict(input.atScale.profile.cpuMsPerRequest <= TARGETS.profileCpuMs)} |`,
    );
    lines.push(
      `| the same during its warm-up on the server just started (JIT compiling; not the figure): ${warmUpSummary(input.atScale.profile.warmUp)} | — | ${input.atScale.profile.warmUp.cpuMsPerRequest.toFixed(2)} ms | — |`,
    );
    lines.push(
      `| cached \`/\` CPU, 100× database | ≤ ${TARGETS.cachedCpuMs} ms | ${input.atScale.home.cpuMsPerRequest.toFixed(3)} ms | ${verdict(input.atScale.home.cpuMsPerRequest <= TARGETS.cachedCpuMs)} |`,
    );
    const exported = input.atScale.exportWhileServing;
    if ("failed" in exported) lines.push(`| anonymous p99 during a 100× export | ≤ 50 ms | not measured: ${exported.failed} | — |`);
    else {
      lines.push(
        `| anonymous p99 while a year of the ledger is exported (XLSX, ${exported.exportMs.toFixed(0)} ms), 100× database | ≤ 50 ms | ${exported.anonymousP99Ms.toFixed(1)} ms (${exported.requests} requests) | ${verdict(exported.anonymousP99Ms <= 50)} |`,
      );
      lines.push(
        `| longest event-loop block during that export | ≤ 50 ms | ${exported.maxLoopDelayMs.toFixed(1)} ms | ${verdict(exported.maxLoopDelayMs <= 50)} |`,
      );
      const first = input.atScale.exportWarmUp;
      if (first) {
        lines.push(
          `| the same, for the first export after the server's start (cold code; measured just before, not the figure above) | — | p99 ${first.anonymousP99Ms.toFixed(1)} ms, longest block ${first.maxLoopDelayMs.toFixed(1)} ms (${first.exportMs.toFixed(0)} ms) | ${verdict(first.anonymousP99Ms <= 50 && first.maxLoopDelayMs <= 50)} |`,
        );
      }
    }
  }
  lines.push(
    `| 5 access PDFs at once (\`/payment/acceso/<id>.pdf\`, signed in), time to the last, median of 3 | ≤ ${TARGETS.fivePdfsMs} ms | ${five.toFixed(0)} ms (${input.pdf.five.map((ms) => ms.toFixed(0)).join(", ")}) | ${verdict(five <= TARGETS.fivePdfsMs)} |`,
  );
  lines.push("");
  lines.push(
    `The client was not the limit when its CPU stays below its ${input.client.parallelism} thread(s) × 100 % while the server's nears 100 % of its one event loop: ` +
      `the client's highest was ${clientMax.toFixed(0)} % (${clientMax >= input.client.parallelism * 90 ? "**near saturation: the client may have been the limit**" : "not saturated"}).`,
  );
  lines.push("");
  lines.push("## Site and bare, page by page");
  lines.push("");
  lines.push(
    `| page | site req/s | bare req/s | site/bare min / median / max | site p50 / p90 / p99 ms | bare p99 ms | server CPU ms/req site (bare) | CPU % of a core in the site runs: server / ${input.client.name} / others | status | errors |`,
  );
  lines.push("|---|---|---|---|---|---|---|---|---|---|");
  for (const page of PAGES) {
    const runs = input.siteRuns.get(page)!;
    const bare = input.bareRuns.get(page)!;
    const r = ratios(page);
    const m = (values: number[], digits = 0) => median(values).toFixed(digits);
    lines.push(
      `| \`${page}\` | ${m(runs.map((x) => x.rps))} | ${m(bare.map((x) => x.rps))} | ${percent(Math.min(...r))} / ${percent(median(r))} / ${percent(Math.max(...r))} | ` +
        `${m(
          runs.map((x) => x.p50),
          2,
        )} / ${m(
          runs.map((x) => x.p90),
          2,
        )} / ${m(
          runs.map((x) => x.p99),
          2,
        )} | ${m(
          bare.map((x) => x.p99),
          2,
        )} | ` +
        `${m(
          runs.map((x) => x.serverCpuMsPerRequest),
          3,
        )} (${m(
          bare.map((x) => x.serverCpuMsPerRequest),
          3,
        )}) | ` +
        `${m(runs.map((x) => x.serverCpuPercent))} / ${m(runs.map((x) => x.clientCpuPercent))} / ${m(runs.map((x) => x.othersCpuPercent))} | ` +
        `${input.captured.get(page)!.status} | ${runs.reduce((n, x) => n + x.errors + x.non2xx, 0)} |`,
    );
  }
  lines.push("");
  lines.push("Medians of the rounds. Load average (1, 5, 15 min) around each round:");
  lines.push("");
  input.rounds.forEach((round, i) => lines.push(`- round ${i + 1}: before ${loads(round.loadBefore)}, after ${loads(round.loadAfter)}`));
  lines.push("");
  const on = median(input.loggingCost.on) * 1000;
  const off = median(input.loggingCost.off) * 1000;
  lines.push(
    `Request logging's cost on the kept \`/\` (fresh server each time, alternated ×${ROUNDS}): ${on.toFixed(1)} µs CPU per request with logging on (production), ` +
      `${off.toFixed(1)} µs with LOG_REQUESTS=false: ${on >= off ? "+" : "−"}${Math.abs(on - off).toFixed(1)} µs (${percent(on / off - 1)}; ` +
      `single runs on a fresh server each vary more than that on this machine).`,
  );
  if (input.bareInside.length > 0) {
    const us = (run: Measured) => (run.serverCpuMsPerRequest * 1000).toFixed(1);
    lines.push("");
    lines.push("## Where the gap to bare is (a diagnosis, not a figure)");
    lines.push("");
    lines.push(
      `A site started with \`bench/bare-inside.mjs\` also answers each page under \`${BARE_INSIDE_PREFIX}\` with the bare server's code, inside the site's process. ` +
        `After the rounds' warm-up (every page, then \`${SIGNED_IN}\` for ${signedInWarmUpText}), each page was asked for by turns, ${SLICES} slice(s) of ${SLICE_SECONDS} s each: ` +
        `the site's own answer, the bare handler inside the site, the bare server alone (pinned as in the rounds). ` +
        `Bare inside ÷ site is what the site's own code leaves (logging, the cache lookup); bare alone ÷ bare inside is what its process leaves ` +
        `(V8's state after rendering pages, a larger heap). 100 % means no cost.`,
    );
    lines.push("");
    lines.push(
      "| page | site µs CPU/req | bare inside the site | bare alone | site's code: inside ÷ site | its process: alone ÷ inside | in all: alone ÷ site |",
    );
    lines.push("|---|---|---|---|---|---|---|");
    for (const row of input.bareInside) {
      const cpu = (run: Measured) => run.serverCpuMsPerRequest;
      lines.push(
        `| \`${row.page}\` | ${us(row.site)} | ${us(row.inside)} | ${us(row.alone)} | ${percent(cpu(row.inside) / cpu(row.site))} | ${percent(cpu(row.alone) / cpu(row.inside))} | ${percent(cpu(row.alone) / cpu(row.site))} |`,
      );
    }
  }
  lines.push("");
  lines.push("## Page weight");
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
  lines.push("## Start, PDFs, memory");
  lines.push("");
  lines.push(`Cold starts on the demo database (spawn → first 200 of \`/\`): ${input.coldStartsMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}.`);
  lines.push("");
  lines.push(
    `Access PDF, warm: one alone ${input.pdf.single.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}; 5 at once, the last after ${input.pdf.five.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}.`,
  );
  lines.push("");
  if ("skipped" in input.atScale) {
    lines.push(`100× database: ${input.atScale.skipped}`);
    lines.push("");
  } else {
    const s = input.atScale;
    lines.push(
      `100× database: grown in ${s.growSeconds.toFixed(0)} s to ${s.sizeMiB.toFixed(0)} MiB; cold starts ${s.coldStartsMs.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}; ` +
        `\`/profile\` ${s.profile.run.rps.toFixed(0)} req/s at ${s.profile.cpuMsPerRequest.toFixed(2)} ms CPU/request; \`/\` ${s.home.run.rps.toFixed(0)} req/s at ${s.home.cpuMsPerRequest.toFixed(3)} ms CPU/request ` +
        `(each the median of ${ROUNDS} runs after the warm-up, on the server started for them).`,
    );
    lines.push("");
  }
  lines.push(
    `Site RSS (MiB) at start and after each site run: ${input.rssSamples.map((r) => r.toFixed(0)).join(", ")} (max ${Math.max(...input.rssSamples).toFixed(0)}).`,
  );
  lines.push("");
  return lines.join("\n");
}

await main();
process.exit(0);
