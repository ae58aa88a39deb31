/**
 * The 100× export figure (issue 22, decision 0040): a year of the ledger exported as XLSX by a
 * signed-in admin while anonymous pages are asked for one after another (the home page, the
 * busiest course's page, the catalogue and an information page, each a kept page as visitors get
 * it). Reports the export's time, the anonymous p99 during it and the server's longest event-loop
 * delay (tests/support/loop-delay-probe.mjs preloaded into the server, read on SIGUSR2).
 *
 * One measurement for both users: bench/at-scale.ts calls `measureExportWhileServing`, and
 * tests/load/export-while-serving.test.ts runs this file as a process of its own (below), so the
 * client that times the pages is a plain Node process, never the test runner's.
 *
 *   EXPORT_BASE=http://127.0.0.1:3000 EXPORT_SERVER_PID=<pid> LOOP_PROBE_FILE=<file> \
 *   STAFF_COOKIE=<name=value> DATABASE_PATH=<grown db> [EXPORT_RUNS=3] [EXPORT_WITHIN_MS=50] \
 *   [EXPORT_SAVE_TO=<file>] node --import tsx bench/export-while-serving.ts
 *
 * prints { pages, idleP99Ms, warmUp, runs } as JSON: a second of the pages alone, one export not
 * held to anything (the first after a start runs cold code), then up to EXPORT_RUNS measured ones,
 * stopping at the first whose p99 and longest delay are both within EXPORT_WITHIN_MS.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";

export const LOOP_PROBE = path.resolve("tests/support/loop-delay-probe.mjs");
/** The grown data's last year (bench/grow-database.ts's "now" is 2026-11-15). */
export const LEDGER_YEAR = { from: "2025-11-16", to: "2026-11-15" };
export const LEDGER_YEAR_EXPORT = `/admin/pagos/exportar?formato=xlsx&desde=${LEDGER_YEAR.from}&hasta=${LEDGER_YEAR.to}`;

export interface ExportWhileServing {
  exportMs: number;
  exportBytes: number;
  status: number;
  requests: number;
  anonymousP99Ms: number;
  maxLoopDelayMs: number;
  /** The 1-minute load average when the export ended. */
  loadAverage: number;
}

function percentile99(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? NaN;
}

/** One anonymous page as a browser asks for it, timed to its last byte. */
async function timed(base: string, page: string): Promise<{ ms: number; status: number; cache: string | null }> {
  const started = performance.now();
  const ask = () => fetch(base + page, { headers: { "accept-encoding": "br, gzip" } });
  // A kept-alive socket the server closed after 5 idle seconds: ask again once.
  const response = await ask().catch(ask);
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status, cache: response.headers.get("x-page-cache") };
}

/**
 * The pages asked for during the export: the home page, the page of the course with the most
 * enrolments, the catalogue and an information page. Each must answer 200 and be kept by the page
 * cache by its second request (a page rendered afresh costs ~30 ms by itself, which would measure
 * the render, not the export).
 */
export async function keptAnonymousPages(base: string, databaseFile: string): Promise<string[]> {
  const database = new Database(databaseFile, { readonly: true, fileMustExist: true });
  let courses: { course_url: string }[];
  try {
    courses = database
      .prepare(
        `SELECT c.course_url FROM courses c JOIN enrolments e ON e.course_id = c.course_id
         WHERE c.course_url IS NOT NULL GROUP BY c.course_id ORDER BY count(*) DESC LIMIT 20`,
      )
      .all() as { course_url: string }[];
  } finally {
    database.close();
  }
  let coursePage: string | null = null;
  for (const { course_url } of courses) {
    if ((await timed(base, `/cursos2025/${course_url}`)).status === 200) {
      coursePage = `/cursos2025/${course_url}`;
      break;
    }
  }
  if (!coursePage) throw new Error("none of the 20 busiest courses has a public page");
  const pages = ["/", coursePage, "/ensenanza/offer", "/transparencia"];
  for (const page of pages) {
    await timed(base, page);
    const second = await timed(base, page);
    if (second.status !== 200 || second.cache !== "hit")
      throw new Error(`${page} is not a kept page (${second.status}, X-Page-Cache ${second.cache})`);
  }
  return pages;
}

/** The server's longest event-loop delay since the previous call. */
async function loopDelay(serverPid: number, probeFile: string): Promise<number> {
  const read = () => (fs.existsSync(probeFile) ? (JSON.parse(fs.readFileSync(probeFile, "utf8")) as { seq: number; maxMs: number }) : null);
  const before = read()?.seq ?? 0;
  process.kill(serverPid, "SIGUSR2");
  for (let i = 0; i < 400; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const report = read();
    if (report && report.seq > before) return report.maxMs;
  }
  throw new Error("the loop-delay probe did not answer (was the server started with NODE_OPTIONS=--import it?)");
}

/** The anonymous p99 of `pages` asked for one after another for `ms`, with nothing else running. */
export async function idleP99(base: string, pages: string[], ms = 1000): Promise<number> {
  const samples: number[] = [];
  for (const until = performance.now() + ms; performance.now() < until;) for (const page of pages) samples.push((await timed(base, page)).ms);
  return percentile99(samples);
}

export async function measureExportWhileServing(options: {
  base: string;
  serverPid: number;
  probeFile: string;
  staffCookie: string;
  pages: string[];
  exportPath?: string;
  /** Where the exported file is written (the test reads it back). */
  saveTo?: string;
}): Promise<ExportWhileServing> {
  await loopDelay(options.serverPid, options.probeFile);
  const started = performance.now();
  let done = false;
  const exported = fetch(options.base + (options.exportPath ?? LEDGER_YEAR_EXPORT), { headers: { cookie: options.staffCookie } }).then(
    async (response) => {
      const body = Buffer.from(await response.arrayBuffer());
      done = true;
      return { status: response.status, body, ms: performance.now() - started };
    },
  );
  const samples: number[] = [];
  while (!done) {
    for (const page of options.pages) {
      const { ms, status } = await timed(options.base, page);
      if (status !== 200) throw new Error(`${page} answered ${status} during the export`);
      samples.push(ms);
    }
  }
  const result = await exported;
  if (options.saveTo) fs.writeFileSync(options.saveTo, result.body);
  const maxLoopDelayMs = await loopDelay(options.serverPid, options.probeFile);
  return {
    exportMs: result.ms,
    exportBytes: result.body.length,
    status: result.status,
    requests: samples.length,
    anonymousP99Ms: percentile99(samples),
    maxLoopDelayMs,
    loadAverage: os.loadavg()[0]!,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is required`);
    return value;
  };
  const base = env("EXPORT_BASE");
  const pages = await keptAnonymousPages(base, env("DATABASE_PATH"));
  const measure = () =>
    measureExportWhileServing({
      base,
      serverPid: Number(env("EXPORT_SERVER_PID")),
      probeFile: env("LOOP_PROBE_FILE"),
      staffCookie: env("STAFF_COOKIE"),
      pages,
      saveTo: process.env.EXPORT_SAVE_TO,
    });
  const within = Number(process.env.EXPORT_WITHIN_MS ?? Infinity);
  const idle = await idleP99(base, pages);
  const warmUp = await measure();
  const runs: ExportWhileServing[] = [];
  for (let i = 0; i < Number(process.env.EXPORT_RUNS ?? 3); i++) {
    const run = await measure();
    runs.push(run);
    if (run.anonymousP99Ms <= within && run.maxLoopDelayMs <= within) break;
  }
  process.stdout.write(JSON.stringify({ pages, idleP99Ms: idle, warmUp, runs }));
}
