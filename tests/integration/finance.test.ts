import { fork } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import {
  DONATIONS_PAGE_SIZE,
  donationExportRows,
  donationsCsv,
  donationsXlsx,
  getDonationDetail,
  listDonations,
  parseDonationFilters,
} from "~/finance/donations-admin.server";
import { listInvoiceRequests, markInvoiceIssued, parseMarkInvoiceForm } from "~/finance/invoices-admin.server";
import { isConstraintError } from "~/utils/sqlite-errors.server";
import {
  createCourse,
  createDonation,
  createEnrolment,
  createInvoiceRequest,
  createParticipant,
  createPaymentAttempt,
  createSignedInStaff,
  createStaffContext,
} from "../factories";
import { startTestServer } from "../support/test-server";

// Finance's staff screens (issue 13, "Staff"): the donations queries and export, and the invoice
// queue's «Marcar como facturada», in the domain and through the real HTTP stack (npm run build first).

let baseUrl = "";
let close: () => Promise<void>;
beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
});
afterAll(async () => close?.());

const filters = (query: string) => parseDonationFilters(new URLSearchParams(query));

async function auditFor(entity: string, entityId: string | number) {
  return db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(entityId)).orderBy("id").execute();
}

describe("the donations list", () => {
  // 22 Nov 2026 23:30 in Mexico City is already 23 Nov in UTC: the day filter must follow Mexico City.
  let lateNight: Awaited<ReturnType<typeof createDonation>>;
  let declined: Awaited<ReturnType<typeof createDonation>>;
  let withInvoice: Awaited<ReturnType<typeof createDonation>>;
  beforeAll(async () => {
    lateNight = await createDonation({ createdAt: "2026-11-23T05:30:00.000Z", donorName: "Noche Tardía", amountCentavos: 123_456 });
    declined = await createDonation({ status: "rechazada", createdAt: "2026-11-24T18:00:00.000Z", donorName: "Tarjeta Declinada" });
    withInvoice = await createDonation({ createdAt: "2026-11-25T18:00:00.000Z", donorName: "Con Factura", taxCertificate: true, letter: true });
    await createInvoiceRequest({ donationId: withInvoice.id });
  });

  test("newest first, with the total and the approved amount", async () => {
    const result = await listDonations(db, filters(""));
    const ids = result.rows.map((r) => r.id);
    expect(ids.indexOf(withInvoice.id)).toBeLessThan(ids.indexOf(declined.id));
    expect(ids.indexOf(declined.id)).toBeLessThan(ids.indexOf(lateNight.id));
    expect(result.total).toBeGreaterThanOrEqual(3);
    const approved = await listDonations(db, filters("estado=aprobada"));
    expect(approved.rows.every((r) => r.status === "aprobada")).toBe(true);
    expect(approved.rows.map((r) => r.id)).not.toContain(declined.id);
  });

  test("the date range is in Mexico City time, both days included", async () => {
    const day22 = await listDonations(db, filters("desde=2026-11-22&hasta=2026-11-22"));
    expect(day22.rows.map((r) => r.id)).toEqual([lateNight.id]);
    const day23 = await listDonations(db, filters("desde=2026-11-23&hasta=2026-11-23"));
    expect(day23.rows.map((r) => r.id)).not.toContain(lateNight.id);
    const range = await listDonations(db, filters("desde=2026-11-22&hasta=2026-11-24"));
    expect(range.rows.map((r) => r.id)).toEqual([declined.id, lateNight.id]);
  });

  test("with or without an invoice request", async () => {
    const withRequest = await listDonations(db, filters("factura=con&desde=2026-11-22&hasta=2026-11-25"));
    expect(withRequest.rows.map((r) => r.id)).toEqual([withInvoice.id]);
    const without = await listDonations(db, filters("factura=sin&desde=2026-11-22&hasta=2026-11-25"));
    expect(without.rows.map((r) => r.id)).toEqual([declined.id, lateNight.id]);
  });

  test("malformed filters are dropped, never an error", () => {
    expect(filters("estado=robada&desde=2026-02-30&hasta=ayer&factura=quizas&pagina=-3")).toEqual({
      status: undefined,
      from: undefined,
      to: undefined,
      invoice: undefined,
      page: 1,
    });
    expect(filters("estado=aprobada&desde=2026-01-01&factura=sin&pagina=2")).toMatchObject({
      status: "aprobada",
      from: "2026-01-01",
      invoice: "sin",
      page: 2,
    });
  });

  test("pages of 25", async () => {
    for (let i = 0; i < DONATIONS_PAGE_SIZE + 2; i++) await createDonation({ createdAt: `2025-01-10T12:${String(i).padStart(2, "0")}:00.000Z` });
    const first = await listDonations(db, filters("desde=2025-01-10&hasta=2025-01-10"));
    expect(first.total).toBe(DONATIONS_PAGE_SIZE + 2);
    expect(first.pages).toBe(2);
    expect(first.rows).toHaveLength(DONATIONS_PAGE_SIZE);
    const second = await listDonations(db, filters("desde=2025-01-10&hasta=2025-01-10&pagina=2"));
    expect(second.rows).toHaveLength(2);
    expect(second.rows[1]!.createdAt).toBe("2025-01-10T12:00:00.000Z");
  });

  test("the detail carries the attempt with its events, the files and the invoice request", async () => {
    await db
      .insertInto("payment_events")
      .values({
        payment_attempt_id: withInvoice.attemptId,
        control_number: withInvoice.controlNumber,
        kind: "success",
        outcome: "applied",
        payload: "{}",
      })
      .execute();
    const detail = await getDonationDetail(db, withInvoice.id);
    expect(detail?.donation).toMatchObject({ donorName: "Con Factura", status: "aprobada", hasLetter: true, hasTaxCertificate: true });
    expect(detail?.attempts).toHaveLength(1);
    expect(detail?.attempts[0]).toMatchObject({ status: "approved", authorisationCode: "654321" });
    expect(detail?.attempts[0]!.events.map((e) => e.kind)).toEqual(["success"]);
    expect(detail?.invoice).toMatchObject({ rfc: "XAXX010101000", cfdiFolio: null });
    expect(await getDonationDetail(db, 999_999)).toBeNull();
  });

  test("the export: every filtered row, CSV with BOM and defused formulas, XLSX", async () => {
    const hostile = await createDonation({
      createdAt: "2024-06-01T18:00:00.000Z",
      donorName: '=HYPERLINK("http://x")',
      donorEmail: "hostil@ejemplo.mx",
    });
    const plain = await createDonation({ createdAt: "2024-06-02T18:00:00.000Z", donorName: "Ana Pérez", amountCentavos: 150_050 });
    const rows = await donationExportRows(db, filters("desde=2024-06-01&hasta=2024-06-02&pagina=7"));
    expect(rows.map((r) => r.id)).toEqual([plain.id, hostile.id]);
    const csv = donationsCsv(rows);
    expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.subarray(3).toString("utf8").trim().split("\r\n");
    expect(lines[0]).toBe(
      "Fecha (Ciudad de México),Número de control,Donante,Correo electrónico,Importe (MXN),Estado,Aprobada (Ciudad de México),Solicitud de factura,Folio CFDI",
    );
    expect(lines[1]).toBe(`2024-06-02 12:00,${plain.controlNumber},Ana Pérez,${await emailOf(plain.id)},1500.50,Aprobada,2024-06-02 12:00,No,`);
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://x"")"`);
    const xlsx = await donationsXlsx(rows);
    expect(xlsx.subarray(0, 2).toString("latin1")).toBe("PK");
  });
});

async function emailOf(donationId: number) {
  return (await db.selectFrom("donations").select("donor_email").where("id", "=", donationId).executeTakeFirstOrThrow()).donor_email;
}

function markForm(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  return form;
}

describe("«Marcar como facturada»", () => {
  test("hostile or malformed folios are refused by the schema with Spanish messages", () => {
    const refused = ["", "   ", "=cmd|' /C calc'!A0", "A-1\u202E024", "folio con espacios", "<script>", "Ñ-1", "x".repeat(65), "A\u00001"];
    for (const folio of refused) {
      const submission = parseMarkInvoiceForm(markForm({ solicitud: "1", folio }));
      expect(submission.status, JSON.stringify(folio)).toBe("error");
      expect(submission.status === "error" && submission.error?.folio?.[0], JSON.stringify(folio)).toMatch(/folio|caracteres/i);
    }
    expect(parseMarkInvoiceForm(markForm({ solicitud: "1e3", folio: "A-1" })).status).toBe("error");
    const ok = parseMarkInvoiceForm(markForm({ solicitud: "12", folio: "  6F9619FF-8B86-D011-B42D-00C04FC964FF  " }));
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({ solicitud: 12, folio: "6F9619FF-8B86-D011-B42D-00C04FC964FF" });
  });

  test("marks once, audits in the same transaction, refuses a second mark and a reused folio", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation();
    const requestId = await createInvoiceRequest({ donationId: donation.id });
    const marked = await markInvoiceIssued(db, ctx, { requestId, folio: "A-1024" });
    expect(marked).toEqual({ ok: true, requestId, folio: "A-1024" });
    const row = await db.selectFrom("invoice_requests").selectAll().where("id", "=", requestId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cfdi_folio: "A-1024", invoiced_by: ctx.actor.name });
    const audits = await auditFor("invoice_request", requestId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "factura.marcar", actor_staff_id: ctx.actor.id, actor_role: "finanzas", request_id: ctx.requestId });
    expect(JSON.parse(audits[0]!.after_json!)).toMatchObject({ cfdi_folio: "A-1024", donation_id: donation.id });

    const again = await markInvoiceIssued(db, ctx, { requestId, folio: "B-2048" });
    expect(again.ok).toBe(false);
    expect(!again.ok && again.status).toBe(409);
    expect(!again.ok && again.problem.form[0]).toMatch(/ya se marcó como facturada con el folio A-1024/);
    expect((await db.selectFrom("invoice_requests").select("cfdi_folio").where("id", "=", requestId).executeTakeFirstOrThrow()).cfdi_folio).toBe(
      "A-1024",
    );
    expect(await auditFor("invoice_request", requestId)).toHaveLength(1);

    // The same CFDI folio on another request is a typing mistake: refused, in any letter case.
    const other = await createInvoiceRequest({ donationId: (await createDonation()).id });
    const reused = await markInvoiceIssued(db, ctx, { requestId: other, folio: "a-1024" });
    expect(!reused.ok && reused.problem.fields.folio?.[0]).toMatch(/ya se registró en la solicitud/);
    expect(await auditFor("invoice_request", other)).toHaveLength(0);
  });

  test("two marks at the same moment: one wins, the other is refused", async () => {
    const ctx = await createStaffContext("finanzas");
    const requestId = await createInvoiceRequest({ donationId: (await createDonation()).id });
    const outcomes = await Promise.all([
      markInvoiceIssued(db, ctx, { requestId, folio: "RACE-1" }),
      markInvoiceIssued(db, ctx, { requestId, folio: "RACE-2" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.status === 409)).toHaveLength(1);
    expect(await auditFor("invoice_request", requestId)).toHaveLength(1);
  });

  test("the same folio on two requests at the same moment: one is marked, the other is a 409 with the reason", async () => {
    const ctx = await createStaffContext("finanzas");
    const first = await createInvoiceRequest({ donationId: (await createDonation()).id });
    const second = await createInvoiceRequest({ donationId: (await createDonation()).id });
    const outcomes = await Promise.all([
      markInvoiceIssued(db, ctx, { requestId: first, folio: "DUP-1" }),
      markInvoiceIssued(db, ctx, { requestId: second, folio: "DUP-1" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const refused = outcomes.find((o) => !o.ok);
    expect(refused).toMatchObject({
      ok: false,
      status: 409,
      problem: { fields: { folio: [expect.stringMatching(/^Ese folio ya se registró en la solicitud \d+\./)] } },
    });
    const marked = await db.selectFrom("invoice_requests").select("id").where("cfdi_folio", "=", "DUP-1").execute();
    expect(marked).toHaveLength(1);
    expect((await auditFor("invoice_request", first)).length + (await auditFor("invoice_request", second)).length).toBe(1);
  });

  test("two processes race for one folio (a second server, a script): one mark, one 409, never an error", async () => {
    // Another process with its own connection to the same file (tests/support/mark-invoice-process.ts):
    // SQLite serialises the writers' transactions, and the loser must still answer 409.
    const other = fork("tests/support/mark-invoice-process.ts", { execArgv: ["--import", "tsx"], env: process.env });
    try {
      expect((await once(other, "message"))[0]).toBe("ready");
      const ctx = await createStaffContext("finanzas");
      for (let round = 0; round < 5; round++) {
        const first = await createInvoiceRequest({ donationId: (await createDonation()).id });
        const second = await createInvoiceRequest({ donationId: (await createDonation()).id });
        const folio = `RACE2-${round}`;
        const answer = once(other, "message");
        other.send({ ctx, input: { requestId: second, folio } });
        const [mine, theirs] = await Promise.all([markInvoiceIssued(db, ctx, { requestId: first, folio }), answer]);
        const reply = theirs[0] as { outcome?: Awaited<ReturnType<typeof markInvoiceIssued>>; error?: string };
        expect(reply.error, folio).toBeUndefined();
        const outcomes = [mine, reply.outcome!];
        expect(
          outcomes.filter((o) => o.ok),
          folio,
        ).toHaveLength(1);
        expect(
          outcomes.filter((o) => !o.ok && o.status === 409 && o.problem.fields.folio?.[0]?.startsWith("Ese folio ya se registró")),
          folio,
        ).toHaveLength(1);
        expect(await db.selectFrom("invoice_requests").select("id").where("cfdi_folio", "=", folio).execute()).toHaveLength(1);
      }
    } finally {
      other.disconnect();
      await once(other, "exit");
    }
  });

  test("the database itself refuses a folio used twice, and the mark reads that refusal as this index's", async () => {
    await createInvoiceRequest(
      { donationId: (await createDonation()).id },
      { cfdi_folio: "IDX-1", invoiced_at: new Date().toISOString(), invoiced_by: "Finanzas" },
    );
    const second = await createInvoiceRequest({ donationId: (await createDonation()).id });
    const error = await db
      .updateTable("invoice_requests")
      .set({ cfdi_folio: "IDX-1", invoiced_at: new Date().toISOString(), invoiced_by: "Finanzas" })
      .where("id", "=", second)
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    expect(isConstraintError(error, "SQLITE_CONSTRAINT_UNIQUE", "invoice_requests.cfdi_folio")).toBe(true);
    expect(isConstraintError(error, "SQLITE_CONSTRAINT_UNIQUE", "invoice_requests.donation_id")).toBe(false);
    expect(isConstraintError(error, "SQLITE_CONSTRAINT_CHECK", "invoice_requests.cfdi_folio")).toBe(false);
  });

  test("no invoice before the money is in; unknown requests are a 404", async () => {
    const ctx = await createStaffContext("finanzas");
    const pendingDonation = await createDonation({ status: "pendiente" });
    const requestId = await createInvoiceRequest({ donationId: pendingDonation.id });
    const refused = await markInvoiceIssued(db, ctx, { requestId, folio: "A-1" });
    expect(!refused.ok && refused.status).toBe(409);
    expect(!refused.ok && refused.problem.form[0]).toMatch(/pago aprobado/);
    expect((await markInvoiceIssued(db, ctx, { requestId: 987_654, folio: "A-1" })).ok).toBe(false);
    expect(await auditFor("invoice_request", requestId)).toHaveLength(0);
  });

  test("the queue holds enrolments and donations, pending first (oldest first)", async () => {
    const ctx = await createStaffContext("finanzas");
    const participant = await createParticipant({ name: "Participante Facturable" });
    const courseId = await createCourse({ course_name: "Curso con factura" });
    const enrolmentId = await createEnrolment(participant.id, courseId, { amount_centavos: 150_000 });
    await createPaymentAttempt(enrolmentId, { status: "approved" });
    const enrolmentRequest = await createInvoiceRequest({ enrolmentId }, { created_at: "2020-01-01T00:00:00.000Z" });
    const unpaidEnrolment = await createEnrolment((await createParticipant()).id, courseId, {
      status: "pendiente_de_pago",
      amount_centavos: 150_000,
    });
    const unpaidRequest = await createInvoiceRequest({ enrolmentId: unpaidEnrolment }, { created_at: "2020-01-02T00:00:00.000Z" });
    const queue = await listInvoiceRequests(db, { page: 1 });
    const ids = queue.rows.map((r) => r.id);
    expect(ids.slice(0, 2)).toEqual([enrolmentRequest, unpaidRequest]);
    expect(queue.rows[0]).toMatchObject({
      kind: "inscripcion",
      concept: "Curso: Curso con factura",
      personName: "Participante Facturable",
      paid: true,
    });
    expect(queue.rows[1]).toMatchObject({ paid: false });
    // Invoiced ones come after every pending one.
    expect(queue.rows.findIndex((r) => r.cfdiFolio !== null)).toBeGreaterThan(queue.rows.findLastIndex((r) => r.cfdiFolio === null));
    expect((await markInvoiceIssued(db, ctx, { requestId: enrolmentRequest, folio: "ENR-1" })).ok).toBe(true);
    const invoiced = await listInvoiceRequests(db, { state: "facturada", page: 1 });
    expect(invoiced.rows.map((r) => r.id)).toContain(enrolmentRequest);
    expect(invoiced.rows.every((r) => r.cfdiFolio !== null)).toBe(true);
  });
});

describe("through HTTP", () => {
  async function post(path: string, cookie: string, body: Record<string, string>) {
    return fetch(`${baseUrl}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(body).toString(),
    });
  }

  test("a Teaching-office member gets a Spanish 403 and changes nothing; finance marks; a hostile folio is a 400", async () => {
    const requestId = await createInvoiceRequest({ donationId: (await createDonation()).id });
    const teaching = await createSignedInStaff(db, "ensenanza");
    const refused = await post("/admin/facturas?index", teaching.cookie, { solicitud: String(requestId), folio: "A-9" });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("no tiene permiso");
    const page = await fetch(`${baseUrl}/admin/donativos`, { headers: { Cookie: teaching.cookie } });
    expect(page.status).toBe(403);
    const exportRefused = await fetch(`${baseUrl}/admin/donativos/exportar?formato=csv`, { headers: { Cookie: teaching.cookie } });
    expect(exportRefused.status).toBe(403);

    const finance = await createSignedInStaff(db, "finanzas");
    const hostile = await post("/admin/facturas?index", finance.cookie, { solicitud: String(requestId), folio: "=1+1" });
    expect(hostile.status).toBe(400);
    expect(await hostile.text()).toContain("Escriba el folio del CFDI solo con letras");
    expect(
      (await db.selectFrom("invoice_requests").select("cfdi_folio").where("id", "=", requestId).executeTakeFirstOrThrow()).cfdi_folio,
    ).toBeNull();

    const marked = await post("/admin/facturas?index", finance.cookie, { solicitud: String(requestId), folio: "HTTP-1" });
    expect(marked.status).toBe(303);
    expect(marked.headers.get("location")).toBe("/admin/facturas");
    const twice = await post("/admin/facturas?index", finance.cookie, { solicitud: String(requestId), folio: "HTTP-2" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("No se puede marcar dos veces");
    expect(await auditFor("invoice_request", requestId)).toHaveLength(1);
  });

  test("finance downloads the filtered CSV (audited) and a donor's files; an unknown kind is a 404", async () => {
    const donation = await createDonation({ createdAt: "2023-03-03T18:00:00.000Z", donorName: "Descarga Directa", letter: true });
    const finance = await createSignedInStaff(db, "finanzas");
    const csv = await fetch(`${baseUrl}/admin/donativos/exportar?formato=csv&desde=2023-03-03&hasta=2023-03-03`, {
      headers: { Cookie: finance.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("cache-control")).toBe("no-store");
    const text = await csv.text();
    expect(text).toContain("Descarga Directa");
    expect(text.trim().split("\r\n")).toHaveLength(2);
    const exportAudit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "donativos.exportar")
      .where("actor_staff_id", "=", finance.user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(exportAudit.after_json!)).toMatchObject({ format: "csv", rows: 1, filters: { from: "2023-03-03", to: "2023-03-03" } });
    expect((await fetch(`${baseUrl}/admin/donativos/exportar?formato=ods`, { headers: { Cookie: finance.cookie } })).status).toBe(400);

    const letter = await fetch(`${baseUrl}/admin/donativos/${donation.id}/archivos/carta`, { headers: { Cookie: finance.cookie } });
    expect(letter.status).toBe(200);
    expect(letter.headers.get("content-type")).toBe("application/pdf");
    expect(letter.headers.get("content-security-policy")).toContain("sandbox");
    expect((await fetch(`${baseUrl}/admin/donativos/${donation.id}/archivos/constancia`, { headers: { Cookie: finance.cookie } })).status).toBe(404);
    expect((await fetch(`${baseUrl}/admin/donativos/${donation.id}/archivos/otro`, { headers: { Cookie: finance.cookie } })).status).toBe(404);
    expect(await auditFor("donation", donation.id)).toHaveLength(1);
    // Anonymous visitors never get the file.
    const anonymous = await fetch(`${baseUrl}/admin/donativos/${donation.id}/archivos/carta`, { redirect: "manual" });
    expect(anonymous.status).toBe(303);
  });
});
