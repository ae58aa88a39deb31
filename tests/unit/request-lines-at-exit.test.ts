import { spawnSync } from "node:child_process";
import { describe, expect, test } from "vitest";
import type { RequestLine } from "~/utils/logger.server";

// Request lines wait in a batch (app/utils/logger.server.ts) before they go to the buffered
// destination. A process that ends without the graceful stop (process.exit from anywhere) must
// still write them: the batch goes to the destination before the destination's own exit flush.

/** What the fast path gives `logKeptPageRequest`: the kept page's method, path and status, and this hit's id and duration. */
interface KeptPageHit {
  requestId: string;
  method: string;
  path: string;
  status: number;
  durationMs: number;
}

// A child process logs one ordinary request line and one kept page's line, then exits at once.
const SCRIPT = `
  const { logRequest, logKeptPageRequest, requestLineTail } = await import("./app/utils/logger.server.ts");
  const { request, kept } = JSON.parse(process.env.LINES);
  logRequest(request);
  logKeptPageRequest(kept.requestId, requestLineTail(kept.method, kept.path, kept.status), kept.durationMs);
  process.exit(0);
`;

function linesWrittenAtExit(request: RequestLine, kept: KeptPageHit) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "info", LINES: JSON.stringify({ request, kept }) },
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
    const lines = linesWrittenAtExit(
      { requestId: "a", method: "GET", path: "/uno", status: 200, durationMs: 1.5 },
      { requestId: "b", method: "HEAD", path: "/dos", status: 304, durationMs: 0.1 },
    );
    expect(lines).toEqual([
      expect.objectContaining({ level: "info", message: "request", requestId: "a", method: "GET", path: "/uno", status: 200, durationMs: 1.5 }),
      expect.objectContaining({ level: "info", message: "request", requestId: "b", method: "HEAD", path: "/dos", status: 304, durationMs: 0.1 }),
    ]);
  });

  test("a kept page's line has the keys and order of every other request line", () => {
    const path = '/con "comillas" y ñ';
    const lines = linesWrittenAtExit(
      { requestId: "a", method: "GET", path, status: 503, durationMs: 2 },
      { requestId: "b", method: "GET", path, status: 200, durationMs: 0 },
    );
    expect(lines.map((line) => Object.keys(line))).toEqual([
      ["level", "message", "time", "requestId", "method", "path", "status", "durationMs"],
      ["level", "message", "time", "requestId", "method", "path", "status", "durationMs"],
    ]);
    expect(lines.map((line) => [line.level, line.path])).toEqual([
      ["error", path],
      ["info", path],
    ]);
  });
});
