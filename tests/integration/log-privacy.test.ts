import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registrationForm } from "../../scripts/registration-answers.mjs";
import { serverNodeArgs } from "../../scripts/server-node-args.mjs";

// Issue 24: the log of a production-started server (build/server.js: `npm run build` first; its
// standard output and error into one file) after a participant registers with a password and a
// document, signs in, and token addresses are asked for, carries none of the password, the tokens
// or the document's bytes; and a 500 page's «Folio de error» is the request id of its log lines.
// Chromium's warm-up at start is logged after «server listening».
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-log-privacy-"));
const logFile = path.join(directory, "server.log");
const databasePath = path.join(directory, "himfg.db");
const port = 20000 + 7 + (process.pid % 20000);
const base = `http://127.0.0.1:${port}`;

const password = `Clave-Secreta-${crypto.randomBytes(6).toString("hex")}!`;
const relayToken = crypto.randomBytes(32).toString("base64url");
const verificationToken = crypto.randomBytes(16).toString("hex");
const documentMarker = `CONTENIDO-PRIVADO-${crypto.randomBytes(8).toString("hex")}`;
const document = Buffer.from(
  `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${documentMarker}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
);
const email = `bitacora-${Date.now()}@example.org`;

let child: ChildProcess;
let exitCode: number | null = null;
const jar = new Map<string, string>();
const steps: Record<string, number> = {};
let failedPage: { status: number; requestId: string; html: string };

async function request(pathName: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  if (init.method && init.method !== "GET") headers.set("origin", base);
  const response = await fetch(base + pathName, { ...init, headers, redirect: "manual" });
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair!.indexOf("=");
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(pair!.slice(0, at));
    else jar.set(pair!.slice(0, at), pair!.slice(at + 1));
  }
  return response;
}

function logText() {
  return fs.readFileSync(logFile, "utf8");
}

function logLines(): Record<string, unknown>[] {
  return logText()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  const node = serverNodeArgs();
  if (!node.args) throw new Error(node.error);
  const out = fs.openSync(logFile, "w");
  child = spawn(process.execPath, node.args, {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_PATH: databasePath,
      LOG_REQUESTS: "true",
      LOG_LEVEL: "debug",
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
  child.once("exit", (code) => (exitCode = code));
  for (let waited = 0; !logText().includes("server listening"); waited += 100) {
    if (exitCode !== null || waited > 60_000) throw new Error(`the server did not start: ${logText()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  // A course chosen, then a registration with a password and an identity document.
  let response = await request("/ensenanza/offer", { method: "POST", body: new URLSearchParams({ intent: "choose", courseId: "285" }) });
  steps.choose = response.status;
  const form = registrationForm({ name: "Prueba Bitácora", email, password, licence: document });
  response = await request("/register", { method: "POST", body: form });
  steps.register = response.status;
  await response.arrayBuffer();
  // Signed out, then signed in again with the password (once wrong, once right).
  jar.clear();
  response = await request("/userlogin", { method: "POST", body: new URLSearchParams({ student_email: email, student_password: `${password}x` }) });
  steps.wrongSignIn = response.status;
  await response.arrayBuffer();
  response = await request("/userlogin", { method: "POST", body: new URLSearchParams({ student_email: email, student_password: password }) });
  steps.signIn = response.status;
  await response.arrayBuffer();
  // The bank's relay with a payment token, and a verification link's token in the path.
  response = await request("/payment/relay", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ kind: "success", token: relayToken, controlNumber: "HIMFGCURSOS0000000001", response: { token: relayToken } }),
  });
  steps.relay = response.status;
  await response.arrayBuffer();
  response = await request(`/verificar/${verificationToken}`);
  steps.verification = response.status;
  await response.arrayBuffer();

  // A server error: the table the Hemerobiblioteca reads disappears under the running server.
  const database = new Database(databasePath);
  database.exec("DROP TABLE library_panels");
  database.close();
  jar.clear();
  response = await request("/hemerobiblioteca");
  failedPage = { status: response.status, requestId: response.headers.get("x-request-id")!, html: await response.text() };

  // Chromium warms up after the server listens, in the background (PDF_WARMUP, on by default).
  for (let waited = 0; !/chromium (ready for PDFs|did not start)/.test(logText()) && waited < 60_000; waited += 200) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill("SIGTERM");
  await new Promise<void>((resolve) => (exitCode !== null ? resolve() : child.once("exit", () => resolve())));
}, 180_000);

afterAll(() => {
  if (exitCode === null) child.kill("SIGKILL");
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("the log of a production server", () => {
  test("the journey ran: registered, signed in, relay and verification answered", () => {
    expect(steps).toEqual({ choose: 303, register: 303, wrongSignIn: 400, signIn: 303, relay: 200, verification: 404 });
    expect(exitCode).toBe(0);
  });

  test("carries no password, no token and none of the document's bytes", () => {
    const text = logText();
    for (const [name, secret] of Object.entries({
      password,
      relayToken,
      verificationToken,
      documentMarker,
      documentBase64: document.toString("base64").slice(0, 40),
      email,
    })) {
      expect(text.includes(secret), `${name} is in the log`).toBe(false);
    }
  });

  test("Chromium was launched and rendered a PDF at start, without delaying the start", () => {
    const lines = logLines();
    const listening = lines.findIndex((line) => line.message === "server listening");
    const warmed = lines.findIndex((line) => line.message === "chromium ready for PDFs");
    expect(listening).toBeGreaterThanOrEqual(0);
    expect(warmed).toBeGreaterThan(listening);
    expect(lines[warmed]!.ms).toEqual(expect.any(Number));
  });

  test("a 500 page shows «Folio de error» with the request id its log lines carry", () => {
    expect(failedPage.status).toBe(500);
    expect(failedPage.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(failedPage.html).toContain(`Folio de error: <code class="request-id">${failedPage.requestId}</code>`);
    const lines = logLines().filter((line) => line.requestId === failedPage.requestId);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: "error", message: "request", path: "/hemerobiblioteca", status: 500 }),
        expect.objectContaining({ level: "error", message: "unhandled route error", path: "/hemerobiblioteca" }),
      ]),
    );
  });
});
