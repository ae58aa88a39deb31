import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { readConfig, resolvePaymentMode } from "~/config.server";
import { db } from "~/db.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { samplePdf } from "../support/sample-files";
import { rawRequest } from "../support/raw-http";
import { useSeededDatabase } from "../support/database";
import { waitForMail } from "../support/mail";
import { startServerProcess, startTestServer } from "../support/test-server";

// Issue 8: a start configured for real use (DEMO_MODE=false, or PUBLIC_URL set) takes no fake
// cards, drops no mail, and trusts nothing the request says about where it came from.
const PUBLIC_URL = "https://cursos.himfg.example";
const certificateDir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-cert-"));
const certificatePath = path.join(certificateDir, "banorte.pem");
fs.writeFileSync(certificatePath, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");

const REAL_BANORTE = {
  PAYMENT_PROVIDER: "banorte",
  BANORTE_MERCHANT_ID: "1234567",
  BANORTE_USER: "usuario",
  BANORTE_PASSWORD: "secreto",
  BANORTE_TERMINAL_ID: "12345678",
  BANORTE_CERTIFICATE_PATH: certificatePath,
};
const BASE = { NODE_ENV: "production", SESSION_SECRET: "x".repeat(32) } as NodeJS.ProcessEnv;

describe("what a start for real use requires", () => {
  test("DEMO_MODE=false without settings refuses, saying what to set", () => {
    let message = "";
    try {
      readConfig({ ...BASE, DEMO_MODE: "false" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/PUBLIC_URL/);
    expect(message).toMatch(/SMTP_URL/);
    expect(message).toMatch(/PAYMENT_PROVIDER=banorte/);
    expect(message).toMatch(/BANORTE_MERCHANT_ID: required/);
    expect(message).toMatch(/STAFF_TOTP_KEY: required for real use/);
    expect(message).toMatch(/DEMO_MODE=true/);
  });

  test("PUBLIC_URL alone means real use: no simulator, no captured mail", () => {
    expect(() => readConfig({ ...BASE, PUBLIC_URL })).toThrow(/DEMO_MODE=true[\s\S]*SMTP_URL: required[\s\S]*BANORTE_MERCHANT_ID: required/);
    expect(() => readConfig({ ...BASE, PUBLIC_URL, SMTP_URL: "smtp://mail.example:587", PAYMENT_PROVIDER: "simulator" })).toThrow(
      /PAYMENT_PROVIDER: must be banorte/,
    );
    // Banorte's test modes approve fake cards: not outside a demo.
    expect(() => readConfig({ ...BASE, PUBLIC_URL, SMTP_URL: "smtp://mail.example:587", ...REAL_BANORTE, BANORTE_MODE: "AUT" })).toThrow(
      /BANORTE_MODE: must be PRD/,
    );
    const config = readConfig({ ...BASE, PUBLIC_URL, SMTP_URL: "smtp://mail.example:587", ...REAL_BANORTE, STAFF_TOTP_KEY: "k".repeat(43) });
    expect(resolvePaymentMode(config)).toEqual({ provider: "banorte", mode: "PRD" });
  });

  test("the demo is the default without PUBLIC_URL, and can be asked for explicitly with it", () => {
    expect(resolvePaymentMode(readConfig(BASE))).toEqual({ provider: "simulator", mode: "AUT" });
    expect(resolvePaymentMode(readConfig({ ...BASE, PUBLIC_URL, DEMO_MODE: "true" }))).toEqual({ provider: "simulator", mode: "AUT" });
  });

  test("the server itself refuses to start, with the message and no stack trace", () => {
    const env = { ...process.env, ...BASE, DEMO_MODE: "false", PUBLIC_URL: "", SMTP_URL: "", PAYMENT_PROVIDER: "" };
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], { env, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The server did not start.");
    expect(result.stderr).toMatch(/DEMO_MODE=true[\s\S]*PUBLIC_URL: required[\s\S]*SMTP_URL: required/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);

  /** Starts the real server with `env` on a new database and returns its log up to "server listening". */
  async function startUpLog(env: Record<string, string>): Promise<string> {
    const server = await startServerProcess({
      args: ["--import", "tsx", "server/index.ts"],
      database: "empty",
      env: { ...BASE, ...env, LOG_REQUESTS: "false" },
    });
    const output = server.output();
    await server.stop();
    return output;
  }

  test("a demo start says so in its log", async () => {
    const output = await startUpLog({ PUBLIC_URL: "", DEMO_MODE: "" });
    expect(output).toMatch(/"level":"warn","message":"DEMO MODE: card payments are simulated and mail is captured/);
    expect(output).toMatch(/"demo":true/);
    // The simulator confirms at once: no warning about payments waiting for finance.
    expect(output).toMatch(/"level":"info","message":"card payments are confirmed only out of band"/);
    // A demo fills the bank details with «(ejemplo)» values (seeds/payment-details.ts) and is not warned about them.
    expect(output).not.toContain("bank details or the Teaching office's contact are empty");
  }, 90_000);

  test("a real-use start names its payment confirmation paths, warns about empty bank details, and still starts", async () => {
    const output = await startUpLog({
      ...REAL_BANORTE,
      PUBLIC_URL,
      SMTP_URL: "smtp://127.0.0.1:9",
      DEMO_MODE: "false",
      SEED_DEMO_CONTENT: "false",
      PAYMENT_MAINTENANCE_SECONDS: "3600",
    });
    const warning = output.split("\n").find((line) => line.includes("bank details or the Teaching office's contact are empty"));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!)).toMatchObject({ level: "warn", missing: expect.arrayContaining(["courseClabe", "teachingEmail", "donationClabe"]) });
    // Without BANORTE_VERIFY_URL, card approvals wait for the report or finance (decision 0030): said at start.
    const paths = output.split("\n").find((line) => line.includes("card payments are confirmed only out of band"));
    expect(JSON.parse(paths!)).toMatchObject({
      level: "warn",
      paths: [expect.stringContaining("report"), expect.stringContaining("Banorte console")],
    });
  }, 90_000);

  test("the container starts as real use: its Dockerfile sets DEMO_MODE=false", () => {
    expect(fs.readFileSync("Dockerfile", "utf8")).toMatch(/DEMO_MODE=false/);
  });
});

describe("a data directory the server cannot write", () => {
  test("is named, with what to do, instead of a stack trace", () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-readonly-"));
    fs.chmodSync(directory, 0o555);
    const database = path.join(directory, "himfg.db");
    // Root writes anywhere: run as nobody, as a real deployment would.
    const asNobody = process.getuid?.() === 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : [];
    const [command, ...args] = [...asNobody, process.execPath, "--import", "tsx", "server/index.ts"];
    const result = spawnSync(command!, args, {
      env: {
        ...process.env,
        ...BASE,
        DATABASE_PATH: database,
        DEMO_MODE: "true",
        HOME: os.tmpdir(),
        TSX_TSCONFIG_PATH: path.resolve("tsconfig.json"),
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toContain(`The database at ${database} cannot be written`);
    expect(result.stderr).toContain("DATABASE_PATH");
    expect(result.stderr).not.toMatch(/^\s+at /m);
  }, 60_000);
});

describe("through the real HTTP server, configured for real use", () => {
  let baseUrl = "";
  let port = 0;
  let close: () => Promise<void>;
  const saved = { ...process.env };

  beforeAll(async () => {
    // The "real" SMTP server of this test is the capture's SMTP listener: mail goes out over
    // SMTP_URL exactly as it would to the hospital's server, and lands where the test can read it.
    const smtp = await startMailCapture({ port: 0 });
    Object.assign(process.env, { ...BASE, DEMO_MODE: "false", PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, ...REAL_BANORTE });
    await useSeededDatabase();
    ({ baseUrl, port, close } = await startTestServer({ env: { NODE_ENV: process.env.NODE_ENV } }));
  });

  afterAll(async () => {
    await close?.();
    await stopMailCapture();
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  });

  const raw = (method: string, pathName: string, headers: Record<string, string>, body = "") => rawRequest(port, method, pathName, headers, body);

  const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

  test("no page carries the demo banner", async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    expect(html).not.toContain("Sitio de demostración");
    expect(html).not.toContain("data-demo");
  });

  test("/dev/correos does not exist, from loopback or with a forged X-Forwarded-For", async () => {
    for (const headers of [{}, { "X-Forwarded-For": "127.0.0.1" }, { "X-Forwarded-For": "127.0.0.1, 203.0.113.9" }] as Record<string, string>[]) {
      for (const pathName of ["/dev/correos", "/dev/correos/1", "/dev/correos/1/html", "/dev/correos/1/adjuntos/1"]) {
        expect((await fetch(`${baseUrl}${pathName}`, { headers })).status, pathName).toBe(404);
      }
    }
  });

  test("a reset posted with Host and Origin evil.example is refused; from our origin it mails a PUBLIC_URL link", async () => {
    const outcome = await registerParticipant(
      db,
      {
        name: "Víctima",
        grade: "Médico",
        institution: "SSA",
        email: `victima.${Date.now()}@example.com`,
        password: "Pediatria-2025!",
        age: 40,
        graduated: "SÍ",
        nationality: "Mexicana",
        state: "Puebla",
        phone: "2221234567",
        role: "EXTERNO",
      },
      [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }],
    );
    if (!outcome.ok) throw new Error("no participant");
    const email = outcome.participant.email;
    const body = new URLSearchParams({ student_email: email }).toString();
    const forged = await raw("POST", "/recuperar-contrasena", { ...FORM, Host: "evil.example", Origin: "http://evil.example" }, body);
    expect(forged.status).toBe(403);
    // Behind a proxy that passes Host: localhost, our own origin is accepted (no 500 from Remix).
    const ours = await raw("POST", "/recuperar-contrasena", { ...FORM, Host: "evil.example", Origin: PUBLIC_URL }, body);
    expect(ours.status).toBe(200);
    const mail = await waitForMail(db, { to: email, subject: "Restablecer" });
    expect(mail.text).toContain(`${PUBLIC_URL}/restablecer-contrasena?token=`);
    expect(mail.text).not.toContain("evil.example");
  });
});
