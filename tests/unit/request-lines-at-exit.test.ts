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
  // Many more hits: a hundred (a batch part full), a line that fits an empty batch only (120 KB in
  // UTF-8, 40,000 characters), thousands (several batches), a line longer than any batch, one more.
  const many = Number(process.env.MANY ?? 0);
  if (many > 0) {
    const tail = requestLineTail("GET", "/ñ", 200);
    for (let i = 0; i < 100; i++) logKeptPageRequest("n" + i, tail, i % 10);
    logRequest({ ...request, requestId: "casi", path: "/" + "€".repeat(40_000) });
    for (let i = 100; i < many; i++) logKeptPageRequest("n" + i, tail, i % 10);
    logRequest({ ...request, requestId: "largo", path: "/" + "ñ".repeat(50_000) });
    logKeptPageRequest("último", tail, 0.5);
  }
  process.exit(0);
`;

function linesWrittenAtExit(request: RequestLine, kept: KeptPageHit, many = 0) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", SCRIPT], {
    cwd: process.cwd(),
    env: { ...process.env, LOG_LEVEL: "info", LINES: JSON.stringify({ request, kept }), MANY: String(many) },
    maxBuffer: 64 * 1024 * 1024,
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

  test("lines across many batches, and one longer than a batch, are all written whole and in order", () => {
    const lines = linesWrittenAtExit(
      { requestId: "a", method: "GET", path: "/uno", status: 200, durationMs: 1.5 },
      { requestId: "b", method: "GET", path: "/dos", status: 200, durationMs: 0.1 },
      5000,
    );
    const ids = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `n${from + i}`);
    expect(lines.map((line) => line.requestId)).toEqual(["a", "b", ...ids(0, 100), "casi", ...ids(100, 5000), "largo", "último"]);
    expect(lines[2]).toEqual(expect.objectContaining({ path: "/ñ", status: 200, durationMs: 0 }));
    expect(lines[102]!.path).toBe("/" + "€".repeat(40_000));
    expect(lines[5003]!.path).toBe("/" + "ñ".repeat(50_000));
  });
});
