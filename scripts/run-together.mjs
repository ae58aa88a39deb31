// Runs npm scripts side by side and fails when any of them fails: `npm test`'s checks (lint,
// format:check, typecheck) are single-threaded, so on a 2-core machine they and the build share
// the cores instead of waiting in line (issue 23). Each script's output is held and printed whole
// when it ends, with its time, so the logs of the four do not interleave.
//   node scripts/run-together.mjs lint format:check typecheck build
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error("usage: node scripts/run-together.mjs SCRIPT…");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const started = Date.now();
const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise((resolve) => {
        const child = spawn(npm, ["run", script], { stdio: ["ignore", "pipe", "pipe"] });
        let output = "";
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("error", (error) => (output += `${error.stack}\n`));
        child.on("close", (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          const ok = code === 0;
          process.stdout.write(`\n> npm run ${script}: ${ok ? "ok" : `failed (${signal ?? `exit ${code}`})`} after ${seconds} s\n${output}`);
          resolve(ok);
        });
      }),
  ),
);
const failed = scripts.filter((_, index) => !results[index]);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.map((script) => `npm run ${script}`).join(", ")}`);
  process.exit(1);
}
