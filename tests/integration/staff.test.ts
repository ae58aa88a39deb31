import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { createUserSession } from "~/accounts/session.server";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { storeFile } from "~/files/files.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { recordAudit } from "~/staff/audit.server";
import { dashboardFigures, documentsWaitingForReview, monthRangeInMexicoCity } from "~/staff/dashboard.server";
import { createStaffSession, getStaffUser, STAFF_COOKIE_NAME, STAFF_IDLE_MS } from "~/staff/session.server";
import { SETUP_LINK_INVALID } from "~/staff/staff-forms";
import { completeStaffSetup, findValidSetupToken, inviteStaff, setupLink } from "~/staff/staff-members.server";
import { openTotpSecret } from "~/staff/totp-secrets.server";
import { generateTotp } from "~/staff/totp.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { waitForMail } from "../support/mail";
import { startTestServer } from "../support/test-server";
import { createSignedInStaff } from "../factories";

// Staff identity through the real Express app and Remix build: set-up, two-step sign-in, codes
// used once, throttling, idle expiry, separation from participants, the audit log.
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  await startMailCapture();
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => {
  await close?.();
  await stopMailCapture();
});

function post(pathName: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${baseUrl}${pathName}`, {
    method: "POST",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
}

function cookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((value) => value.startsWith(`${STAFF_COOKIE_NAME}=`));
  return header ? header.split(";")[0]! : "";
}

async function invited(email: string, role: "admin" | "ensenanza" = "ensenanza") {
  const outcome = await inviteStaff(db, { email, name: `Persona ${email}`, role }, null);
  if (!outcome.ok) throw new Error("not invited");
  // The secret the set-up page shows (stored encrypted; decision 0034).
  const secret = (await findValidSetupToken(db, outcome.token))?.totpSecret;
  if (!secret) throw new Error("no set-up token");
  return { ...outcome, secret };
}

describe("safeRedirectPath", () => {
  test("keeps same-site paths and refuses everything that could leave the site", () => {
    expect(safeRedirectPath("/admin/cursos?mes=3#x", "/f")).toBe("/admin/cursos?mes=3#x");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "/a\r\nSet-Cookie: x=1",
      "javascript:alert(1)",
      "",
      42,
      null,
      "a".repeat(3000),
    ]) {
      expect(safeRedirectPath(bad, "/f")).toBe("/f");
    }
  });
});

describe("set-up", () => {
  test("the link works once, with the password policy and a right code; the account becomes active and the step is audited", async () => {
    const member = await invited("setup@himfg.test");
    // Always a full address: PUBLIC_URL, or in a demo without it http://localhost:PORT (never a bare path).
    expect(setupLink(member.token)).toBe(`http://localhost:${readConfig().PORT}/admin/configurar?token=${member.token}`);
    expect(setupLink(member.token, "https://himfg.example/")).toMatch(/^https:\/\/himfg\.example\/admin\/configurar\?token=/);
    // Only the SHA-256 of the token is stored.
    const stored = await db.selectFrom("staff_setup_tokens").select("token_hash").where("staff_id", "=", member.staffId).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(member.token);

    const page = await fetch(`${baseUrl}/admin/configurar?token=${encodeURIComponent(member.token)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(member.secret);
    expect(html).toContain("<svg");
    // React writes the attribute as autoComplete; HTML attribute names are case-insensitive.
    expect(html).toMatch(/autocomplete="one-time-code"/i);
    expect(page.headers.get("cache-control")).toBe("no-store");

    const common = await post(`/admin/configurar?token=${member.token}`, {
      token: member.token,
      password: "password",
      password_confirmation: "password",
      code: "12",
    });
    expect(common.status).toBe(400);
    const commonHtml = await common.text();
    expect(commonHtml).toContain("muy común");
    expect(commonHtml).toContain("6 dígitos");

    const wrongCode = generateTotp(member.secret, new Date(Date.now() - 10 * 60_000));
    const refused = await post(`/admin/configurar?token=${member.token}`, {
      token: member.token,
      password: "una-clave-larga-2026",
      password_confirmation: "una-clave-larga-2026",
      code: wrongCode,
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("El código no coincide");
    expect((await db.selectFrom("staff_members").select("status").where("id", "=", member.staffId).executeTakeFirstOrThrow()).status).toBe(
      "invitada",
    );

    const done = await post(`/admin/configurar?token=${member.token}`, {
      token: member.token,
      password: "una-clave-larga-2026",
      password_confirmation: "una-clave-larga-2026",
      code: generateTotp(member.secret),
    });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe("/admin/dashboard");
    const dashboard = await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: cookieFrom(done) } });
    expect(dashboard.status).toBe(200);

    const row = await db.selectFrom("staff_members").selectAll().where("id", "=", member.staffId).executeTakeFirstOrThrow();
    expect(row.status).toBe("activa");
    expect(row.password_hash).toMatch(/^scrypt\$/);
    // The secret the page showed is stored encrypted for this row (decision 0034).
    expect(row.totp_secret).not.toContain(member.secret);
    expect(openTotpSecret(row.totp_secret!, { staffId: member.staffId })).toMatchObject({ ok: true, secret: member.secret });
    const audit = await db.selectFrom("audit_log").selectAll().where("entity_id", "=", String(member.staffId)).orderBy("id").execute();
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ["staff.invite", null],
      ["staff.setup", "setup@himfg.test"],
    ]);
    expect(audit[1]!.after_json).not.toContain("scrypt");
    expect(audit[1]!.request_id).toMatch(/^[0-9a-f-]{36}$/);

    // Used up: the page and the POST both refuse it now.
    expect(await findValidSetupToken(db, member.token)).toBeNull();
    const again = await fetch(`${baseUrl}/admin/configurar?token=${encodeURIComponent(member.token)}`);
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Este enlace no es válido");
  });

  test("an expired link is refused", async () => {
    const member = await invited("expired@himfg.test");
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    const outcome = await completeStaffSetup(
      db,
      { token: member.token, password: "una-clave-larga-2026", code: generateTotp(member.secret, later) },
      null,
      later,
    );
    expect(outcome).toEqual({ ok: false, status: 400, problem: { form: [SETUP_LINK_INVALID], fields: {}, code: "invalid-token" } });
  });
});

describe("sign-in", () => {
  test("password, then a code that works once; a participant session opens nothing", async () => {
    const { user, secret } = await createSignedInStaff(db, "ensenanza", "dos-pasos@himfg.test");

    const wrong = await post("/admin/login", { intent: "password", email: user.email, password: "otra-clave-incorrecta" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("no son correctos");

    const step1 = await post("/admin/login", {
      intent: "password",
      email: "DOS-PASOS@himfg.test",
      password: "clave-de-personal-larga",
      redirectTo: "/admin/bitacora",
    });
    expect(step1.status).toBe(303);
    const pending = cookieFrom(step1);
    expect(pending).not.toBe("");
    // The password alone opens nothing.
    const notYet = await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: pending }, redirect: "manual" });
    expect(notYet.status).toBe(303);
    const codePage = await (await fetch(`${baseUrl}${step1.headers.get("location")}`, { headers: { Cookie: pending } })).text();
    expect(codePage).toMatch(/autocomplete="one-time-code"/i);

    const code = generateTotp(secret);
    const step2 = await post("/admin/login", { intent: "code", code, redirectTo: "https://evil.example/" }, pending);
    expect(step2.status).toBe(303);
    expect(step2.headers.get("location")).toBe("/admin/dashboard");
    const active = cookieFrom(step2);
    expect(active).not.toBe(pending);
    expect((await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: active } })).status).toBe(200);

    // The same code again, in a new sign-in: refused.
    const retry = await post("/admin/login", { intent: "password", email: user.email, password: "clave-de-personal-larga" });
    const replay = await post("/admin/login", { intent: "code", code }, cookieFrom(retry));
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain("ya se usó");

    // A staff session is not a participant session.
    const profile = await fetch(`${baseUrl}/profile`, { headers: { Cookie: active }, redirect: "manual" });
    expect(profile.status).toBe(303);
    expect(profile.headers.get("location")).toMatch(/^\/userlogin/);
  });

  test("a participant's session never opens /admin", async () => {
    const outcome = await registerParticipant(
      db,
      {
        name: "Participante",
        grade: "Médico",
        institution: "HIMFG",
        email: "no-es-personal@example.org",
        password: "una-clave-larga-de-prueba",
        age: 30,
        graduated: "SÍ",
        nationality: "Mexicana",
        state: "Ciudad de México",
        phone: "5512345678",
        role: "EXTERNO",
      },
      [],
    );
    if (!outcome.ok) throw new Error("no");
    const cookie = (await createUserSession({ id: outcome.participant.id, name: "Participante" })).split(";")[0]!;
    const response = await fetch(`${baseUrl}/admin/personal?x=1`, { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/admin/login?redirectTo=${encodeURIComponent("/admin/personal?x=1")}`);
    // The participant's own password is not a staff password either.
    const login = await post("/admin/login", { intent: "password", email: "no-es-personal@example.org", password: "una-clave-larga-de-prueba" });
    expect(login.status).toBe(400);
  });

  test("failures are throttled: after 5 the right password is refused too", async () => {
    const { user } = await createSignedInStaff(db, "finanzas", "throttle@himfg.test");
    for (let i = 0; i < 5; i++)
      expect((await post("/admin/login", { intent: "password", email: user.email, password: `incorrecta-${i}-larga` })).status).toBe(400);
    const blocked = await post("/admin/login", { intent: "password", email: user.email, password: "clave-de-personal-larga" });
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain("Demasiados intentos");
    expect(cookieFrom(blocked)).toBe("");
  });

  test("a session ends after 8 hours idle and slides with use; sign-out deletes it", async () => {
    const { user } = await createSignedInStaff(db, "comunicacion", "idle@himfg.test");
    const start = new Date();
    const cookie = (await createStaffSession(null, user.id, "activa", start)).split(";")[0]!;
    const request = (at: Date) => getStaffUser(new Request(baseUrl, { headers: { Cookie: cookie } }), at);
    // Used after 7 h: still open, and the 8 h start again from there.
    expect(await request(new Date(start.getTime() + 7 * 3600_000))).toMatchObject({ id: user.id });
    expect(await request(new Date(start.getTime() + 14 * 3600_000))).toMatchObject({ id: user.id });
    expect(await request(new Date(start.getTime() + 14 * 3600_000 + STAFF_IDLE_MS + 1000))).toBeNull();

    const fresh = (await createStaffSession(null, user.id, "activa")).split(";")[0]!;
    const out = await post("/admin/salir", {}, fresh);
    expect(out.status).toBe(303);
    expect((await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: fresh }, redirect: "manual" })).status).toBe(303);
  });
});

describe("staff management", () => {
  test("an admin invites by e-mail, changes a role and deactivates; each change is audited and takes effect at once", async () => {
    const admin = await createSignedInStaff(db, "admin", "jefa@himfg.test");
    const invalid = await post("/admin/personal", { intent: "invite", email: "no-es-correo", name: "", role: "jefe" }, admin.cookie);
    expect(invalid.status).toBe(400);
    const invalidHtml = await invalid.text();
    expect(invalidHtml).toContain("correo electrónico válido");
    expect(invalidHtml).toContain("Escriba el nombre");
    expect(invalidHtml).toContain("Elija la función");

    const invite = await post(
      "/admin/personal",
      { intent: "invite", email: "Nuevo@HIMFG.test", name: "Nuevo Integrante", role: "ensenanza" },
      admin.cookie,
    );
    expect(invite.status).toBe(303);
    const mail = await waitForMail(db, { to: "nuevo@himfg.test", subject: "área del personal" });
    expect(mail.text).toMatch(/\/admin\/configurar\?token=[A-Za-z0-9_-]{43}/);
    const duplicate = await post("/admin/personal", { intent: "invite", email: "nuevo@himfg.test", name: "Otro", role: "finanzas" }, admin.cookie);
    expect(duplicate.status).toBe(400);

    const member = await createSignedInStaff(db, "ensenanza", "cambia@himfg.test");
    expect((await post("/admin/personal", { intent: "role", staffId: String(member.user.id), role: "comunicacion" }, admin.cookie)).status).toBe(303);
    // The role change ended their session.
    expect((await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: member.cookie }, redirect: "manual" })).status).toBe(303);
    expect((await post("/admin/personal", { intent: "deactivate", staffId: String(member.user.id) }, admin.cookie)).status).toBe(303);
    const login = await post("/admin/login", { intent: "password", email: member.user.email, password: "clave-de-personal-larga" });
    expect(login.status).toBe(400);

    // The only admin cannot remove themselves.
    const self = await post("/admin/personal", { intent: "deactivate", staffId: String(admin.user.id) }, admin.cookie);
    expect(self.status).toBe(400);

    const rows = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "actor_role", "before_json", "after_json"])
      .where("actor_email", "=", "jefa@himfg.test")
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.action)).toEqual(["staff.setup", "staff.invite", "staff.role_change", "staff.deactivate"]);
    expect(rows[2]).toMatchObject({
      actor_role: "admin",
      before_json: JSON.stringify({ role: "ensenanza" }),
      after_json: JSON.stringify({ role: "comunicacion" }),
    });

    const log = await (await fetch(`${baseUrl}/admin/bitacora?action=staff.role_change`, { headers: { Cookie: admin.cookie } })).text();
    expect(log).toContain("cambió la función de");
    expect(log).toMatch(/<strong>[^<]+<\/strong> \(Administración\)/);
    expect(log).not.toContain("dio de baja a");
  });
});

describe("the audit log", () => {
  test("is append-only in the database", async () => {
    const id = await recordAudit(db, { actor: null, action: "test.append", entity: "test", entityId: 1, after: { a: 1 } });
    await expect(sql`UPDATE audit_log SET action = 'x' WHERE id = ${id}`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log WHERE id = ${id}`.execute(db)).rejects.toThrow(/append-only/);
  });
});

describe("the dashboard figures", () => {
  test("count this month's enrolments and card payments in Mexico City time, and the document queue oldest first", async () => {
    const now = new Date("2026-03-15T18:00:00Z");
    expect(monthRangeInMexicoCity(now)).toMatchObject({ start: "2026-03-01T06:00:00.000Z", end: "2026-04-01T06:00:00.000Z" });
    const before = await dashboardFigures(db, now);
    const participant = await registerParticipant(
      db,
      {
        name: "Cifras",
        grade: "Médico",
        institution: "HIMFG",
        email: "cifras@example.org",
        password: "una-clave-larga-de-prueba",
        age: 30,
        graduated: "SÍ",
        nationality: "Mexicana",
        state: "Ciudad de México",
        phone: "5512345678",
        role: "EXTERNO",
      },
      [],
    );
    if (!participant.ok) throw new Error("no");
    await db
      .insertInto("courses")
      .values({
        course_id: 9901,
        course_name: "Cifras",
        course_start_date: "2026-04-01",
        course_finish_date: "2026-04-02",
        course_price: 150000,
        course_student_price: 0,
        course_employee_price: 0,
        course_able: 1,
        course_max_range: 10,
        modality_id: 2,
        month_id: 4,
        venue: null,
      })
      .execute();
    await db
      .insertInto("courses")
      .values({
        course_id: 9902,
        course_name: "Cifras 2",
        course_start_date: "2026-04-01",
        course_finish_date: "2026-04-02",
        course_price: 150000,
        course_student_price: 0,
        course_employee_price: 0,
        course_able: 1,
        course_max_range: 10,
        modality_id: 2,
        month_id: 4,
        venue: null,
      })
      .execute();
    const enrol = (course: number, status: "confirmada" | "pendiente_de_pago", created: string) =>
      db
        .insertInto("enrolments")
        .values({
          participant_id: participant.participant.id,
          course_id: course,
          modality: "en_linea",
          status,
          amount_centavos: 150000,
          confirmed_at: status === "confirmada" ? created : null,
          verification_token: Math.random().toString(36).slice(2).padEnd(22, "x").slice(0, 22),
          created_at: created,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    // 1 March 03:00 UTC is still February in Mexico City: not this month.
    const inMonth = await enrol(9901, "confirmada", "2026-03-10T12:00:00.000Z");
    await enrol(9902, "pendiente_de_pago", "2026-03-01T03:00:00.000Z");
    await db
      .insertInto("payment_attempts")
      .values({
        enrolment_id: inMonth.id,
        control_number: "CIFRAS1",
        amount_centavos: 150000,
        status: "approved",
        codigo_aut: "123456",
        verification: "por_conciliar",
        provider: "simulator",
        mode: "AUT",
        settled_at: "2026-03-10T12:00:00.000Z",
        vi_hex: null,
        salt_hex: null,
        passphrase: null,
      })
      .execute();
    const after = await dashboardFigures(db, now);
    expect(after.enrolmentsStarted - before.enrolmentsStarted).toBe(1);
    expect(after.enrolmentsConfirmed - before.enrolmentsConfirmed).toBe(1);
    expect(after.cardPaymentsApproved - before.cardPaymentsApproved).toBe(1);
    expect(after.revenueCentavos - before.revenueCentavos).toBe(150000);

    // Off-line payments count by the Mexico City date the money was paid; refunds by when recorded.
    const offline = async (reference: string, paidOn: string, amount: number) => {
      const receipt = await storeFile(db, { fileName: "recibo.pdf", contentType: "application/pdf", data: Buffer.from("%PDF-1.4") }, "private");
      return db
        .insertInto("offline_payments")
        .values({
          enrolment_id: inMonth.id,
          method: "transferencia",
          amount_centavos: amount,
          paid_on: paidOn,
          reference,
          receipt_file_id: receipt,
          recorded_by: "Prueba",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    };
    const march = await offline("CIFRAS-MARZO", "2026-03-01", 20000);
    await offline("CIFRAS-FEBRERO", "2026-02-28", 99900);
    await db
      .insertInto("refunds")
      .values({
        enrolment_id: inMonth.id,
        offline_payment_id: march.id,
        amount_centavos: 5000,
        reason: "Prueba",
        recorded_by: "Prueba",
        created_at: "2026-03-12T12:00:00.000Z",
      })
      .execute();
    const withOffline = await dashboardFigures(db, now);
    expect(withOffline.offlineRevenueCentavos - after.offlineRevenueCentavos).toBe(20000);
    expect(withOffline.refundsCentavos - after.refundsCentavos).toBe(5000);

    const queue = await documentsWaitingForReview(db, 10, new Date("2026-03-15T18:00:00Z"));
    for (let i = 1; i < queue.oldest.length; i++) expect(queue.oldest[i]!.sentAt >= queue.oldest[i - 1]!.sentAt).toBe(true);
  });
});
