// `npm start`: builds the site when the build is missing or older than the sources, then serves
// it (migrations and seeds run at server start).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const buildFile = path.resolve("build/server.js");
const sources = ["app", "server", "migrations", "seeds", "remix.config.js", "package.json"];

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const built = fs.existsSync(buildFile) && fs.existsSync(path.resolve("public/fonts")) ? fs.statSync(buildFile).mtimeMs : 0;
const changed = Math.max(...sources.map(newestMtime));
if (built < changed) {
  console.log("Building the site (first start or sources changed)…");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", shell: process.platform === "win32" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server's JavaScript heap is capped (decision 0029): with a whole machine's memory in view V8
// lets the old generation grow to 150+ MiB of mostly garbage under load; live data stays near
// 50–100 MiB, so 192 MiB keeps the process under 300 MiB resident. SERVER_HEAP_MB raises it.
const heapMb = Number(process.env.SERVER_HEAP_MB ?? 192);
if (!Number.isInteger(heapMb) || heapMb < 96 || heapMb > 8192) {
  console.error(`SERVER_HEAP_MB must be a whole number of MiB between 96 and 8192 (got "${process.env.SERVER_HEAP_MB}").`);
  process.exit(1);
}
const child = spawn(process.execPath, [`--max-old-space-size=${heapMb}`, "build/server.js"], {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
