import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";

// Request lines wait in a batch (app/utils/logger.server.ts) before they go to the buffered
// destination. A process that ends without the graceful stop (process.exit from anywhere) must
// still write them: the batch goes to the destination before the destination's own exit flush.
function runAndExit(script: string) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "info" },
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe("request lines at exit", () => {
  test("a batch still waiting is written when the process exits at once", () => {
    const lines = runAndExit(`
      const { logRequest, logKeptPageRequest, requestLineTail } = await import("./app/utils/logger.server.ts");
      logRequest({ requestId: "a", method: "GET", path: "/uno", status: 200, durationMs: 1.5 });
      logKeptPageRequest("b", requestLineTail("HEAD", "/dos", 304), 0.1);
      process.exit(0);
    `);
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", message: "request", requestId: "a", method: "GET", path: "/uno", status: 200, durationMs: 1.5 }),
      expect.objectContaining({ level: "info", message: "request", requestId: "b", method: "HEAD", path: "/dos", status: 304, durationMs: 0.1 }),
    ]);
  });

  test("a kept page's line has the keys and order of every other request line", () => {
    const lines = runAndExit(`
      const { logRequest, logKeptPageRequest, requestLineTail } = await import("./app/utils/logger.server.ts");
      logRequest({ requestId: "a", method: "GET", path: '/con "comillas" y ñ', status: 503, durationMs: 2 });
      logKeptPageRequest("b", requestLineTail("GET", '/con "comillas" y ñ', 200), 0);
      process.exit(0);
    `);
    expect(lines.map((line) => Object.keys(line))).toEqual([
      ["level", "message", "time", "requestId", "method", "path", "status", "durationMs"],
      ["level", "message", "time", "requestId", "method", "path", "status", "durationMs"],
    ]);
    expect(lines.map((line) => [line.level, line.path])).toEqual([
      ["error", '/con "comillas" y ñ'],
      ["info", '/con "comillas" y ñ'],
    ]);
  });
});
