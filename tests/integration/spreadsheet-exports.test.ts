import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { donationExportRows, donationsCsv, donationsXlsx, parseDonationFilters } from "~/finance/donations-admin.server";
import { ledgerCsv, ledgerExportLines, ledgerXlsx, parseLedgerFilters } from "~/finance/ledger.server";
import {
  createCourse,
  createDonation,
  createEnrolment,
  createParticipant,
  createPaymentAttempt,
  createPrivatePdf,
  createSignedInStaff,
} from "../factories";
import { startTestServer } from "../support/test-server";
import { readXlsx } from "../support/xlsx";

// Issue 21, "Exports lack what staff reconcile with": the course enrolment export carries the
// price, what was paid, how, its reference and the dates; in the XLSX numbers and dates are real
// cell types, and the donations and ledger exports share the same typed columns. Through the real
// HTTP stack for the course export (npm run build first).

let baseUrl = "";
let close: () => Promise<void>;
beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
});
afterAll(async () => close?.());

const MONEY = "#,##0.00";
const DAY = "dd/mm/yyyy";
const DATE_TIME = "dd/mm/yyyy hh:mm";

let courses = 0;

/** A course with one enrolment of each kind staff reconcile: by card, off-line, free, unpaid, cancelled and refunded. */
async function courseWithEveryPayment() {
  courses += 1;
  const courseId = await createCourse({ course_price: 150_050, course_student_price: 0, course_url: `exportar-${courses}` });
  const windowReference = `VENT-${courses}23`;
  const card = await createParticipant({ name: "Ana Tarjeta", institution: "IMSS" });
  const cardEnrolment = await createEnrolment(card.id, courseId, { amount_centavos: 150_050, created_at: "2030-02-20T17:05:00.000Z" });
  const attempt = await createPaymentAttempt(cardEnrolment, {
    status: "approved",
    referencia: "202603017777",
    codigo_aut: "654321",
    // 1 March 23:30 in Mexico City is already 2 March in UTC.
    settled_at: "2030-03-02T05:30:00.000Z",
  });

  const window = await createParticipant({ name: "Bruno Ventanilla" });
  const windowEnrolment = await createEnrolment(window.id, courseId, { amount_centavos: 150_050, created_at: "2030-02-21T18:00:00.000Z" });
  await db
    .insertInto("offline_payments")
    .values({
      enrolment_id: windowEnrolment,
      method: "ventanilla",
      amount_centavos: 140_000,
      paid_on: "2030-03-10",
      reference: windowReference,
      receipt_file_id: await createPrivatePdf("comprobante.pdf"),
      recorded_by: "Personal de prueba",
    })
    .execute();

  const free = await createParticipant({ name: "Carla Gratuita", role: "ESTUDIANTE" });
  await createEnrolment(free.id, courseId, { amount_centavos: 0, created_at: "2030-02-22T18:00:00.000Z" });

  const unpaid = await createParticipant({ name: '=HYPERLINK("http://x")' });
  await createEnrolment(unpaid.id, courseId, { status: "pendiente_de_pago", amount_centavos: 150_050, created_at: "2030-02-23T18:00:00.000Z" });

  const gone = await createParticipant({ name: "Diego Cancelado" });
  await createEnrolment(gone.id, courseId, { status: "cancelada", amount_centavos: 150_050 });

  const refunded = await createParticipant({ name: "Elena Reembolsada" });
  const refundedEnrolment = await createEnrolment(refunded.id, courseId, { status: "cancelada", amount_centavos: 150_050 });
  const refundedAttempt = await createPaymentAttempt(refundedEnrolment, { status: "approved", settled_at: "2030-03-03T18:00:00.000Z" });
  await db
    .insertInto("refunds")
    .values({
      enrolment_id: refundedEnrolment,
      payment_attempt_id: refundedAttempt.id,
      amount_centavos: 150_050,
      reason: "Sin lugar",
      recorded_by: "Finanzas",
    })
    .execute();
  return { courseId, card, attempt, window, windowReference, free, unpaid, refunded };
}

describe("the course enrolment export", () => {
  test("CSV: the price, the amount paid, how, its reference and the Mexico City dates, as plain values", async () => {
    const { courseId, card, attempt, window, windowReference, free, unpaid, refunded } = await courseWithEveryPayment();
    const staff = await createSignedInStaff(db, "ensenanza");
    const response = await fetch(`${baseUrl}/admin/cursos/${courseId}/exportar?formato=csv`, { headers: { Cookie: staff.cookie } });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\ufeff/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Nombre,Número de participante,Perfil,Institución,Correo electrónico,Teléfono,Modalidad,Estado," +
        "Fecha de inscripción (Ciudad de México),Precio (MXN),Pagado (MXN),Forma de pago,Referencia de pago," +
        "Fecha de pago (Ciudad de México),Reembolsado (MXN)",
    );
    const line = (name: string) => lines.find((text) => text.startsWith(name)) ?? lines.find((text) => text.includes(name));
    expect(line("Ana Tarjeta")).toBe(
      `Ana Tarjeta,${card.id},Externo,IMSS,${card.email},3312345678,En línea,Confirmada,2030-02-20 11:05,1500.50,1500.50,Tarjeta,` +
        `"${attempt.control_number}, referencia 202603017777, autorización 654321",2030-03-01 23:30,`,
    );
    expect(line("Bruno Ventanilla")).toBe(
      `Bruno Ventanilla,${window.id},Externo,IMSS,${window.email},3312345678,En línea,Confirmada,2030-02-21 12:00,1500.50,1400.00,` +
        `Depósito en ventanilla bancaria,${windowReference},2030-03-10,`,
    );
    expect(line("Carla Gratuita")).toBe(
      `Carla Gratuita,${free.id},Estudiante,IMSS,${free.email},3312345678,En línea,Confirmada,2030-02-22 12:00,0.00,0.00,Gratuito,,,`,
    );
    // Unpaid: nothing in the payment columns; a formula-looking name stays defused.
    expect(line("HYPERLINK")).toBe(
      `"'=HYPERLINK(""http://x"")",${unpaid.id},Externo,IMSS,${unpaid.email},3312345678,En línea,Pendiente de pago,2030-02-23 12:00,1500.50,,,,,`,
    );
    // A cancelled enrolment appears only when money moved for it.
    expect(line("Diego Cancelado")).toBeUndefined();
    expect(line("Elena Reembolsada")).toMatch(
      new RegExp(`^Elena Reembolsada,${refunded.id},.*,Cancelada,.*,1500\\.50,1500\\.50,Tarjeta,.*,1500\\.50$`),
    );
    expect(lines).toHaveLength(6);
  });

  test("XLSX: participant number and amounts are numbers, dates are dates, each with its format", async () => {
    const { courseId, card, window, windowReference, free, unpaid, refunded } = await courseWithEveryPayment();
    const staff = await createSignedInStaff(db, "finanzas");
    const response = await fetch(`${baseUrl}/admin/cursos/${courseId}/exportar?formato=xlsx`, { headers: { Cookie: staff.cookie } });
    expect(response.status).toBe(200);
    const sheet = await readXlsx(Buffer.from(await response.arrayBuffer()));
    const index = (name: string) => {
      for (let i = 0; i < sheet.rowCount; i += 1) if (sheet.row(i).Nombre === name) return i;
      throw new Error(`no row for ${name}`);
    };

    const byCard = index("Ana Tarjeta");
    expect(sheet.row(byCard)).toMatchObject({
      "Número de participante": card.id,
      Estado: "Confirmada",
      "Fecha de inscripción (Ciudad de México)": new Date("2030-02-20T11:05:00Z"),
      "Precio (MXN)": 1500.5,
      "Pagado (MXN)": 1500.5,
      "Forma de pago": "Tarjeta",
      "Fecha de pago (Ciudad de México)": new Date("2030-03-01T23:30:00Z"),
      "Reembolsado (MXN)": null,
    });
    expect(sheet.row(byCard)["Referencia de pago"]).toMatch(/202603017777.*654321/);
    expect(sheet.format(byCard, "Número de participante")).toBe("0");
    expect(sheet.format(byCard, "Precio (MXN)")).toBe(MONEY);
    expect(sheet.format(byCard, "Pagado (MXN)")).toBe(MONEY);
    expect(sheet.format(byCard, "Fecha de inscripción (Ciudad de México)")).toBe(DATE_TIME);
    expect(sheet.format(byCard, "Fecha de pago (Ciudad de México)")).toBe(DATE_TIME);

    const offline = index("Bruno Ventanilla");
    expect(sheet.row(offline)).toMatchObject({
      "Número de participante": window.id,
      "Precio (MXN)": 1500.5,
      "Pagado (MXN)": 1400,
      "Forma de pago": "Depósito en ventanilla bancaria",
      "Referencia de pago": windowReference,
      // An off-line payment is paid on a day: a date without a time.
      "Fecha de pago (Ciudad de México)": new Date("2030-03-10T00:00:00Z"),
    });
    expect(sheet.format(offline, "Fecha de pago (Ciudad de México)")).toBe(DAY);

    const gratis = index("Carla Gratuita");
    expect(sheet.row(gratis)).toMatchObject({
      "Número de participante": free.id,
      Perfil: "Estudiante",
      "Precio (MXN)": 0,
      "Pagado (MXN)": 0,
      "Forma de pago": "Gratuito",
      "Referencia de pago": null,
      "Fecha de pago (Ciudad de México)": null,
    });

    // A formula-looking name is a text cell (never a formula) in the XLSX.
    const waiting = index('=HYPERLINK("http://x")');
    expect(sheet.row(waiting)).toMatchObject({
      "Número de participante": unpaid.id,
      Estado: "Pendiente de pago",
      "Pagado (MXN)": null,
      "Forma de pago": null,
    });
    expect(sheet.row(index("Elena Reembolsada"))).toMatchObject({
      "Número de participante": refunded.id,
      Estado: "Cancelada",
      "Reembolsado (MXN)": 1500.5,
    });
    expect(sheet.rowCount).toBe(5);
  });
});

describe("the donations and ledger exports share the typed columns", () => {
  test("donations: the amount is a number, the dates are dates in Mexico City time", async () => {
    const donation = await createDonation({ createdAt: "2031-05-02T05:30:00.000Z", amountCentavos: 123_450, donorName: "Fundación Tipada" });
    const rows = await donationExportRows(db, parseDonationFilters(new URLSearchParams("desde=2031-05-01&hasta=2031-05-01")));
    expect(rows.map((row) => row.id)).toEqual([donation.id]);
    const sheet = await readXlsx(await donationsXlsx(rows));
    expect(sheet.row(0)).toMatchObject({
      "Fecha (Ciudad de México)": new Date("2031-05-01T23:30:00Z"),
      Donante: "Fundación Tipada",
      "Importe (MXN)": 1234.5,
      "Aprobada (Ciudad de México)": new Date("2031-05-01T23:30:00Z"),
    });
    expect(sheet.format(0, "Importe (MXN)")).toBe(MONEY);
    expect(sheet.format(0, "Fecha (Ciudad de México)")).toBe(DATE_TIME);
    expect(donationsCsv(rows).toString("utf8")).toContain(`2031-05-01 23:30,${donation.controlNumber},Fundación Tipada,`);
  });

  test("ledger: a refund is a negative number (never text), a day is a date", async () => {
    const courseId = await createCourse({ course_price: 80_000 });
    const participant = await createParticipant({ name: "Gloria Libro Tipado" });
    const enrolment = await createEnrolment(participant.id, courseId, { amount_centavos: 80_000 });
    const paymentId = (
      await db
        .insertInto("offline_payments")
        .values({
          enrolment_id: enrolment,
          method: "transferencia",
          amount_centavos: 80_000,
          paid_on: "2031-06-10",
          reference: "SPEI-TIPADO",
          receipt_file_id: await createPrivatePdf("comprobante.pdf"),
          recorded_by: "Personal de prueba",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto("refunds")
      .values({
        enrolment_id: enrolment,
        offline_payment_id: paymentId,
        amount_centavos: 20_000,
        reason: "Descuento acordado",
        recorded_by: "Finanzas",
        created_at: "2031-06-12T18:00:00.000Z",
      })
      .execute();
    const { filters } = parseLedgerFilters(new URLSearchParams("desde=2031-06-01&hasta=2031-06-30"));
    const lines = await ledgerExportLines(db, filters);
    const sheet = await readXlsx(await ledgerXlsx(lines));
    const rows = Array.from({ length: sheet.rowCount }, (_, i) => sheet.row(i));
    const refund = rows.findIndex((row) => row.Tipo === "Reembolso");
    const paid = rows.findIndex((row) => row.Tipo === "Pago fuera de línea");
    expect(sheet.row(refund)).toMatchObject({ "Importe (MXN)": -200, "Fecha (Ciudad de México)": new Date("2031-06-12T12:00:00Z") });
    expect(sheet.format(refund, "Importe (MXN)")).toBe(MONEY);
    expect(sheet.row(paid)).toMatchObject({ "Importe (MXN)": 800, "Fecha (Ciudad de México)": new Date("2031-06-10T00:00:00Z") });
    expect(sheet.format(paid, "Fecha (Ciudad de México)")).toBe(DAY);
    // In the CSV a refund is a plain signed number a spreadsheet sums, not a defused text "'-200.00".
    const csv = ledgerCsv(lines).toString("utf8");
    expect(csv).toContain(",-200.00,Sí");
    expect(csv).not.toContain("'-200.00");
  });
});
