// `npm start`: builds the site when the build is missing or older than the sources, then serves
// it (migrations and seeds run at server start).
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serverNodeArgs } from "./server-node-args.mjs";

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

const node = serverNodeArgs();
if (node.error) {
  console.error(node.error);
  process.exit(1);
}
const child = spawn(process.execPath, node.args, {
  stdio: "inherit",
  env: { NODE_ENV: "production", ...process.env },
});
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
