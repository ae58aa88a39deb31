import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startServerProcess, type ServerProcess } from "../support/test-server";

// Issue 22: request logging stays on in production, so it must be cheap (pino, buffered) and
// must never write a credential. The server runs as `npm start` runs it (build/server.js: run
// `npm run build` first), request logging on, its standard output into a file.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-request-log-"));
const logFile = path.join(directory, "server.log");
let base = "";

// Credentials as they travel: in the path, in the query, in form bodies.
const verificationToken = crypto.randomBytes(16).toString("hex"); // lower case only: the prefix rule must catch it
const calendarToken = crypto.randomBytes(32).toString("base64url");
const stagedToken = crypto.randomBytes(32).toString("base64url");
const resetToken = crypto.randomBytes(32).toString("base64url");
const setupToken = crypto.randomBytes(32).toString("base64url");
const password = `Contrasena-${crypto.randomBytes(6).toString("hex")}!`;
const secrets = { verificationToken, calendarToken, stagedToken, resetToken, setupToken, password };

let server: ServerProcess;
let exitCode: number | null = null;
const requestIds: string[] = [];
let keptPageAnswers: unknown[] = [];

async function get(pathName: string) {
  const response = await fetch(base + pathName, { headers: { "accept-encoding": "br, gzip" }, redirect: "manual" });
  await response.arrayBuffer();
  requestIds.push(response.headers.get("x-request-id")!);
  return response;
}

async function post(pathName: string, fields: Record<string, string>) {
  const response = await fetch(base + pathName, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  await response.arrayBuffer();
  requestIds.push(response.headers.get("x-request-id")!);
  return response;
}

function logLines(): Record<string, unknown>[] {
  return fs
    .readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  server = await startServerProcess({ database: "seeded", logFile, env: { LOG_REQUESTS: "true", LOG_LEVEL: "info" } });
  base = server.baseUrl;

  // An anonymous page three times: rendered, then kept pages (the raw fast path before Express).
  for (let i = 0; i < 3; i++) await get("/");
  // The fast path's other lines: a HEAD, and a revalidation answered 304.
  const head = await fetch(base + "/", { method: "HEAD", headers: { "accept-encoding": "br, gzip" } });
  requestIds.push(head.headers.get("x-request-id")!);
  const revalidated = await fetch(base + "/", { headers: { "accept-encoding": "br, gzip", "if-none-match": head.headers.get("etag")! } });
  await revalidated.arrayBuffer();
  requestIds.push(revalidated.headers.get("x-request-id")!);
  keptPageAnswers = [head.headers.get("x-page-cache"), head.status, revalidated.headers.get("x-page-cache"), revalidated.status];
  await get(`/verificar/${verificationToken}`);
  await get(`/VERIFICAR//${verificationToken}`);
  await get(`/calendario/${calendarToken}/mis-cursos.ics`);
  await get(`/api/files/staged/${stagedToken}`);
  await get(`/Api/Files/Staged/${encodeURIComponent(stagedToken)}%2Fx`);
  await get(`/restablecer-contrasena?token=${resetToken}`);
  await get(`/admin/configurar?token=${setupToken}`);
  await post("/restablecer-contrasena", { token: resetToken, password, confirmation: password });
  await post("/userlogin", { email: "nadie@ejemplo.mx", password });

  // A graceful stop: the buffered request lines are written before the process ends.
  exitCode = await server.stop();
}, 120_000);

afterAll(() => {
  if (exitCode === null) server?.child.kill("SIGKILL");
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("the request log of the production server", () => {
  test("has one line per request, with its request id, written out before a graceful stop", () => {
    expect(exitCode).toBe(0);
    const lines = logLines();
    const requestLines = lines.filter((line) => line.message === "request");
    for (const id of requestIds) {
      const line = requestLines.find((candidate) => candidate.requestId === id);
      expect(line, `no log line for request ${id}`).toBeDefined();
      expect(Object.keys(line!)).toEqual(["level", "message", "time", "requestId", "method", "path", "status", "durationMs"]);
      expect(line!.level).toMatch(/^(info|error)$/);
      expect(Date.parse(String(line!.time))).not.toBeNaN();
    }
    // The kept pages were answered (and logged) by the page cache's fast path.
    expect(requestLines.filter((line) => line.path === "/" && line.method === "GET" && line.status === 200)).toHaveLength(3);
    expect(keptPageAnswers).toEqual(["hit", 200, "hit", 304]);
    expect(requestLines.filter((line) => line.path === "/" && line.method === "HEAD" && line.status === 200)).toHaveLength(1);
    expect(requestLines.filter((line) => line.path === "/" && line.method === "GET" && line.status === 304)).toHaveLength(1);
    expect(lines.at(-1)).toMatchObject({ level: "info", message: "stopped" });
  });

  test("never carries a token or a password, wherever the request put it", () => {
    const text = fs.readFileSync(logFile, "utf8");
    for (const [name, secret] of Object.entries(secrets)) {
      expect(text.includes(secret), `${name} is in the log`).toBe(false);
    }
    const paths = logLines()
      .filter((line) => line.message === "request")
      .map((line) => line.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        "/verificar/:token",
        "/VERIFICAR//:token",
        "/calendario/:token/mis-cursos.ics",
        "/api/files/staged/:token",
        "/Api/Files/Staged/:token/x",
        "/restablecer-contrasena",
        "/admin/configurar",
      ]),
    );
  });
});
