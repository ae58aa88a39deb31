import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backupFileName } from "~/backups/backups.server";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { createApp } from "../../server/app";
import { createCourse, createEnrolment, createParticipant, createPaymentAttempt } from "../factories";

// Issue 24: /metrics (prom-client) through the real Express app and Remix build (`npm run build`
// first). Closed unless the bearer token matches or the address is allowed; a forged
// X-Forwarded-For opens nothing unless TRUST_PROXY says a proxy sets it; the families are there.
const token = crypto.randomBytes(24).toString("base64url");
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-metrics-backups-"));
const servers: (() => Promise<void>)[] = [];

async function serve(env: Record<string, string>): Promise<string> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = createApp(
    build,
    readConfig({ ...process.env, NODE_ENV: "production", METRICS_TOKEN: "", METRICS_ALLOW: "", TRUST_PROXY: "false", ...env }),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  servers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function metrics(base: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/metrics`, { headers });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

let withToken = "";
let allowingProxyAddress = "";
let allowingProxyAddressBehindProxy = "";
let allowingLoopback = "";
const verificationToken = crypto.randomBytes(16).toString("hex");

beforeAll(async () => {
  process.env.BACKUP_DIR = backupDir;
  // Two checked backups, a day and an hour old, and a newer one whose check failed: the gauge
  // reads the newest good one (app/backups).
  const backupRow = (ageMs: number, ok: 0 | 1) => {
    const at = new Date(Date.now() - ageMs);
    return {
      file_name: backupFileName(at),
      directory: backupDir,
      started_at: at.toISOString(),
      taken_at: at.toISOString(),
      size_bytes: 1,
      integrity: ok ? "ok" : "página dañada",
      ok,
      origin: "programado" as const,
    };
  };
  await db
    .insertInto("backups")
    .values([backupRow(86_400_000, 1), backupRow(3_600_000, 1), backupRow(60_000, 0)])
    .execute();
  const participant = await createParticipant();
  const course = await createCourse();
  await createPaymentAttempt(await createEnrolment(participant.id, course, { status: "pendiente_de_pago" }));

  withToken = await serve({ METRICS_TOKEN: token });
  allowingProxyAddress = await serve({ METRICS_ALLOW: "10.9.8.7" });
  allowingProxyAddressBehindProxy = await serve({ METRICS_ALLOW: "10.9.8.0/24", TRUST_PROXY: "true" });
  allowingLoopback = await serve({ METRICS_ALLOW: "192.0.2.1, 127.0.0.0/8, ::1" });
}, 60_000);

afterAll(async () => {
  for (const close of servers) await close();
  delete process.env.BACKUP_DIR;
  fs.rmSync(backupDir, { recursive: true, force: true });
});

describe("/metrics", () => {
  test("is a Spanish 404 without the token, with a wrong one, or with none configured", async () => {
    for (const [base, headers] of [
      [withToken, {}],
      [withToken, { authorization: `Bearer ${token}x` }],
      [withToken, { authorization: token }],
      [allowingProxyAddress, { authorization: `Bearer ${token}` }],
    ] as const) {
      const answer = await metrics(base, headers);
      expect(answer.status).toBe(404);
      expect(answer.text).toContain("No encontramos esta página");
      expect(answer.text).not.toContain("himfg_");
    }
  });

  test("a forged X-Forwarded-For opens nothing unless TRUST_PROXY is on", async () => {
    const forged = await metrics(allowingProxyAddress, { "x-forwarded-for": "10.9.8.7" });
    expect(forged.status).toBe(404);
    expect(forged.text).not.toContain("himfg_");
    // Behind a proxy the site was told to trust, the proxy's X-Forwarded-For is the client.
    expect((await metrics(allowingProxyAddressBehindProxy, { "x-forwarded-for": "10.9.8.7" })).status).toBe(200);
    expect((await metrics(allowingProxyAddressBehindProxy, { "x-forwarded-for": "10.9.9.7" })).status).toBe(404);
    // The connection's own address, when allowed, opens it.
    expect((await metrics(allowingLoopback)).status).toBe(200);
  });

  test("with the token: requests by route id (never the address), event-loop lag, cache, payments, backups", async () => {
    for (let i = 0; i < 3; i++) await (await fetch(`${withToken}/`)).arrayBuffer();
    await (await fetch(`${withToken}/verificar/${verificationToken}`)).arrayBuffer();
    const answer = await metrics(withToken, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^text\/plain;.*version=0\.0\.4/);
    const text = answer.text;
    expect(text).toMatch(/^himfg_http_requests_total\{route="routes\/_index",status="2xx"\} [3-9]\d*$/m);
    expect(text).toMatch(/^himfg_http_requests_total\{route="routes\/verificar\.\$token",status="4xx"\} [1-9]\d*$/m);
    expect(text).toMatch(/^himfg_http_request_duration_seconds_bucket\{le="0\.1",route="routes\/_index"\} \d+$/m);
    expect(text).toMatch(/^himfg_http_request_duration_seconds_count\{route="routes\/_index"\} [3-9]\d*$/m);
    expect(text).not.toContain(verificationToken);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^himfg_page_cache_requests_total\{result="hit"\} [1-9]\d*$/m);
    expect(text).toMatch(/^himfg_page_cache_requests_total\{result="miss"\} [1-9]\d*$/m);
    expect(text).toMatch(/^himfg_payments\{state="pending"\} [1-9]\d*$/m);
    expect(text).toContain("# TYPE himfg_mail_outbox gauge");
    const age = Number(/^himfg_backup_age_seconds (\S+)$/m.exec(text)?.[1]);
    expect(age).toBeGreaterThan(3500);
    expect(age).toBeLessThan(3700);
  });
});
