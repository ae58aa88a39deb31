/**
 * The load client of `npm run bench`, and what it cost. wrk (Debian's package; C, epoll) when it is
 * installed, else autocannon in several worker processes (printed). Each run reports the client's
 * own CPU time, so a reader can see whether the client, rather than the server, was the limit
 * (issue 22: one autocannon process saturated near 10k req/s and made every server look equal).
 */
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import { processCpuMs } from "./measure";

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
  /** wrk only: the cores it may run on (taskset's list), so it never shares the server's (bench/pinning.ts). */
  cpus?: string;
}

export interface LoadRun {
  requests: number;
  seconds: number;
  rps: number;
  /** Latency percentiles, ms. */
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time the client used (user + system), ms, all its threads or workers. */
  clientCpuMs: number;
}

export interface LoadClient {
  name: string;
  /** Threads (wrk) or worker processes (autocannon): what the client's CPU is out of. */
  parallelism: number;
  /** Said once at the start of the bench. */
  description: string;
  note?: string;
  run(options: LoadOptions): Promise<LoadRun>;
}

/** wrk when installed (BENCH_CLIENT=autocannon forces the fallback), else autocannon workers. */
export function loadClient(): LoadClient {
  const cores = os.cpus().length;
  // On a small machine the client gets one core and the server (one event loop) another.
  const parallelism = Number(process.env.BENCH_CLIENT_THREADS ?? Math.max(1, Math.min(4, Math.floor(cores / 2))));
  const wrkFound = process.env.BENCH_CLIENT !== "autocannon" && spawnSync("wrk", ["--version"], { encoding: "utf8" }).error === undefined;
  if (wrkFound) {
    const version = spawnSync("wrk", ["--version"], { encoding: "utf8" }).stdout.split("\n")[0]!.trim();
    return { name: "wrk", parallelism, description: `${version}, ${parallelism} thread(s)`, run: (options) => runWrk(options, parallelism) };
  }
  return {
    name: "autocannon",
    parallelism,
    description: `autocannon in ${parallelism} worker process(es)`,
    note:
      process.env.BENCH_CLIENT === "autocannon"
        ? "BENCH_CLIENT=autocannon: wrk not used."
        : "wrk is not installed (Debian/Ubuntu: apt-get install wrk): autocannon in worker processes instead; watch its CPU column.",
    run: (options) => runAutocannonWorkers(options, parallelism),
  };
}

function runWrk(options: LoadOptions, threads: number): Promise<LoadRun> {
  // A slow page (a signed-in render under a full queue) is slow, not an error: 10 s before a timeout.
  const args = [`-t${threads}`, `-c${options.connections}`, `-d${options.durationSeconds}s`, "--timeout", "10s", "--latency"];
  for (const [name, value] of Object.entries(options.headers)) args.push("-H", `${name}: ${value}`);
  args.push(options.url);
  // The shell's `times` prints its children's CPU time once wrk has exited: wrk's own, exactly.
  const pinned = options.cpus ? `taskset -c ${options.cpus} ` : "";
  const script = `${pinned}wrk "$@"; code=$?; echo "@@times"; times; exit $code`;
  return new Promise((resolve, reject) => {
    const child = spawn("sh", ["-c", script, "sh", ...args], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`wrk exited with ${code}: ${err || out}`));
      try {
        resolve(parseWrk(out));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

function ms(value: string, unit: string): number {
  const n = Number(value);
  if (unit === "us") return n / 1000;
  if (unit === "s") return n * 1000;
  if (unit === "m") return n * 60_000;
  return n;
}

export function parseWrk(out: string): LoadRun {
  const [report, times = ""] = out.split("@@times");
  const latency = (percent: number) => {
    const match = new RegExp(`^\\s*${percent}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, "m").exec(report!);
    return match ? ms(match[1]!, match[2]!) : NaN;
  };
  const total = /(\d+) requests in ([\d.]+)(us|ms|s|m)/.exec(report!);
  if (!total) throw new Error(`could not read wrk's output:\n${report}`);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report!);
  const non2xx = /Non-2xx or 3xx responses: (\d+)/.exec(report!);
  // `times`: the shell's own user/system line, then its children's.
  const childTimes = times.trim().split("\n")[1] ?? "";
  const cpu = [...childTimes.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60_000 + Number(m[2]) * 1000, 0);
  const requests = Number(total[1]);
  const seconds = ms(total[2]!, total[3]!) / 1000;
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: latency(50),
    p90: latency(90),
    p99: latency(99),
    errors: socket ? Number(socket[1]) + Number(socket[2]) + Number(socket[3]) + Number(socket[4]) : 0,
    non2xx: non2xx ? Number(non2xx[1]) : 0,
    clientCpuMs: cpu,
  };
}

interface WorkerResult {
  requests: number;
  seconds: number;
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  non2xx: number;
  cpuMs: number;
}

async function runAutocannonWorkers(options: LoadOptions, workers: number): Promise<LoadRun> {
  const share = (i: number) => Math.floor(options.connections / workers) + (i < options.connections % workers ? 1 : 0);
  const results = await Promise.all(
    Array.from(
      { length: workers },
      (_, i) =>
        new Promise<WorkerResult>((resolve, reject) => {
          const child = spawn(process.execPath, ["--import", "tsx", "bench/autocannon-worker.ts"], {
            stdio: ["ignore", "inherit", "inherit", "ipc"],
          });
          child.once("message", (message) => resolve(message as WorkerResult));
          child.once("exit", (code) => code !== 0 && reject(new Error(`autocannon worker exited with ${code}`)));
          child.send({ ...options, connections: share(i) });
        }),
    ),
  );
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const seconds = Math.max(...results.map((r) => r.seconds));
  // Per-worker percentiles cannot be merged exactly: the median of the medians, the worst p90/p99.
  const sorted = results.map((r) => r.p50).sort((a, b) => a - b);
  return {
    requests,
    seconds,
    rps: requests / seconds,
    p50: sorted[Math.floor(sorted.length / 2)]!,
    p90: Math.max(...results.map((r) => r.p90)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    clientCpuMs: results.reduce((n, r) => n + r.cpuMs, 0),
  };
}

/** What `warmUp` did: how many requests, how long, and the server's CPU per request in each step. */
export interface WarmUp {
  requests: number;
  seconds: number;
  /** Server CPU (all threads) per request of each step, ms, in order: the JIT settling shows as a fall that levels off. */
  stepCpuMsPerRequest: number[];
  /** The whole warm-up's server CPU per request, ms. */
  cpuMsPerRequest: number;
}

/**
 * Asks for a page until the server has answered `requests` of it (steps of `stepSeconds`), or for
 * at most `maxSeconds`. V8 compiles a page's code after so many calls, not after so many seconds:
 * warmed up for a fixed time, a slower or busier machine measured code still being compiled
 * (a 15 s warm-up was 3,700 requests of /profile on a quiet host and 1,000 on one whose host took
 * half of each core), so the signed-in page warms up for a count of requests instead (issue 22).
 */
export async function warmUp(
  client: LoadClient,
  load: Omit<LoadOptions, "durationSeconds">,
  until: { requests: number; stepSeconds: number; maxSeconds: number; serverPid: number },
): Promise<WarmUp> {
  const done: WarmUp = { requests: 0, seconds: 0, stepCpuMsPerRequest: [], cpuMsPerRequest: NaN };
  const startedCpu = processCpuMs(until.serverPid);
  while (done.requests < until.requests && done.seconds < until.maxSeconds) {
    const before = processCpuMs(until.serverPid);
    const run = await client.run({ ...load, durationSeconds: Math.max(1, Math.min(until.stepSeconds, Math.round(until.maxSeconds - done.seconds))) });
    done.requests += run.requests;
    done.seconds += run.seconds;
    done.stepCpuMsPerRequest.push(run.requests > 0 ? (processCpuMs(until.serverPid) - before) / run.requests : NaN);
    if (run.requests === 0) break;
  }
  done.cpuMsPerRequest = done.requests > 0 ? (processCpuMs(until.serverPid) - startedCpu) / done.requests : NaN;
  return done;
}

/** A warm-up in a line: requests, seconds, and the CPU per request of its steps (ms). */
export function warmUpSummary(done: WarmUp): string {
  const steps = done.stepCpuMsPerRequest.map((ms) => ms.toFixed(2)).join(", ");
  return `${done.requests} requests in ${done.seconds.toFixed(0)} s, ms per request step by step: ${steps}`;
}
