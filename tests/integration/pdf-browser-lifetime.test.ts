import { spawn } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "vitest";

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// The PDF renderer's Chromium never outlives the process that launched it, even when that process
// is killed outright (SIGKILL: the OOM killer, a process manager giving up on a stop): DevTools
// runs over a pipe, and Chromium exits when the pipe closes (app/pdf/pdf.server.ts). Over a
// WebSocket (puppeteer's default) it kept running, and a box restarted a few times kept them all.
test("Chromium ends with the process that launched it, even one killed with SIGKILL", async () => {
  const owner = spawn(process.execPath, ["--import", "tsx", "tests/support/pdf-owner.ts"], {
    env: { ...process.env, DATABASE_PATH: ":memory:" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  const chromiumPid = await new Promise<number>((resolve, reject) => {
    owner.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split("\n").find((text) => text.startsWith("{"));
      if (line && output.includes("\n")) resolve((JSON.parse(line) as { chromiumPid: number }).chromiumPid);
    });
    owner.once("exit", (code) => reject(new Error(`the process exited (${code}) before rendering: ${output}`)));
  });
  expect(chromiumPid).toBeGreaterThan(0);
  expect(alive(chromiumPid)).toBe(true);

  owner.kill("SIGKILL");
  await new Promise((resolve) => owner.once("exit", resolve));
  const deadline = Date.now() + 10_000;
  while (alive(chromiumPid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  // A zombie (ended, not yet reaped by init) counts as ended: its /proc state is Z.
  expect(alive(chromiumPid) && !isZombie(chromiumPid)).toBe(false);
}, 60_000);

function isZombie(pid: number): boolean {
  try {
    return / Z /.test(fs.readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}
