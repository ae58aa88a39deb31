/**
 * `npm run bench:soak`: ten minutes of mixed load on the built site (anonymous pages and a
 * signed-in /profile at once), sampling the server's resident memory every 15 s, to show whether
 * memory stays flat (issue 11: ≤ 300 MiB, flat under a 10-minute soak). Writes bench/soak.md.
 * Not part of `npm test`.
 *
 *   SOAK_MINUTES=10 SOAK_CONNECTIONS=50 BENCH_PORT=3205 npm run bench:soak
 */
import fs from "node:fs";
import path from "node:path";
import autocannon, { type Result } from "autocannon";
import { freshDatabase, sessionSecret, signedInCookie, siteEnv, startSite, stopChild } from "./site";

const PORT = Number(process.env.BENCH_PORT ?? 3205);
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 50);
const SAMPLE_SECONDS = 15;
const ANONYMOUS = ["/", "/direccion/medica", "/ensenanza/offer", "/legado-artistico", "/hemerobiblioteca", "/buscar?q=pediatria", "/transparencia"];

function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return kb / 1024;
}

function average(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
}

const database = freshDatabase(`soak-${PORT}`);
const env = siteEnv(PORT, database);
const first = await startSite(env);
await stopChild(first.child);
process.env.DATABASE_PATH = database;
process.env.SESSION_SECRET = sessionSecret;
const cookie = await signedInCookie();
const site = await startSite(env);
const pid = site.child.pid!;
const durationSeconds = MINUTES * 60;
const encoding = { "accept-encoding": "br, gzip" };

const samples: { second: number; rss: number }[] = [{ second: 0, rss: rssMiB(pid) }];
const started = Date.now();
const timer = setInterval(() => samples.push({ second: Math.round((Date.now() - started) / 1000), rss: rssMiB(pid) }), SAMPLE_SECONDS * 1000);

const half = Math.max(1, Math.floor(CONNECTIONS / 2));
function run(options: Parameters<typeof autocannon>[0]): Promise<Result> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(result))));
}

const [anonymous, signedIn] = await Promise.all([
  run({
    url: `http://127.0.0.1:${PORT}`,
    connections: half,
    duration: durationSeconds,
    requests: ANONYMOUS.map((page) => ({ method: "GET" as const, path: page, headers: encoding })),
  }),
  run({ url: `http://127.0.0.1:${PORT}/profile`, connections: CONNECTIONS - half, duration: durationSeconds, headers: { ...encoding, cookie } }),
]);
clearInterval(timer);
samples.push({ second: Math.round((Date.now() - started) / 1000), rss: rssMiB(pid) });
await stopChild(site.child);

const rss = samples.map((sample) => sample.rss);
const firstMinutes = samples.filter((sample) => sample.second > 60 && sample.second <= 180).map((s) => s.rss);
const lastMinutes = samples.filter((sample) => sample.second > durationSeconds - 120).map((s) => s.rss);
const report = [
  `# Soak: ${MINUTES} min, ${CONNECTIONS} connections (${half} anonymous over ${ANONYMOUS.length} pages, ${CONNECTIONS - half} signed in on /profile)`,
  "",
  `Machine: ${process.platform} ${process.arch}, Node ${process.version}, ${new Date().toISOString()}.`,
  "",
  `| load | requests | req/s | p50 ms | p99 ms | errors | non-2xx |`,
  `|---|---|---|---|---|---|---|`,
  ...(
    [
      ["anonymous", anonymous],
      ["/profile", signedIn],
    ] as const
  ).map(([name, r]) => {
    return `| ${name} | ${r.requests.total} | ${r.requests.average.toFixed(0)} | ${r.latency.p50} | ${r.latency.p99} | ${r.errors} | ${r.non2xx} |`;
  }),
  "",
  `RSS (MiB): start ${rss[0]!.toFixed(0)}, max ${Math.max(...rss).toFixed(0)}, end ${rss.at(-1)!.toFixed(0)}; ` +
    `average of minutes 2–3 ${average(firstMinutes).toFixed(0)}, of the last two minutes ${average(lastMinutes).toFixed(0)}.`,
  "",
  `Samples every ${SAMPLE_SECONDS} s: ${samples.map((sample) => `${sample.second}s ${sample.rss.toFixed(0)}`).join(", ")}.`,
  "",
].join("\n");
fs.writeFileSync(path.resolve("bench/soak.md"), report);
process.stdout.write(report);
