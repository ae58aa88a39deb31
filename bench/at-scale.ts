/**
 * The 100× part of `npm run bench` (issue 22): a copy of the bench's seeded database grown to a
 * hundred times the demo data by bench/grow-database.ts, then the production server started on
 * it. Skipped, with a note, while bench/grow-database.ts does not exist.
 *
 * bench/grow-database.ts is run in a process of its own, as its usage line says:
 *   node --import tsx bench/grow-database.ts --factor 100 --from <seeded database> --out <file>
 * (it copies the base, grows the copy, seeded and deterministic, and exits 0).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { keptAnonymousPages, LOOP_PROBE, measureExportWhileServing, type ExportWhileServing } from "./export-while-serving";
import { warmUp, type LoadClient, type LoadRun, type WarmUp } from "./load";
import { median, processCpuMs } from "./measure";
import { benchParticipant, siteEnv, startSite, stopChild } from "./site";

export const GROWER = "bench/grow-database.ts";
const FACTOR = 100;

export type AtScale =
  | { skipped: string }
  | {
      growSeconds: number;
      sizeMiB: number;
      coldStartsMs: number[];
      /** warmUp: the same page during its warm-up, right after the start (reported, not the figure). */
      profile: { run: LoadRun; cpuMsPerRequest: number; logged: number; warmUp: WarmUp };
      home: { run: LoadRun; cpuMsPerRequest: number; logged: number };
      /** A year of the ledger as XLSX while anonymous pages are asked for (decision 0040). */
      exportWhileServing: ExportWhileServing | { failed: string };
      /** The export before it, the first after the server's start (cold code): reported, not the figure. */
      exportWarmUp?: ExportWhileServing;
    };

export async function measureAtScale(options: {
  database1x: string;
  port: number;
  client: LoadClient;
  connections: number;
  /** For the signed-in page (it renders on every request). */
  signedInConnections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** The signed-in page's warm-up (bench/load.ts `warmUp`): its render code takes thousands of requests to be compiled. */
  signedInWarmUp: { requests: number; stepSeconds: number; maxSeconds: number };
  /** Runs per page after the warm-up (the median is reported), as for the 1× figures. */
  rounds: number;
  headers: Record<string, string>;
  logFd: number;
  log: (message: string) => void;
}): Promise<AtScale> {
  const { log } = options;
  if (!fs.existsSync(path.resolve(GROWER))) {
    const skipped = `${GROWER} does not exist yet: the 100× figures (cold start, /profile) were not measured.`;
    log(`Note: ${skipped}`);
    return { skipped };
  }
  const file = path.join(os.tmpdir(), `himfg-bench-${options.port}-x${FACTOR}.db`);
  log(`Growing a copy of the database ×${FACTOR} (${GROWER})…`);
  const started = performance.now();
  // The base is the bench's seeded 1× database (its server is stopped).
  const grown = spawnSync(process.execPath, ["--import", "tsx", GROWER, "--factor", String(FACTOR), "--from", options.database1x, "--out", file], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (grown.status !== 0) {
    const skipped = `${GROWER} failed (exit ${grown.status}): the 100× figures were not measured.`;
    log(`Note: ${skipped}`);
    return { skipped };
  }
  const growSeconds = (performance.now() - started) / 1000;
  // The server's event-loop delay is read by a preloaded probe (the export figure below).
  const probeFile = `${file}.loop-delay.json`;
  const env = { ...siteEnv(options.port, file), NODE_OPTIONS: `--import ${LOOP_PROBE}`, LOOP_PROBE_FILE: probeFile } as NodeJS.ProcessEnv;

  // The first start applies anything the grower left to do; the next three are timed.
  await stopChild((await startSite(env, { stdout: options.logFd })).child);
  const coldStartsMs: number[] = [];
  let site = await startSite(env, { stdout: options.logFd });
  for (let i = 0; i < 3; i++) {
    if (i > 0) site = await startSite(env, { stdout: options.logFd });
    coldStartsMs.push(site.readyMs);
    if (i < 2) await stopChild(site.child);
  }
  log(`×${FACTOR} cold start: ${coldStartsMs.map((ms) => ms.toFixed(0)).join(", ")} ms`);
  const sizeMiB = fs.statSync(file).size / 1024 / 1024;

  const { cookie } = benchParticipant(file);
  // Measured as the 1× figures are: `rounds` runs after the warm-up, the median run kept. A fresh
  // server's /profile costs two to three times its steady CPU per request over its first thousand
  // requests (its render code is still being compiled), so the signed-in page warms up for a count
  // of requests (signedInWarmUp), and what the warm-up cost is reported beside the figure (issue 22).
  const measureRuns = async (url: string, headers: Record<string, string>, connections: number) => {
    const runs: { run: LoadRun; cpuMsPerRequest: number }[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const before = processCpuMs(site.child.pid!);
      const run = await options.client.run({ url, headers, connections, durationSeconds: options.durationSeconds });
      runs.push({ run, cpuMsPerRequest: run.requests > 0 ? (processCpuMs(site.child.pid!) - before) / run.requests : NaN });
    }
    return { kept: medianRun(runs), requests: runs.reduce((sum, each) => sum + each.run.requests, 0) };
  };
  const base = `http://127.0.0.1:${options.port}`;
  const profileHeaders = { ...options.headers, cookie };
  const profileWarmUp = await warmUp(
    options.client,
    { url: `${base}/profile`, headers: profileHeaders, connections: options.signedInConnections },
    { ...options.signedInWarmUp, serverPid: site.child.pid! },
  );
  const profileRuns = await measureRuns(`${base}/profile`, profileHeaders, options.signedInConnections);
  const profile = { ...profileRuns.kept, warmUp: profileWarmUp, logged: profileWarmUp.requests + profileRuns.requests };
  const homeWarm = await options.client.run({
    url: `${base}/`,
    headers: options.headers,
    connections: options.connections,
    durationSeconds: options.warmupSeconds,
  });
  const homeRuns = await measureRuns(`${base}/`, options.headers, options.connections);
  const home = { ...homeRuns.kept, logged: homeWarm.requests + homeRuns.requests };
  log(`×${FACTOR} /profile: ${profile.cpuMsPerRequest.toFixed(2)} ms CPU/request; /: ${home.cpuMsPerRequest.toFixed(3)} ms CPU/request`);
  let exportWhileServing: ExportWhileServing | { failed: string };
  let exportWarmUp: ExportWhileServing | undefined;
  const session = spawnSync(process.execPath, ["--import", "tsx", "bench/staff-session.ts"], {
    env: { ...env, NODE_OPTIONS: "" },
    encoding: "utf8",
  });
  if (session.status === 0) {
    const { cookie: staffCookie } = JSON.parse(session.stdout) as { cookie: string };
    const measureExport = async () =>
      measureExportWhileServing({ base, serverPid: site.child.pid!, probeFile, staffCookie, pages: await keptAnonymousPages(base, file) });
    // The first export after a start runs cold code: it is not the figure (as in npm test's load test).
    exportWarmUp = await measureExport();
    exportWhileServing = await measureExport();
    log(
      `×${FACTOR} ledger year XLSX export: ${exportWhileServing.exportMs.toFixed(0)} ms; anonymous p99 during it ` +
        `${exportWhileServing.anonymousP99Ms.toFixed(1)} ms (${exportWhileServing.requests} requests); longest event-loop delay ${exportWhileServing.maxLoopDelayMs.toFixed(1)} ms`,
    );
  } else exportWhileServing = { failed: `bench/staff-session.ts failed: ${session.stderr.trim()}` };
  await stopChild(site.child);
  for (const suffix of ["", "-wal", "-shm", ".loop-delay.json"]) fs.rmSync(file + suffix, { force: true });
  return { growSeconds, sizeMiB, coldStartsMs, profile, home, exportWhileServing, exportWarmUp };
}

/** The run whose CPU per request is the median of the runs (the lower middle one for an even count). */
function medianRun<T extends { cpuMsPerRequest: number }>(runs: T[]): T {
  const sorted = [...runs].sort((a, b) => a.cpuMsPerRequest - b.cpuMsPerRequest);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export function coldStartSummary(values: number[]) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}
