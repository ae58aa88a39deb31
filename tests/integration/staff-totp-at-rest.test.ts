import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, afterEach, describe, expect, test, vi } from "vitest";
import { readConfig } from "~/config.server";
import { db, openDatabase } from "~/db.server";
import { INVALID_CODE_MESSAGE, verifyStaffCode } from "~/staff/sign-in.server";
import { findValidSetupToken, inviteStaff } from "~/staff/staff-members.server";
import { demoKeyFile, openTotpSecret, sealStoredTotpSecrets, sealTotpSecret, totpKeyRing } from "~/staff/totp-secrets.server";
import { createTotpSecret, generateTotp } from "~/staff/totp.server";
import { migrations } from "../../migrations/index";
import { createSignedInStaff } from "../factories";

// Issue 21, decision 0034: the staff TOTP secrets are encrypted at rest (AES-256-GCM, the row as
// associated data, a key from the configuration that is never in the database).
const temporary: string[] = [];
function tempDir(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  temporary.push(directory);
  return directory;
}
afterAll(() => {
  for (const directory of temporary) fs.rmSync(directory, { recursive: true, force: true });
});

const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
afterEach(() => warnings.mockClear());
const loggedReasons = () =>
  warnings.mock.calls
    .map((call) => JSON.parse(String(call[0])) as { message: string; reason: string })
    .filter((line) => line.message.includes("TOTP"));

const signInCode = (staff: { id: number; email: string; name: string; role: "admin" | "ensenanza" }, code: string) =>
  verifyStaffCode(db, { staff, code, clientAddress: `192.0.2.${Math.floor(Math.random() * 200) + 1}` });

/** Replaces one character of the ciphertext part of a stored value. */
function edited(value: string): string {
  const parts = value.split(".");
  const ciphertext = parts[3]!;
  parts[3] = (ciphertext[0] === "A" ? "B" : "A") + ciphertext.slice(1);
  return parts.join(".");
}

describe("a copy of the database", () => {
  test("holds no staff member's TOTP secret, in their row or in their used set-up link; sign-in with the code still works", async () => {
    const staff = await createSignedInStaff(db, "ensenanza");
    const row = await db.selectFrom("staff_members").select("totp_secret").where("id", "=", staff.user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^v1\.[A-Za-z0-9_-]{8}\./);
    expect(row.totp_secret).not.toContain(staff.secret);

    const copy = path.join(tempDir("himfg-totp-copy-"), "copia.db");
    await sql`VACUUM INTO ${copy}`.execute(db);
    const bytes = fs.readFileSync(copy);
    expect(bytes.includes(Buffer.from(staff.secret))).toBe(false);
    expect(bytes.includes(Buffer.from(staff.secret.toLowerCase()))).toBe(false);
    // Nor the key: it is not in the database at all.
    expect(bytes.includes(Buffer.from(process.env.STAFF_TOTP_KEY!))).toBe(false);

    expect(await signInCode({ ...staff.user, role: "ensenanza" }, generateTotp(staff.secret))).toEqual({ ok: true });
  });
});

describe("a secret that does not open is refused, logged, never a 500", () => {
  test("an edited ciphertext", async () => {
    const staff = await createSignedInStaff(db, "ensenanza");
    const { totp_secret } = await db.selectFrom("staff_members").select("totp_secret").where("id", "=", staff.user.id).executeTakeFirstOrThrow();
    await db
      .updateTable("staff_members")
      .set({ totp_secret: edited(totp_secret!) })
      .where("id", "=", staff.user.id)
      .execute();
    expect(await signInCode({ ...staff.user, role: "ensenanza" }, generateTotp(staff.secret))).toEqual({
      ok: false,
      status: 400,
      problem: { form: [INVALID_CODE_MESSAGE], fields: {}, code: "invalid-code" },
    });
    expect(loggedReasons()).toEqual([expect.objectContaining({ reason: "unauthentic" })]);
    // The log line names the reason and the row, never the value.
    expect(String(warnings.mock.calls[0]![0])).not.toContain(totp_secret!.split(".")[3]!);
  });

  test("a value moved from another staff member's row", async () => {
    const owner = await createSignedInStaff(db, "ensenanza");
    const other = await createSignedInStaff(db, "ensenanza");
    const { totp_secret } = await db.selectFrom("staff_members").select("totp_secret").where("id", "=", owner.user.id).executeTakeFirstOrThrow();
    await db.updateTable("staff_members").set({ totp_secret }).where("id", "=", other.user.id).execute();
    // Neither the owner's code nor the other's opens the second row now.
    expect(await signInCode({ ...other.user, role: "ensenanza" }, generateTotp(owner.secret))).toEqual({
      ok: false,
      status: 400,
      problem: { form: [INVALID_CODE_MESSAGE], fields: {}, code: "invalid-code" },
    });
    expect(await signInCode({ ...other.user, role: "ensenanza" }, generateTotp(other.secret))).toEqual({
      ok: false,
      status: 400,
      problem: { form: [INVALID_CODE_MESSAGE], fields: {}, code: "invalid-code" },
    });
    expect(loggedReasons().map((line) => line.reason)).toEqual(["unauthentic", "unauthentic"]);
    // The owner is untouched.
    expect(await signInCode({ ...owner.user, role: "ensenanza" }, generateTotp(owner.secret))).toEqual({ ok: true });
  });

  test("a set-up link's secret moved into a staff row, and a wrong key", async () => {
    const invited = await inviteStaff(db, { email: `mover.${Date.now()}@himfg.test`, name: "Persona Mover", role: "admin" }, null);
    if (!invited.ok) throw new Error("not invited");
    const staff = await createSignedInStaff(db, "admin");
    const token = await db.selectFrom("staff_setup_tokens").select("totp_secret").where("staff_id", "=", invited.staffId).executeTakeFirstOrThrow();
    const offered = (await findValidSetupToken(db, invited.token))!.totpSecret;
    await db.updateTable("staff_members").set({ totp_secret: token.totp_secret }).where("id", "=", staff.user.id).execute();
    expect(await signInCode({ ...staff.user, role: "admin" }, generateTotp(offered))).toEqual({
      ok: false,
      status: 400,
      problem: { form: [INVALID_CODE_MESSAGE], fields: {}, code: "invalid-code" },
    });

    // Another key (a database copied to a server with its own key): the link and the code are refused.
    const saved = process.env.STAFF_TOTP_KEY;
    process.env.STAFF_TOTP_KEY = crypto.randomBytes(32).toString("hex");
    try {
      expect(await findValidSetupToken(db, invited.token)).toBeNull();
    } finally {
      process.env.STAFF_TOTP_KEY = saved;
    }
    expect(loggedReasons().map((line) => line.reason)).toEqual(["unauthentic", "unknown-key"]);
    expect((await findValidSetupToken(db, invited.token))?.totpSecret).toBe(offered);
  });

  test("the sign-in page answers its usual Spanish message (400), never a 500", async () => {
    // Through the route's action, as Remix calls it (no build needed).
    const { action } = await import("~/routes/admin_.login");
    const { createStaffSession } = await import("~/staff/session.server");
    const staff = await createSignedInStaff(db, "ensenanza");
    const { totp_secret } = await db.selectFrom("staff_members").select("totp_secret").where("id", "=", staff.user.id).executeTakeFirstOrThrow();
    await db
      .updateTable("staff_members")
      .set({ totp_secret: edited(totp_secret!) })
      .where("id", "=", staff.user.id)
      .execute();
    const cookie = (await createStaffSession(null, staff.user.id, "contrasena")).split(";")[0]!;
    const request = new Request("http://localhost/admin/login", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "code", code: generateTotp(staff.secret) }).toString(),
    });
    let answer: unknown;
    try {
      answer = await action({ request, params: {}, context: { cspNonce: "", requestId: "test", clientAddress: "192.0.2.250" } });
    } catch (thrown) {
      answer = thrown;
    }
    const { init, data } = answer as { init: { status: number } | null; data: unknown };
    expect(init?.status).toBe(400);
    expect(JSON.stringify(data)).toContain("El código no es correcto o ya se usó");
  });
});

describe("the key", () => {
  test("a demo without STAFF_TOTP_KEY keeps a generated key in staff-totp.key beside the database (mode 0600), never inside it", () => {
    const directory = tempDir("himfg-demo-key-");
    const env = { NODE_ENV: "production", DATABASE_PATH: path.join(directory, "himfg.db"), DEMO_MODE: "true" } as NodeJS.ProcessEnv;
    const config = readConfig(env);
    expect(config.STAFF_TOTP_KEY).toBeUndefined();
    const ring = totpKeyRing(config);
    const file = demoKeyFile(config);
    expect(file).toBe(path.join(directory, "staff-totp.key"));
    expect(ring).toMatchObject({ source: "file", file });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A later start (another configuration object) reads the same key.
    const again = totpKeyRing(readConfig({ ...env, LOG_REQUESTS: "false" }));
    expect(again.current.id).toBe(ring.current.id);
    const sealed = sealTotpSecret("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", { staffId: 1 }, ring);
    expect(openTotpSecret(sealed, { staffId: 1 }, again)).toMatchObject({ ok: true, secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP" });
  });

  test("a malformed key is refused by the configuration, naming the setting", () => {
    for (const bad of ["corta", "a".repeat(63), crypto.randomBytes(16).toString("base64"), crypto.randomBytes(48).toString("base64")]) {
      expect(() => readConfig({ NODE_ENV: "test", STAFF_TOTP_KEY: bad }), bad).toThrow(/STAFF_TOTP_KEY: must be 32 bytes/);
    }
    expect(() => readConfig({ NODE_ENV: "test", STAFF_TOTP_PREVIOUS_KEYS: `${crypto.randomBytes(32).toString("hex")},otra` })).toThrow(
      /STAFF_TOTP_PREVIOUS_KEYS: each key must be 32 bytes/,
    );
    expect(readConfig({ NODE_ENV: "test", STAFF_TOTP_KEY: crypto.randomBytes(32).toString("base64url") }).STAFF_TOTP_KEY).toBeDefined();
  });

  test("rotates: a previous key still opens, and the start moves every value to the current key", async () => {
    const oldKey = crypto.randomBytes(32).toString("base64");
    const newKey = crypto.randomBytes(32).toString("hex");
    const base = { NODE_ENV: "test", DEMO_MODE: "true" } as NodeJS.ProcessEnv;
    const before = totpKeyRing(readConfig({ ...base, STAFF_TOTP_KEY: oldKey }));
    const during = totpKeyRing(readConfig({ ...base, STAFF_TOTP_KEY: newKey, STAFF_TOTP_PREVIOUS_KEYS: oldKey }));
    const after = totpKeyRing(readConfig({ ...base, STAFF_TOTP_KEY: newKey }));
    const secret = createTotpSecret();
    const sealed = sealTotpSecret(secret, { staffId: 7 }, before);
    expect(openTotpSecret(sealed, { staffId: 7 }, after)).toEqual({
      ok: false,
      status: 400,
      problem: { form: [expect.any(String)], fields: {}, code: "unknown-key" },
    });
    expect(openTotpSecret(sealed, { staffId: 7 }, during)).toMatchObject({ ok: true, secret, current: false });

    const file = path.join(tempDir("himfg-rotate-"), "himfg.db");
    const rotating = openDatabase(file);
    try {
      const migrator = new Migrator({ db: rotating, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      await rotating
        .insertInto("staff_members")
        .values({ id: 7, email: "rota@himfg.test", name: "Rota", role: "admin", status: "activa", password_hash: "scrypt$x", totp_secret: sealed })
        .execute();
      expect(await sealStoredTotpSecrets(rotating, during)).toEqual({ sealed: 0, resealed: 1, unreadable: 0 });
      const { totp_secret } = await rotating.selectFrom("staff_members").select("totp_secret").where("id", "=", 7).executeTakeFirstOrThrow();
      expect(openTotpSecret(totp_secret!, { staffId: 7 }, after)).toMatchObject({ ok: true, secret, current: true });
    } finally {
      await rotating.destroy();
    }
  });

  test("a real-use start without STAFF_TOTP_KEY stops, naming the setting and how to make one", () => {
    const certificate = path.join(tempDir("himfg-cert-"), "banorte.pem");
    fs.writeFileSync(certificate, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const env = {
      ...process.env,
      NODE_ENV: "production",
      SESSION_SECRET: "x".repeat(32),
      DEMO_MODE: "false",
      PUBLIC_URL: "https://example.org",
      SMTP_URL: "smtp://127.0.0.1:9",
      PAYMENT_PROVIDER: "banorte",
      BANORTE_MERCHANT_ID: "1234567",
      BANORTE_USER: "usuario",
      BANORTE_PASSWORD: "secreto",
      BANORTE_TERMINAL_ID: "12345678",
      BANORTE_CERTIFICATE_PATH: certificate,
      DATABASE_PATH: path.join(tempDir("himfg-nokey-"), "himfg.db"),
      STAFF_TOTP_KEY: "",
    } as NodeJS.ProcessEnv;
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/index.ts"], { env, encoding: "utf8", timeout: 60_000 });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The server did not start.");
    expect(result.stderr).toMatch(/STAFF_TOTP_KEY: required for real use: the key that encrypts the staff members' two-step \(TOTP\) secrets/);
    expect(result.stderr).toContain("openssl rand -base64 32");
    expect(result.stderr).not.toMatch(/PUBLIC_URL: required|SMTP_URL: required|BANORTE_\w+: required/);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    // Nothing was opened or written: no database, no key file.
    expect(fs.existsSync(env.DATABASE_PATH!)).toBe(false);
    expect(fs.existsSync(path.join(path.dirname(env.DATABASE_PATH!), "staff-totp.key"))).toBe(false);
  }, 60_000);
});

describe("a database from before migration 0034", () => {
  test("its plain secrets are encrypted at the next start, exactly once, and still sign in; no plain secret can be written again", async () => {
    const file = path.join(tempDir("himfg-0034-"), "himfg.db");
    const old = openDatabase(file);
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("0031-graduated-unknown")).error).toBeUndefined();
      const memberSecret = createTotpSecret();
      const offeredSecret = createTotpSecret();
      await sql`INSERT INTO staff_members (id, email, name, role, status, password_hash, totp_secret, totp_last_step)
        VALUES (3, 'antes@himfg.test', 'Antes', 'admin', 'activa', 'scrypt$x', ${memberSecret}, NULL),
               (4, 'invitada@himfg.test', 'Invitada', 'ensenanza', 'invitada', NULL, NULL, NULL)`.execute(old);
      const tokenHash = "c".repeat(64);
      await sql`INSERT INTO staff_setup_tokens (token_hash, staff_id, totp_secret, expires_at) VALUES (${tokenHash}, 4, ${offeredSecret}, '2099-01-01T00:00:00.000Z')`.execute(
        old,
      );
      await sql`INSERT INTO staff_sessions (id_hash, staff_id, stage, expires_at) VALUES (${"d".repeat(64)}, 3, 'activa', '2099-01-01T00:00:00.000Z')`.execute(
        old,
      );

      expect((await migrator.migrateTo("0034-staff-totp-encrypted")).error).toBeUndefined();
      // The migration has no key: it keeps every row and reference as it was.
      expect((await sql<{ totp_secret: string }>`SELECT totp_secret FROM staff_members WHERE id = 3`.execute(old)).rows[0]!.totp_secret).toBe(
        memberSecret,
      );
      expect((await sql`PRAGMA foreign_key_check`.execute(old)).rows).toEqual([]);
      expect((await sql`SELECT staff_id FROM staff_sessions`.execute(old)).rows).toEqual([{ staff_id: 3 }]);

      // The start encrypts them, once.
      expect(await sealStoredTotpSecrets(old)).toEqual({ sealed: 2, resealed: 0, unreadable: 0 });
      const member = await old.selectFrom("staff_members").select("totp_secret").where("id", "=", 3).executeTakeFirstOrThrow();
      const token = await old.selectFrom("staff_setup_tokens").select("totp_secret").where("token_hash", "=", tokenHash).executeTakeFirstOrThrow();
      expect(member.totp_secret).toMatch(/^v1\./);
      expect(openTotpSecret(member.totp_secret!, { staffId: 3 })).toMatchObject({ ok: true, secret: memberSecret });
      expect(openTotpSecret(token.totp_secret, { setupTokenHash: tokenHash })).toMatchObject({ ok: true, secret: offeredSecret });
      expect(await sealStoredTotpSecrets(old)).toEqual({ sealed: 0, resealed: 0, unreadable: 0 });
      expect((await old.selectFrom("staff_members").select("totp_secret").where("id", "=", 3).executeTakeFirstOrThrow()).totp_secret).toBe(
        member.totp_secret,
      );
      const staff = { id: 3, email: "antes@himfg.test", name: "Antes", role: "admin" as const };
      expect(await verifyStaffCode(old, { staff, code: generateTotp(memberSecret), clientAddress: "192.0.2.9" })).toEqual({ ok: true });

      // From now on the database refuses a plain secret, written or inserted.
      await expect(sql`UPDATE staff_members SET totp_secret = ${memberSecret} WHERE id = 3`.execute(old)).rejects.toThrow(/must be stored encrypted/);
      await expect(
        sql`INSERT INTO staff_setup_tokens (token_hash, staff_id, totp_secret, expires_at) VALUES (${"e".repeat(64)}, 4, ${offeredSecret}, '2099-01-01T00:00:00.000Z')`.execute(
          old,
        ),
      ).rejects.toThrow(/must be stored encrypted/);
      await expect(sql`UPDATE staff_members SET totp_secret = 'v1.corto' WHERE id = 3`.execute(old)).rejects.toThrow(/CHECK/);
    } finally {
      await old.destroy();
    }
  });
});
