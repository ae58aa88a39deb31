import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setChosenCourse } from "~/accounts/session.server";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { freeSeats } from "~/enrolment/enrolment.server";
import { enrolWithOfflinePayment } from "~/enrolment/offline-payments.server";
import { startMailCapture, stopMailCapture } from "~/mail/capture.server";
import { chooseOfflinePayment } from "~/payments/checkout.server";
import { closePdfBrowser } from "~/pdf/pdf.server";
import { defaultSettings, missingOfflinePaymentSettings } from "~/settings/settings";
import { getSettings, insertMissingSettings, updateSetting } from "~/settings/settings.server";
import { parseSiteSettingsForm } from "~/settings/settings-editor.server";
import { listParticipants } from "~/staff/teaching/participants-admin.server";
import { PAYMENT_DETAIL_EXAMPLES, seedPaymentDetailExamples } from "../../seeds/payment-details";
import { createCourse, createParticipant, createSignedInStaff, createStaffContext, sessionCookieFor } from "../factories";
import { samplePdf, samplePng } from "../support/sample-files";
import { startTestServer } from "../support/test-server";
import { waitForMail } from "../support/mail";
import { auditRows } from "../support/audit-rows";

// Issue 19: paying off-line. Staff enrol with the payment in one step; the participant says they
// will pay by transfer and sees where; the settings give the bank details and whom to call.

const origin = "http://localhost";
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  await insertMissingSettings(db);
  await startMailCapture();
  ({ baseUrl, close } = await startTestServer());
});
afterAll(async () => {
  await close?.();
  await stopMailCapture();
  await closePdfBrowser();
});

const pdfReceipt = () => ({ fileName: "comprobante.pdf", contentType: "application/pdf", data: samplePdf() });
let referenceCounter = 0;
const newReference = () => `SPEI-${Date.now()}-${(referenceCounter += 1)}`;

async function enrolmentsOf(participantId: number, courseId: number) {
  return db.selectFrom("enrolments").selectAll().where("participant_id", "=", participantId).where("course_id", "=", courseId).execute();
}

async function paymentsOf(participantId: number) {
  return db
    .selectFrom("offline_payments as o")
    .innerJoin("enrolments as e", "e.id", "o.enrolment_id")
    .select(["o.id", "o.reference", "o.amount_centavos"])
    .where("e.participant_id", "=", participantId)
    .execute();
}

function paymentForm(values: Record<string, string>, receipt: { data: Buffer; name: string } | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (receipt) form.set("receipt", new Blob([new Uint8Array(receipt.data)]), receipt.name);
  return form;
}

async function postEnrolWithPayment(cookie: string, participantId: number, form: FormData) {
  return fetch(`${baseUrl}/admin/estudiantes/${participantId}?intent=inscribir_pago`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl },
    body: form,
    redirect: "manual",
  });
}

describe("staff enrol a participant with an off-line payment (domain)", () => {
  test("creates the enrolment at the profile's price, records the payment, confirms, audits and mails the access", async () => {
    const ctx = await createStaffContext("ensenanza");
    const courseId = await createCourse({ course_price: 150000, modality_id: MODALITY.EN_LINEA });
    const participant = await createParticipant({ role: "EXTERNO" });
    const reference = newReference();
    const outcome = await enrolWithOfflinePayment(db, ctx, {
      participantId: participant.id,
      courseId,
      modality: "en_linea",
      method: "transferencia",
      amountCentavos: 150000,
      paidOn: "2026-01-15",
      reference,
      receipt: pdfReceipt(),
      origin,
    });
    expect(outcome).toMatchObject({ ok: true, confirmed: true, refundNeeded: false });
    if (!outcome.ok) return;
    const [enrolment] = await enrolmentsOf(participant.id, courseId);
    expect(enrolment).toMatchObject({ id: outcome.enrolmentId, status: "confirmada", amount_centavos: 150000, modality: "en_linea" });
    expect((await paymentsOf(participant.id)).map((p) => p.reference)).toEqual([reference]);
    const enrolmentAudit = await auditRows("enrolment", outcome.enrolmentId);
    expect(enrolmentAudit.map((row) => row.action)).toEqual(["inscripcion.inscribir_con_pago_fuera_de_linea", "inscripcion.confirmar_por_pago"]);
    expect(enrolmentAudit[0]).toMatchObject({ actor_role: "ensenanza", request_id: ctx.requestId });
    const paymentAudit = await auditRows("offline_payment", outcome.offlinePaymentId);
    expect(paymentAudit).toHaveLength(1);
    expect(JSON.parse(paymentAudit[0]!.after_json!)).toMatchObject({ amount_centavos: 150000, price_centavos: 150000, reference });
    const mail = await waitForMail(db, { to: participant.email, subject: /Inscripción confirmada/ }, 30_000);
    expect(mail.attachments.map((a) => a.contentType)).toContain("application/pdf");
  });

  test("an amount below the price is refused (nothing stored, not even the enrolment) unless staff say why", async () => {
    const ctx = await createStaffContext("ensenanza");
    const courseId = await createCourse({ course_price: 150000, course_student_price: 50000, modality_id: MODALITY.EN_LINEA });
    const participant = await createParticipant({ role: "ESTUDIANTE" });
    const input = {
      participantId: participant.id,
      courseId,
      modality: "en_linea" as const,
      method: "ventanilla" as const,
      amountCentavos: 40000,
      paidOn: "2026-01-15",
      reference: newReference(),
      receipt: pdfReceipt(),
      origin,
    };
    // The student price (500.00) is the server's, whatever the form says.
    const low = await enrolWithOfflinePayment(db, ctx, input);
    expect(low).toMatchObject({ ok: false, status: 400, problem: { fields: { amount: [expect.stringContaining("$500.00")] } } });
    expect(await enrolmentsOf(participant.id, courseId)).toEqual([]);
    expect(await paymentsOf(participant.id)).toEqual([]);

    const explained = await enrolWithOfflinePayment(db, ctx, { ...input, belowPriceReason: "Beca parcial autorizada por la Dirección" });
    expect(explained).toMatchObject({ ok: true, confirmed: true });
    if (!explained.ok) return;
    const audit = await auditRows("offline_payment", explained.offlinePaymentId);
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({
      amount_centavos: 40000,
      price_centavos: 50000,
      below_price_reason: "Beca parcial autorizada por la Dirección",
    });
  });

  test("a reference already recorded for the same method is a 409 and rolls everything back", async () => {
    const ctx = await createStaffContext("ensenanza");
    const courseId = await createCourse({ course_price: 150000, modality_id: MODALITY.EN_LINEA });
    const first = await createParticipant({ role: "EXTERNO" });
    const second = await createParticipant({ role: "EXTERNO" });
    const reference = newReference();
    const base = { courseId, modality: "en_linea" as const, method: "transferencia" as const, amountCentavos: 150000, paidOn: "2026-01-15" };
    expect(await enrolWithOfflinePayment(db, ctx, { ...base, participantId: first.id, reference, receipt: pdfReceipt(), origin })).toMatchObject({
      ok: true,
    });
    const duplicate = await enrolWithOfflinePayment(db, ctx, { ...base, participantId: second.id, reference, receipt: pdfReceipt(), origin });
    expect(duplicate).toMatchObject({ ok: false, status: 409, problem: { form: [expect.stringContaining("ya está registrada")] } });
    expect(await enrolmentsOf(second.id, courseId)).toEqual([]);
    // Another method with the same folio is another payment.
    expect(
      await enrolWithOfflinePayment(db, ctx, { ...base, method: "tienda", participantId: second.id, reference, receipt: pdfReceipt(), origin }),
    ).toMatchObject({ ok: true });
  });

  test("a course free for the participant's profile, a closed course, a wrong modality and a full room are refused", async () => {
    const ctx = await createStaffContext("ensenanza");
    const employee = await createParticipant({ role: "PERSONAL_HIMFG" });
    const paidCourse = await createCourse({ course_price: 150000, course_employee_price: 0, modality_id: MODALITY.EN_LINEA });
    const payment = { method: "transferencia" as const, amountCentavos: 150000, paidOn: "2026-01-15", receipt: pdfReceipt(), origin };
    expect(
      await enrolWithOfflinePayment(db, ctx, {
        ...payment,
        participantId: employee.id,
        courseId: paidCourse,
        modality: "en_linea",
        reference: newReference(),
      }),
    ).toMatchObject({ ok: false, status: 400, problem: { fields: { course_id: [expect.stringContaining("no tiene costo")] } } });
    const external = await createParticipant({ role: "EXTERNO" });
    const closed = await createCourse({ course_able: 0, modality_id: MODALITY.EN_LINEA });
    expect(
      await enrolWithOfflinePayment(db, ctx, {
        ...payment,
        participantId: external.id,
        courseId: closed,
        modality: "en_linea",
        reference: newReference(),
      }),
    ).toMatchObject({ ok: false, status: 400, problem: { fields: { course_id: [expect.any(String)] } } });
    expect(
      await enrolWithOfflinePayment(db, ctx, {
        ...payment,
        participantId: external.id,
        courseId: paidCourse,
        modality: "presencial",
        reference: newReference(),
      }),
    ).toMatchObject({ ok: false, status: 400, problem: { fields: { modality: [expect.any(String)] } } });
    const full = await createCourse({ course_price: 150000, course_max_range: 0, modality_id: MODALITY.PRESENCIAL });
    expect(
      await enrolWithOfflinePayment(db, ctx, {
        ...payment,
        participantId: external.id,
        courseId: full,
        modality: "presencial",
        reference: newReference(),
      }),
    ).toMatchObject({ ok: false, status: 400, problem: { fields: { modality: [expect.stringContaining("lugares presenciales")] } } });
    expect(await db.selectFrom("enrolments").select("id").where("participant_id", "in", [employee.id, external.id]).execute()).toEqual([]);
  });
});

describe("the participant chooses to pay off-line", () => {
  test("the enrolment waits in pendiente de pago with offline_intent_at and holds no seat; staff then reuse it", async () => {
    const courseId = await createCourse({ course_price: 150000, course_max_range: 1, modality_id: MODALITY.PRESENCIAL });
    const participant = await createParticipant({ role: "EXTERNO" });
    const chosen = await chooseOfflinePayment(db, { participantId: participant.id, profile: "EXTERNO", courseId, modality: "presencial" });
    expect(chosen).toMatchObject({ ok: true });
    const [waiting] = await enrolmentsOf(participant.id, courseId);
    expect(waiting).toMatchObject({ status: "pendiente_de_pago", seat_held_until: null, amount_centavos: 150000 });
    expect(waiting!.offline_intent_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(waiting!.reference).toBeTruthy();
    expect(await freeSeats(db, courseId)).toBe(1);
    // Choosing again keeps the same enrolment and the first moment.
    await chooseOfflinePayment(db, { participantId: participant.id, profile: "EXTERNO", courseId, modality: "presencial" });
    const again = await enrolmentsOf(participant.id, courseId);
    expect(again.map((e) => [e.id, e.offline_intent_at])).toEqual([[waiting!.id, waiting!.offline_intent_at]]);

    const waitingList = await listParticipants(db, { awaitingOffline: true });
    expect(waitingList.rows.map((p) => p.id)).toContain(participant.id);

    const ctx = await createStaffContext("ensenanza");
    const recorded = await enrolWithOfflinePayment(db, ctx, {
      participantId: participant.id,
      courseId,
      modality: "presencial",
      method: "transferencia",
      amountCentavos: 150000,
      paidOn: "2026-01-15",
      reference: newReference(),
      receipt: pdfReceipt(),
      origin,
    });
    expect(recorded).toMatchObject({ ok: true, enrolmentId: waiting!.id, confirmed: true });
    expect(await freeSeats(db, courseId)).toBe(0);
    expect((await listParticipants(db, { awaitingOffline: true })).rows.map((p) => p.id)).not.toContain(participant.id);
  });

  test("the staff filter reads the partial index, not the whole enrolments table", async () => {
    // The shape listParticipants builds with the filter.
    const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      SELECT p.id FROM participants p
      WHERE p.id IN (SELECT e.participant_id FROM enrolments e WHERE e.offline_intent_at IS NOT NULL AND e.status = 'pendiente_de_pago')
      ORDER BY p.created_at DESC, p.id LIMIT 500`.execute(db);
    const details = plan.rows.map((row) => row.detail).join("\n");
    expect(details).toContain("enrolments_offline_waiting");
    // Reading the small partial index whole is the point; reading the table is not.
    expect(details).not.toMatch(/SCAN (e|enrolments)(?! USING (COVERING )?INDEX)\b/);
  });
});

describe("over HTTP", () => {
  test("staff enrol with a payment from the participant's page: wrong role, wrong receipt type, success, duplicate", async () => {
    const courseId = await createCourse({ course_price: 150000, modality_id: MODALITY.EN_LINEA });
    const participant = await createParticipant({ role: "EXTERNO" });
    const reference = newReference();
    const values = {
      course_id: String(courseId),
      modality: "en_linea",
      method: "transferencia",
      amount: "1500",
      paid_on: "2026-01-15",
      reference,
    };

    const page = await fetch(`${baseUrl}/admin/estudiantes/${participant.id}`, {
      headers: { Cookie: (await createSignedInStaff(db, "ensenanza")).cookie },
    });
    const html = await page.text();
    expect(html).toContain("Inscribir con pago fuera de línea");
    expect(html).toContain(`Curso de prueba ${courseId} ($1,500.00)`);

    for (const role of ["comunicacion", "finanzas"] as const) {
      const other = await createSignedInStaff(db, role);
      const refused = await postEnrolWithPayment(other.cookie, participant.id, paymentForm(values, { data: samplePdf(), name: "c.pdf" }));
      expect(refused.status).toBe(403);
    }
    expect(await enrolmentsOf(participant.id, courseId)).toEqual([]);

    const staff = await createSignedInStaff(db, "ensenanza");
    const wrongType = await postEnrolWithPayment(
      staff.cookie,
      participant.id,
      paymentForm(values, { data: Buffer.from("no soy un PDF"), name: "c.pdf" }),
    );
    expect(wrongType.status).toBe(400);
    expect(await wrongType.text()).toContain("no es JPG, PNG ni PDF");
    const missing = await postEnrolWithPayment(staff.cookie, participant.id, paymentForm({ ...values, amount: "" }, null));
    expect(missing.status).toBe(400);
    const missingHtml = await missing.text();
    expect(missingHtml).toContain("Adjunte el comprobante");
    // The typed values are kept.
    expect(missingHtml).toContain(`value="${reference}"`);
    expect(await enrolmentsOf(participant.id, courseId)).toEqual([]);

    const done = await postEnrolWithPayment(staff.cookie, participant.id, paymentForm(values, { data: samplePng(), name: "recibo.png" }));
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/admin/estudiantes/${participant.id}`);
    expect((await enrolmentsOf(participant.id, courseId))[0]).toMatchObject({ status: "confirmada" });

    const other = await createParticipant({ role: "EXTERNO" });
    const duplicate = await postEnrolWithPayment(staff.cookie, other.id, paymentForm(values, { data: samplePdf(), name: "c.pdf" }));
    expect(duplicate.status).toBe(409);
    expect(await duplicate.text()).toContain("ya está registrada para otro pago del mismo medio");
    expect(await enrolmentsOf(other.id, courseId)).toEqual([]);
  });

  test("the participant's choice without JavaScript: the page then shows the details; the profile and the staff filter show it waiting", async () => {
    const courseId = await createCourse({ course_price: 150000, modality_id: MODALITY.EN_LINEA });
    const participant = await createParticipant({ role: "EXTERNO", name: "Paga Por Transferencia" });
    const signedIn = await sessionCookieFor(participant);
    const cookie = (await setChosenCourse(new Request(baseUrl, { headers: { Cookie: signedIn } }), courseId)).split(";")[0]!;

    // Nothing configured: no empty "CLABE" line, the page says whom to call.
    const before = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: cookie } })).text();
    expect(before).toContain("Pagaré por transferencia o en ventanilla");

    const chosen = await fetch(`${baseUrl}/payment`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=offline",
      redirect: "manual",
    });
    expect(chosen.status).toBe(303);
    const [enrolment] = await enrolmentsOf(participant.id, courseId);
    expect(enrolment).toMatchObject({ status: "pendiente_de_pago", seat_held_until: null });
    expect(enrolment!.offline_intent_at).not.toBeNull();

    const blank = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: cookie } })).text();
    expect(blank).toContain("Su pago por transferencia o en ventanilla");
    expect(blank).toContain(enrolment!.reference!);
    expect(blank).not.toContain("<dt>CLABE</dt>");
    expect(blank).toContain("Para obtener <!-- -->los datos bancarios");
    expect(blank).toContain(`mailto:${defaultSettings.email}`);

    await updateSetting(db, "courseBankName", "Banco de Prueba");
    await updateSetting(db, "courseAccountHolder", "Hospital Infantil de México Federico Gómez");
    await updateSetting(db, "courseClabe", "012180001234567890");
    await updateSetting(db, "teachingPhone", "55 5228 9917 ext. 1234");
    await updateSetting(db, "teachingEmail", "ensenanza@example.org");
    const filled = await (await fetch(`${baseUrl}/payment`, { headers: { Cookie: cookie } })).text();
    expect(filled).toContain("<dt>CLABE</dt><dd>012180001234567890</dd>");
    expect(filled).toContain("Banco de Prueba");
    expect(filled).toContain('href="tel:+525552289917"');
    expect(filled).toContain("mailto:ensenanza@example.org");
    expect(filled).not.toContain("Para obtener");

    const profile = await (await fetch(`${baseUrl}/profile`, { headers: { Cookie: signedIn } })).text();
    expect(profile).toContain("Esperando su pago por transferencia o ventanilla");
    expect(profile).toContain(enrolment!.reference!);
    expect(profile).toContain("012180001234567890");

    const staff = await createSignedInStaff(db, "ensenanza");
    const list = await (await fetch(`${baseUrl}/admin/estudiantes?pago=fuera_de_linea`, { headers: { Cookie: staff.cookie } })).text();
    expect(list).toContain("Paga Por Transferencia");
    expect(list).toContain("Esperan pago fuera de línea");
    const detail = await (await fetch(`${baseUrl}/admin/estudiantes/${participant.id}`, { headers: { Cookie: staff.cookie } })).text();
    expect(detail).toContain("Espera su pago fuera de línea");
    const payments = await (await fetch(`${baseUrl}/admin/pagos/${enrolment!.id}`, { headers: { Cookie: staff.cookie } })).text();
    expect(payments).toContain("Registrar un pago fuera de línea");
    expect(payments).toContain("eligió pagar por transferencia o en ventanilla");
  });
});

describe("the bank details and the Teaching office's contact in the settings", () => {
  test("the editor takes a CLABE with spaces and a blank value; refuses a bad phone, CLABE or e-mail", () => {
    const form = (values: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries({ ...defaultSettings, ...values })) if (typeof value === "string") data.set(name, value);
      return parseSiteSettingsForm(data);
    };
    const good = form({ courseClabe: "0121 8000 1234 5678 90", teachingPhone: "", teachingEmail: "" });
    expect(good.status === "success" && [good.value.courseClabe, good.value.teachingPhone, good.value.teachingEmail]).toEqual([
      "012180001234567890",
      "",
      "",
    ]);
    const bad = form({ courseClabe: "1234", teachingPhone: "123", teachingEmail: "no-es-correo" });
    expect(bad.status).toBe("error");
    expect(Object.keys(bad.status === "error" ? (bad.error ?? {}) : {})).toEqual(
      expect.arrayContaining(["courseClabe", "teachingPhone", "teachingEmail"]),
    );
  });

  test("the demo examples fill only blank settings, marked «(ejemplo)»; real use is warned about what is empty", async () => {
    expect(missingOfflinePaymentSettings(defaultSettings)).toEqual(
      expect.arrayContaining(["courseBankName", "courseClabe", "teachingPhone", "teachingEmail", "donationBankName", "donationClabe"]),
    );
    await updateSetting(db, "courseBankName", "Banco Real");
    await updateSetting(db, "donationBankName", "");
    await updateSetting(db, "donationClabe", "");
    await db.transaction().execute((trx) => seedPaymentDetailExamples(trx));
    const settings = await getSettings(db);
    expect(settings.courseBankName).toBe("Banco Real");
    expect(settings.donationBankName).toBe(PAYMENT_DETAIL_EXAMPLES.donationBankName);
    expect(settings.donationBankName).toContain("(ejemplo)");
    expect(settings.donationClabe).toBe("000000000000000000");

    const donation = await (await fetch(`${baseUrl}/donacion`)).text();
    expect(donation).toContain("Banco de ejemplo (ejemplo)");
  });
});
