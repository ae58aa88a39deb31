import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listEligibility } from "~/completion/constancia-eligibility.server";
import { renderConstanciaHtml, renderConstanciaPdf } from "~/completion/constancia-document.server";
import { newFolio, normalizeFolio } from "~/completion/constancia-folio";
import { saveCompletionSettings } from "~/completion/constancia-settings.server";
import { getConstanciaForVerification, getOwnConstancia } from "~/completion/constancia-view.server";
import { issueConstancias, reissueConstancia, revokeConstancia } from "~/completion/constancias.server";
import { courseDays } from "~/completion/course-days";
import { siteUrl } from "~/config.server";
import { verificationQrSvg } from "~/enrolment/access-document.server";
import { db } from "~/db.server";
import type { CheckinMethod, DocumentReviewStatus, EnrolmentModality, EnrolmentStatus } from "~/db.server";
import { loggedPath } from "~/utils/logger.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import type { StaffContext } from "~/staff/teaching/staff-context.server";
import { auditRows } from "../support/audit-rows";
import { startTestServer, type TestServer } from "../support/test-server";
import {
  createEnrolment,
  createParticipantWithDocuments,
  createSignedInStaff,
  createStaffContext,
  insertCourse,
  removeStaffMembers,
  sessionCookieFor,
} from "../factories";

/** The course of these tests: 5 days in April 2027 (insertCourse), 80 % required by default. */
const DAYS = courseDays("2027-04-05", "2027-04-09");
const SETTINGS = {
  hours: 20,
  required_attendance_percent: 80,
  signatory_1_name: "Dra. Ana Romero",
  signatory_1_title: "Directora de Enseñanza",
  signatory_2_name: "Dr. Luis Gómez",
  signatory_2_title: "Profesor titular",
};

let staff: StaffContext;
let server: TestServer;

beforeAll(async () => {
  staff = await createStaffContext("ensenanza");
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await closePdfBrowser();
});

async function person(
  courseId: number,
  options: {
    days?: number;
    methods?: CheckinMethod;
    grades?: number[];
    documents?: DocumentReviewStatus;
    modality?: EnrolmentModality;
    status?: EnrolmentStatus;
    name?: string;
  } = {},
) {
  const participant = await createParticipantWithDocuments("EXTERNO", options.name, { documentStatus: options.documents ?? "aprobado" });
  const enrolmentId = await createEnrolment(participant.id, courseId, {
    modality: options.modality ?? "presencial",
    status: options.status ?? "confirmada",
  });
  for (const day of DAYS.slice(0, options.days ?? 0))
    await db
      .insertInto("attendance_checkins")
      .values({ enrolment_id: enrolmentId, course_day: day, checked_in_at: `${day}T15:00:00.000Z`, method: options.methods ?? "numero_de_control" })
      .execute();
  for (const [index, grade] of (options.grades ?? []).entries())
    await db
      .insertInto("evaluation_attempts")
      .values({
        enrolment_id: enrolmentId,
        attempt_number: index + 1,
        started_at: "2027-04-09T20:00:00.000Z",
        submitted_at: "2027-04-09T20:10:00.000Z",
        grade,
        passed: grade >= 80 ? 1 : 0,
      })
      .execute();
  return { participantId: participant.id, email: participant.email, enrolmentId };
}

async function courseWithEvaluation(options: { evaluation?: boolean; settings?: boolean } = {}) {
  const courseId = await insertCourse();
  if (options.evaluation ?? true) {
    await db.insertInto("course_evaluations").values({ course_id: courseId, passing_grade: 80 }).execute();
    await db.insertInto("evaluation_questions").values({ course_id: courseId, position: 1, prompt: "¿Pregunta?" }).execute();
  }
  if (options.settings ?? true) expect((await saveCompletionSettings(db, staff, courseId, SETTINGS)).ok).toBe(true);
  return courseId;
}

const constanciasOf = (enrolmentIds: number[]) =>
  db.selectFrom("constancias").selectAll().where("enrolment_id", "in", enrolmentIds).orderBy("id").execute();
const mailsTo = (email: string) =>
  db.selectFrom("mail_deliveries").select(["subject", "message"]).where("recipients", "like", `%${email}%`).execute();

describe("who earns which constancia", () => {
  test("documents, attendance against the course days and the evaluation decide the kind", async () => {
    const courseId = await courseWithEvaluation();
    const passed = await person(courseId, { days: 5, grades: [60, 90], name: "Aprobó Segunda" });
    const failed = await person(courseId, { days: 4, grades: [50, 70], name: "Asistió Sin Aprobar" });
    const rejected = await person(courseId, { days: 5, grades: [95], documents: "rechazado", name: "Documento Rechazado" });
    const pending = await person(courseId, { days: 5, documents: "pendiente", name: "Documento Pendiente" });
    const absent = await person(courseId, { days: 3, grades: [100], name: "Faltó Mucho" });
    const online = await person(courseId, { days: 1, methods: "en_linea", modality: "en_linea", name: "En Línea" });
    const notConfirmed = await person(courseId, { days: 5, status: "pendiente_de_pago", name: "Sin Confirmar" });
    // A check-in staff withdrew does not count.
    const withdrawn = await person(courseId, { days: 4, name: "Con Retiro" });
    await db
      .updateTable("attendance_checkins")
      .set({ removed_at: "2027-04-09T23:00:00.000Z", reason: "error" })
      .where("enrolment_id", "=", withdrawn.enrolmentId)
      .where("course_day", "=", DAYS[0]!)
      .execute();

    const list = (await listEligibility(db, courseId))!;
    const row = (id: number) => list.rows.find((r) => r.enrolmentId === id);
    expect(list.hasEvaluation).toBe(true);
    expect(list.courseDayCount).toBe(5);
    expect(row(passed.enrolmentId)).toMatchObject({ kind: "acreditacion", bestGrade: 90, passed: true, attendancePercent: 100 });
    expect(row(failed.enrolmentId)).toMatchObject({ kind: "asistencia", bestGrade: 70, passed: false, attendancePercent: 80 });
    expect(row(rejected.enrolmentId)).toMatchObject({ kind: null, documents: "rechazados" });
    expect(row(rejected.enrolmentId)!.reasons).toContain("Tiene un documento rechazado.");
    expect(row(pending.enrolmentId)).toMatchObject({ kind: null, documents: "pendientes" });
    expect(row(absent.enrolmentId)).toMatchObject({ kind: null, attendancePercent: 60 });
    expect(row(absent.enrolmentId)!.reasons).toContain("Asistió al 60 % (se requiere 80 %).");
    expect(row(online.enrolmentId)).toMatchObject({ kind: "asistencia", attendancePercent: 100 });
    expect(row(withdrawn.enrolmentId)).toMatchObject({ kind: null, attendedDays: 3 });
    expect(row(notConfirmed.enrolmentId)).toBeUndefined();
  });

  test("a course without an evaluation gives asistencia; one without its settings gives none yet", async () => {
    const noEvaluation = await courseWithEvaluation({ evaluation: false });
    const attended = await person(noEvaluation, { days: 5 });
    expect((await listEligibility(db, noEvaluation))!.rows[0]).toMatchObject({ enrolmentId: attended.enrolmentId, kind: "asistencia" });
    const unset = await courseWithEvaluation({ settings: false });
    await person(unset, { days: 5, grades: [100] });
    const row = (await listEligibility(db, unset))!.rows[0]!;
    expect(row.kind).toBeNull();
    expect(row.reasons).toContain("Faltan los datos de la constancia del curso (horas y firmantes).");
  });

  test("the settings need one to three complete signatories and are audited", async () => {
    const courseId = await insertCourse();
    const none = await saveCompletionSettings(db, staff, courseId, { hours: 10, required_attendance_percent: 50 });
    expect(none).toMatchObject({ ok: false, status: 400 });
    expect(await db.selectFrom("course_completion").selectAll().where("course_id", "=", courseId).execute()).toEqual([]);
    expect((await saveCompletionSettings(db, staff, courseId, SETTINGS)).ok).toBe(true);
    const audit = await auditRows("course", courseId);
    expect(audit.map((row) => row.action)).toEqual(["curso.ajustar_constancias"]);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ hours: 20, signatories: [{ name: "Dra. Ana Romero" }, { name: "Dr. Luis Gómez" }] });
  });
});

describe("issuing", () => {
  test("bulk issue freezes the details, e-mails each person once, and issuing twice at once gives one constancia each", async () => {
    const courseId = await courseWithEvaluation();
    const a = await person(courseId, { days: 5, grades: [88] });
    const b = await person(courseId, { days: 5, grades: [40] });
    const ids = [a.enrolmentId, b.enrolmentId];
    const [first, second] = await Promise.all([issueConstancias(db, staff, courseId, ids), issueConstancias(db, staff, courseId, ids)]);
    expect(first.ok && second.ok).toBe(true);
    const issuedNow = (first.ok ? first.issued.length : 0) + (second.ok ? second.issued.length : 0);
    expect(issuedNow).toBe(2);
    const again = await issueConstancias(db, staff, courseId, ids);
    expect(again).toMatchObject({ ok: true, issued: [], skipped: 2 });
    const rows = await constanciasOf(ids);
    expect(rows).toHaveLength(2);
    const ofA = rows.find((row) => row.enrolment_id === a.enrolmentId)!;
    expect(ofA).toMatchObject({ kind: "acreditacion", grade: 88, hours: 20, course_start_date: "2027-04-05", issued_by: staff.actor.name });
    expect(rows.find((row) => row.enrolment_id === b.enrolmentId)).toMatchObject({ kind: "asistencia", grade: null });
    expect(normalizeFolio(ofA.folio)).toBe(ofA.folio);
    expect(await mailsTo(a.email)).toHaveLength(1);
    const mail = JSON.parse((await mailsTo(a.email))[0]!.message!) as { text: string; html: string };
    expect(mail.text).toContain(siteUrl(`/verificar/constancia/${ofA.folio}`));
    expect(mail.text).toContain(siteUrl("/profile"));
    expect((await auditRows("constancia", ofA.folio)).map((row) => row.action)).toEqual(["constancia.emitir"]);
    // The frozen name: a later correction does not change the issued row.
    await db.updateTable("participants").set({ name: "Nombre Corregido" }).where("id", "=", a.participantId).execute();
    expect((await getConstanciaForVerification(db, ofA.folio))!.participantName).not.toBe("Nombre Corregido");
  });

  test("a forged or foreign enrolment id, or one not eligible, refuses the whole batch and stores nothing", async () => {
    const courseId = await courseWithEvaluation();
    const other = await courseWithEvaluation();
    const good = await person(courseId, { days: 5 });
    const foreign = await person(other, { days: 5 });
    const absent = await person(courseId, { days: 1 });
    const before = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(await issueConstancias(db, staff, courseId, [good.enrolmentId, foreign.enrolmentId])).toMatchObject({ ok: false, status: 404 });
    expect(await issueConstancias(db, staff, courseId, [good.enrolmentId, 999_999_999])).toMatchObject({ ok: false, status: 404 });
    expect(await issueConstancias(db, staff, courseId, [good.enrolmentId, absent.enrolmentId])).toMatchObject({ ok: false, status: 409 });
    expect(await issueConstancias(db, staff, courseId, [])).toMatchObject({ ok: false, status: 400 });
    expect(await constanciasOf([good.enrolmentId, foreign.enrolmentId, absent.enrolmentId])).toEqual([]);
    expect(await mailsTo(good.email)).toEqual([]);
    const after = await db
      .selectFrom("audit_log")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  test("folios are unguessable: 100 random bits in Crockford base 32", () => {
    const folios = new Set(Array.from({ length: 1000 }, () => newFolio()));
    expect(folios.size).toBe(1000);
    for (const folio of folios) expect(folio).toMatch(/^C(?:-[0-9A-HJKMNP-TV-Z]{5}){4}$/);
    expect(normalizeFolio(" c-abcde-fghjk-mnpqr-stvwx ")).toBe("C-ABCDE-FGHJK-MNPQR-STVWX");
    expect(normalizeFolio("C-1")).toBeNull();
    expect(normalizeFolio("1")).toBeNull();
  });
});

describe("revoking and reissuing", () => {
  test("revoke keeps the reason private and audited; a forged folio stores nothing", async () => {
    const courseId = await courseWithEvaluation();
    const a = await person(courseId, { days: 5 });
    const issued = await issueConstancias(db, staff, courseId, [a.enrolmentId]);
    const folio = issued.ok ? issued.issued[0]! : "";
    expect(await revokeConstancia(db, staff, courseId, newFolio(), "Motivo")).toMatchObject({ ok: false, status: 404 });
    expect(await revokeConstancia(db, staff, courseId + 1000, folio, "Motivo")).toMatchObject({ ok: false, status: 404 });
    expect(await revokeConstancia(db, staff, courseId, "' OR 1=1 --", "Motivo")).toMatchObject({ ok: false, status: 404 });
    expect((await constanciasOf([a.enrolmentId]))[0]!.revoked_at).toBeNull();
    const revoked = await revokeConstancia(db, staff, courseId, folio, "Documento apócrifo detectado");
    expect(revoked.ok).toBe(true);
    expect(await revokeConstancia(db, staff, courseId, folio, "Otra vez")).toMatchObject({ ok: false, status: 409 });
    const audit = await auditRows("constancia", folio);
    expect(audit.map((row) => row.action)).toEqual(["constancia.emitir", "constancia.revocar"]);
    expect(JSON.parse(audit[1]!.after_json!)).toMatchObject({ revocation_reason: "Documento apócrifo detectado" });
    const verification = await getConstanciaForVerification(db, folio);
    expect(verification).toMatchObject({ state: "revocada" });
    expect(JSON.stringify(verification)).not.toContain("apócrifo");
    // A revoked one is not issued again from the list, nor downloadable.
    expect(await issueConstancias(db, staff, courseId, [a.enrolmentId])).toMatchObject({ ok: false, status: 409 });
    expect(await getOwnConstancia(db, a.participantId, folio)).toBeNull();
  });

  test("reissue after a name correction: a new folio with the name as registered now, the old one says reemplazada", async () => {
    const courseId = await courseWithEvaluation();
    const a = await person(courseId, { days: 5, grades: [95], name: "Jose Perez" });
    const issued = await issueConstancias(db, staff, courseId, [a.enrolmentId]);
    const old = issued.ok ? issued.issued[0]! : "";
    await db.updateTable("participants").set({ name: "José Pérez Núñez" }).where("id", "=", a.participantId).execute();
    const reissued = await reissueConstancia(db, staff, courseId, old, "Corrección de acentos y segundo apellido");
    expect(reissued.ok).toBe(true);
    const folio = reissued.ok ? reissued.folio : "";
    expect(folio).not.toBe(old);
    expect(await getConstanciaForVerification(db, old)).toMatchObject({ state: "reemplazada", replacedBy: folio, participantName: "Jose Perez" });
    expect(await getConstanciaForVerification(db, folio)).toMatchObject({
      state: "valida",
      participantName: "José Pérez Núñez",
      kind: "acreditacion",
      grade: 95,
    });
    expect(await reissueConstancia(db, staff, courseId, old, "Otra vez")).toMatchObject({ ok: false, status: 409 });
    expect((await auditRows("constancia", old)).map((row) => row.action)).toEqual(["constancia.emitir", "constancia.reemitir"]);
    expect((await mailsTo(a.email)).length).toBe(2);
    expect(await getOwnConstancia(db, a.participantId, folio)).not.toBeNull();
    expect(await getOwnConstancia(db, a.participantId, old)).toBeNull();
  });
});

describe("the PDF", () => {
  test("renders a one-page PDF with the folio's verification address, the grade and the signatories", async () => {
    const facts = {
      folio: newFolio(),
      kind: "acreditacion" as const,
      participantName: "María <b>Núñez</b>",
      courseName: "Urgencias & trauma",
      startDate: "2027-04-05",
      finishDate: "2027-04-09",
      hours: 20,
      grade: 93,
      signatories: [{ name: "Dra. Ana Romero", title: "Directora de Enseñanza" }],
      issuedAt: "2027-04-10T16:00:00.000Z",
    };
    const html = await renderConstanciaHtml(facts);
    expect(html).toContain(siteUrl(`/verificar/constancia/${facts.folio}`));
    expect(html).toContain(await verificationQrSvg(siteUrl(`/verificar/constancia/${facts.folio}`)));
    expect(html).toContain("María &lt;b&gt;Núñez&lt;/b&gt;");
    expect(html).toContain("Constancia de acreditación");
    expect(html).toContain("calificación de 93 sobre 100");
    expect(html).toContain("Dra. Ana Romero");
    expect(html).toContain("20 horas");
    const pdf = await renderConstanciaPdf(facts);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(pdf.toString("latin1")).toContain(siteUrl(`/verificar/constancia/${facts.folio}`));
  });
});

describe("over HTTP", () => {
  const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

  test("only the Teaching office issues: another role gets 403, a participant is sent to the staff sign-in, nothing is stored", async () => {
    const courseId = await courseWithEvaluation();
    const a = await person(courseId, { days: 5 });
    const finance = await createSignedInStaff(db, "finanzas");
    const participantCookie = await sessionCookieFor({ id: a.participantId, name: "x" });
    const post = (cookie: string) =>
      fetch(`${server.baseUrl}/admin/cursos/${courseId}/constancias?intent=emitir`, {
        method: "POST",
        headers: { ...FORM, Origin: server.baseUrl, Cookie: cookie },
        body: new URLSearchParams({ enrolment: String(a.enrolmentId) }).toString(),
        redirect: "manual",
      });
    expect((await post(finance.cookie)).status).toBe(403);
    const asParticipant = await post(participantCookie);
    expect(asParticipant.status).toBe(303);
    expect(asParticipant.headers.get("location")).toContain("/admin/login");
    expect(await constanciasOf([a.enrolmentId])).toEqual([]);
    const teaching = await createSignedInStaff(db, "ensenanza");
    const page = await fetch(`${server.baseUrl}/admin/cursos/${courseId}/constancias`, { headers: { Cookie: teaching.cookie } });
    expect(page.status).toBe(200);
    // Two clicks at once of «Emitir a todas»: one constancia, one e-mail.
    const all = () =>
      fetch(`${server.baseUrl}/admin/cursos/${courseId}/constancias?intent=emitir`, {
        method: "POST",
        headers: { ...FORM, Origin: server.baseUrl, Cookie: teaching.cookie },
        body: "todas=1",
        redirect: "manual",
      });
    const answers = await Promise.all([post(teaching.cookie), all(), all()]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303, 303]);
    expect(await constanciasOf([a.enrolmentId])).toHaveLength(1);
    expect(await mailsTo(a.email)).toHaveLength(1);
    const forged = await fetch(`${server.baseUrl}/admin/cursos/${courseId}/constancias?intent=emitir`, {
      method: "POST",
      headers: { ...FORM, Origin: server.baseUrl, Cookie: teaching.cookie },
      body: "enrolment=1%20OR%201",
      redirect: "manual",
    });
    expect(forged.status).toBe(400);
    await removeStaffMembers([finance.user.id, teaching.user.id]);
  });

  test("the verification page shows what the constancia shows and nothing more; unknown folios are a Spanish 404", async () => {
    const courseId = await courseWithEvaluation();
    const a = await person(courseId, { days: 5, grades: [91], name: "Verónica Ruiz" });
    const issued = await issueConstancias(db, staff, courseId, [a.enrolmentId]);
    const folio = issued.ok ? issued.issued[0]! : "";
    const page = await fetch(`${server.baseUrl}/verificar/constancia/${folio}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    for (const shown of [
      "Constancia válida",
      "Verónica Ruiz",
      folio,
      "Constancia de acreditación",
      "91 de 100",
      "20 horas",
      "Dra. Ana Romero",
      "noindex",
    ])
      expect(html).toContain(shown);
    for (const hidden of [a.email, String(a.participantId), staff.actor.name, "9991234567"]) expect(html).not.toContain(hidden);
    expect((await fetch(`${server.baseUrl}/verificar/constancia/${folio.toLowerCase()}`)).status).toBe(200);

    await revokeConstancia(db, staff, courseId, folio, "Motivo interno privado");
    const revoked = await (await fetch(`${server.baseUrl}/verificar/constancia/${folio}`)).text();
    expect(revoked).toContain("Constancia revocada el");
    expect(revoked).not.toContain("Motivo interno privado");

    for (const unknown of [newFolio(), "C-00000", "..%2F..%2Fadmin"]) {
      const missing = await fetch(`${server.baseUrl}/verificar/constancia/${unknown}`);
      expect(missing.status).toBe(404);
      const text = await missing.text();
      expect(text).toContain("No existe una constancia con este folio");
      expect(text).toContain("noindex");
    }
    expect(loggedPath(`/verificar/constancia/${folio}`)).not.toContain(folio);
  });

  test("the PDF downloads for its owner only", async () => {
    const courseId = await courseWithEvaluation();
    const owner = await person(courseId, { days: 5 });
    const stranger = await person(courseId, { days: 5 });
    const issued = await issueConstancias(db, staff, courseId, [owner.enrolmentId]);
    const folio = issued.ok ? issued.issued[0]! : "";
    const get = async (participantId: number) =>
      fetch(`${server.baseUrl}/profile/constancias/${folio}.pdf`, {
        headers: { Cookie: await sessionCookieFor({ id: participantId, name: "x" }) },
        redirect: "manual",
      });
    const own = await get(owner.participantId);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString("latin1"),
    ).toBe("%PDF-");
    expect((await get(stranger.participantId)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/profile/constancias/${folio}.pdf`, { redirect: "manual" })).status).not.toBe(200);
    const profile = await (
      await fetch(`${server.baseUrl}/profile`, { headers: { Cookie: await sessionCookieFor({ id: owner.participantId, name: "x" }) } })
    ).text();
    expect(profile).toContain(`/profile/constancias/${folio}.pdf`);
  });
});
