/**
 * The 100× export figure (issue 22, decision 0040): a year of the ledger exported as XLSX by a
 * signed-in admin while anonymous pages are asked for one after another (the home page,
 * the course list, the catalogue and an information page, as the page cache serves them). Reports the export's time, the anonymous p99 during it and the server's longest
 * event-loop delay (tests/support/loop-delay-probe.mjs preloaded into the server, read on SIGUSR2).
 * tests/load/export-while-serving.test.ts asserts the same figures in `npm test`.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const LOOP_PROBE = path.resolve("tests/support/loop-delay-probe.mjs");
/** The grown data's last year (bench/grow-database.ts's "now" is 2026-11-15). */
export const LEDGER_YEAR_EXPORT = "/admin/pagos/exportar?formato=xlsx&desde=2025-11-16&hasta=2026-11-15";

export interface ExportWhileServing {
  exportMs: number;
  exportBytes: number;
  status: number;
  requests: number;
  anonymousP99Ms: number;
  maxLoopDelayMs: number;
}

/** The server's longest event-loop delay since the previous call. */
async function loopDelay(child: ChildProcess, probeFile: string): Promise<number> {
  const seq = () => (fs.existsSync(probeFile) ? (JSON.parse(fs.readFileSync(probeFile, "utf8")) as { seq: number; maxMs: number }) : null);
  const before = seq()?.seq ?? 0;
  child.kill("SIGUSR2");
  for (let i = 0; i < 400; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const report = seq();
    if (report && report.seq > before) return report.maxMs;
  }
  throw new Error("the loop-delay probe did not answer (was the server started with NODE_OPTIONS=--import it?)");
}

export async function measureExportWhileServing(options: {
  base: string;
  child: ChildProcess;
  probeFile: string;
  staffCookie: string;
  exportPath?: string;
}): Promise<ExportWhileServing> {
  const timed = async (url: string) => {
    const started = performance.now();
    const response = await fetch(options.base + url, { headers: { "accept-encoding": "br, gzip" } });
    await response.arrayBuffer();
    return performance.now() - started;
  };
  const pages = () => ["/", "/cursos2025", "/ensenanza/offer", "/transparencia"];
  for (let i = 0; i < 5; i++) for (const page of pages()) await timed(page);
  await loopDelay(options.child, options.probeFile);
  const started = performance.now();
  let done = false;
  const exported = fetch(options.base + (options.exportPath ?? LEDGER_YEAR_EXPORT), { headers: { cookie: options.staffCookie } }).then(
    async (response) => {
      const bytes = (await response.arrayBuffer()).byteLength;
      done = true;
      return { status: response.status, bytes, ms: performance.now() - started };
    },
  );
  const samples: number[] = [];
  while (!done) for (const page of pages()) samples.push(await timed(page));
  const result = await exported;
  const maxLoopDelayMs = await loopDelay(options.child, options.probeFile);
  samples.sort((a, b) => a - b);
  return {
    exportMs: result.ms,
    exportBytes: result.bytes,
    status: result.status,
    requests: samples.length,
    anonymousP99Ms: samples[Math.min(samples.length - 1, Math.ceil(samples.length * 0.99) - 1)] ?? NaN,
    maxLoopDelayMs,
  };
}
