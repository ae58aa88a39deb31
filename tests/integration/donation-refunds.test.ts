import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { sendDonationReceipt } from "~/donations/donation-mail.server";
import { getDonationDetail, listDonations, parseDonationFilters } from "~/finance/donations-admin.server";
import { recordRefund } from "~/staff/teaching/refunds.server";
import { markInvoiceIssued } from "~/finance/invoices-admin.server";
import { createDonation, createInvoiceRequest, createSignedInStaff, createStaffContext } from "../factories";
import { startTestServer } from "../support/test-server";

// Refunds of donations (issue 19): finance records money given back for an approved donation,
// once, at most the amount paid, audited; the list and the page show it; the receipt is never
// mailed for it. The same recordRefund as enrolments' refunds (teaching-office.test.ts covers those).
// HTTP tests need `npm run build` first.

let baseUrl = "";
let close: () => Promise<void>;
beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
});
afterAll(async () => close?.());

const refundsOf = (donationId: number) => db.selectFrom("refunds").selectAll().where("donation_id", "=", donationId).execute();
const refundAudits = (refundIds: number[]) =>
  refundIds.length === 0
    ? Promise.resolve([])
    : db.selectFrom("audit_log").selectAll().where("entity", "=", "refund").where("entity_id", "in", refundIds.map(String)).execute();

describe("recordRefund for a donation", () => {
  test("refunds an approved donation once, audited, and the list and the detail show it", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation({ amountCentavos: 80_000, createdAt: "2026-03-04T18:00:00.000Z", donorName: "Donante Reembolsado" });
    const kept = await createDonation({ amountCentavos: 20_000, createdAt: "2026-03-04T19:00:00.000Z" });
    const day = parseDonationFilters(new URLSearchParams("desde=2026-03-04&hasta=2026-03-04"));
    expect((await listDonations(db, day)).approvedCentavos).toBe(100_000);

    const outcome = await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 80_000, reason: "  El donante pidió la devolución.  " });
    expect(outcome).toMatchObject({ ok: true, cancelled: false });
    if (!outcome.ok) return;
    const rows = await refundsOf(donation.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: outcome.refundId,
      enrolment_id: null,
      donation_id: donation.id,
      payment_attempt_id: donation.attemptId,
      offline_payment_id: null,
      amount_centavos: 80_000,
      reason: "El donante pidió la devolución.",
      recorded_by: ctx.actor.name,
    });
    const audits = await refundAudits([outcome.refundId]);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: "pago.reembolsar", actor_staff_id: ctx.actor.id, actor_role: "finanzas", request_id: ctx.requestId });
    expect(JSON.parse(audits[0]!.before_json!)).toEqual({ donation_status: "aprobada", refund: null });
    expect(JSON.parse(audits[0]!.after_json!)).toMatchObject({
      donation_id: donation.id,
      source: { kind: "tarjeta", paymentAttemptId: donation.attemptId },
      amount_centavos: 80_000,
      paid_centavos: 80_000,
      refunded: true,
    });
    // The donation keeps its status; it reads as refunded from the refunds row.
    expect((await db.selectFrom("donations").select("status").where("id", "=", donation.id).executeTakeFirstOrThrow()).status).toBe("aprobada");

    const detail = await getDonationDetail(db, donation.id);
    expect(detail?.refund).toMatchObject({ amountCentavos: 80_000, reason: "El donante pidió la devolución.", recordedBy: ctx.actor.name });
    expect(detail?.refundableCentavos).toBeNull();
    expect((await getDonationDetail(db, kept.id))?.refundableCentavos).toBe(20_000);

    const list = await listDonations(db, day);
    expect(list.rows.find((r) => r.id === donation.id)).toMatchObject({ listState: "reembolsada", refundedCentavos: 80_000 });
    expect(list.rows.find((r) => r.id === kept.id)).toMatchObject({ listState: "aprobada", refundedCentavos: null });
    // The approved amount no longer counts the money given back.
    expect(list.approvedCentavos).toBe(20_000);
    const refundedOnly = await listDonations(db, parseDonationFilters(new URLSearchParams("estado=reembolsada&desde=2026-03-04&hasta=2026-03-04")));
    expect(refundedOnly.rows.map((r) => r.id)).toEqual([donation.id]);
    const approvedOnly = await listDonations(db, parseDonationFilters(new URLSearchParams("estado=aprobada&desde=2026-03-04&hasta=2026-03-04")));
    expect(approvedOnly.rows.map((r) => r.id)).toEqual([kept.id]);
  });

  test("a second refund of the same donation is a 409 and stores nothing", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation({ amountCentavos: 50_000 });
    expect((await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 10_000, reason: "Parcial" })).ok).toBe(true);
    const again = await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 10_000, reason: "Otra vez" });
    expect(again).toMatchObject({ ok: false, status: 409, problem: { form: [expect.stringContaining("ya tiene un reembolso registrado")] } });
    const rows = await refundsOf(donation.id);
    expect(rows).toHaveLength(1);
    expect(await refundAudits(rows.map((r) => r.id))).toHaveLength(1);
  });

  test("two refunds at the same moment: one is recorded, the other is refused", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation({ amountCentavos: 50_000 });
    const outcomes = await Promise.all([
      recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 50_000, reason: "Primera" }),
      recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 50_000, reason: "Segunda" }),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.status === 409)).toHaveLength(1);
    expect(await refundsOf(donation.id)).toHaveLength(1);
  });

  test("a donation that is not approved cannot be refunded (409); an unknown one is a 404", async () => {
    const ctx = await createStaffContext("finanzas");
    for (const status of ["pendiente", "rechazada", "expirada"] as const) {
      const donation = await createDonation({ status });
      const outcome = await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 100, reason: "No debería" });
      expect(outcome, status).toMatchObject({
        ok: false,
        status: 409,
        problem: { form: [expect.stringContaining("Solo se reembolsa un donativo aprobado")] },
      });
      expect(await refundsOf(donation.id)).toEqual([]);
      expect((await getDonationDetail(db, donation.id))?.refundableCentavos).toBeNull();
    }
    expect(await recordRefund(db, ctx, { donationId: 987_654, amountCentavos: 100, reason: "No existe" })).toMatchObject({ ok: false, status: 404 });
  });

  test("more than was paid, no reason or a non-positive amount is a 400 with every error, and nothing is stored", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation({ amountCentavos: 50_000 });
    expect(await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 50_001, reason: "   " })).toMatchObject({
      ok: false,
      status: 400,
      problem: { fields: { amount: [expect.stringContaining("no puede ser mayor que lo pagado ($500.00)")], reason: [expect.any(String)] } },
    });
    expect(await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 0, reason: "x".repeat(501) })).toMatchObject({
      ok: false,
      status: 400,
      problem: { fields: { amount: [expect.any(String)], reason: [expect.stringContaining("500")] } },
    });
    expect(await refundsOf(donation.id)).toEqual([]);
  });

  test("a refunded donation's receipt is never mailed", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation({ amountCentavos: 30_000 });
    expect((await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 30_000, reason: "Cargo duplicado" })).ok).toBe(true);
    expect(await sendDonationReceipt(db, donation.id)).toBe(false);
    expect(
      (await db.selectFrom("donations").select("receipt_sent_at").where("id", "=", donation.id).executeTakeFirstOrThrow()).receipt_sent_at,
    ).toBeNull();
    expect(await db.selectFrom("mail_outbox").select("id").where("subject", "like", `%${donation.controlNumber}%`).execute()).toEqual([]);
  });

  test("refunds stay append-only after migration 0027 rebuilt the table", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation();
    const outcome = await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 1_000, reason: "Prueba de la bitácora" });
    if (!outcome.ok) throw new Error("expected a refund");
    await expect(db.updateTable("refunds").set({ amount_centavos: 1 }).where("id", "=", outcome.refundId).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom("refunds").where("id", "=", outcome.refundId).execute()).rejects.toThrow(/append-only/);
    expect((await refundsOf(donation.id))[0]).toMatchObject({ amount_centavos: 1_000 });
    // A refund belongs to exactly one owner, and a donation's refund names its card attempt (CHECKs of 0027).
    await expect(
      db
        .insertInto("refunds")
        .values({ donation_id: donation.id, offline_payment_id: null, payment_attempt_id: null, amount_centavos: 1, reason: "x", recorded_by: "y" })
        .execute(),
    ).rejects.toThrow(/CHECK/);
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

  test("finance refunds from the donation's page without JavaScript; the page and the list show it; a second post is a 409", async () => {
    const donation = await createDonation({ amountCentavos: 150_050, donorName: "Donante por HTTP", createdAt: "2026-05-06T18:00:00.000Z" });
    const finance = await createSignedInStaff(db, "finanzas");
    const page = await fetch(`${baseUrl}/admin/donativos/${donation.id}`, { headers: { Cookie: finance.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    // The server-rendered form: labelled fields, the full amount by default, posting to this index route.
    const form = /<form[^>]*id="reembolso"[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/admin/donativos/${donation.id}?index"`);
    expect(html).toMatch(/<label[^>]*for="reembolso-amount"[^>]*>Importe a reembolsar<\/label>/);
    expect(html).toMatch(/<label[^>]*for="reembolso-reason"[^>]*>Motivo del reembolso<\/label>/);
    expect(html).toMatch(/<input[^>]*id="reembolso-amount"[^>]*value="1500.50"/);
    expect(html).toContain("Registrar reembolso</button>");

    const action = `/admin/donativos/${donation.id}?index`;
    const tooMuch = await post(action, finance.cookie, { amount: "1500.51", reason: "Motivo tecleado" });
    expect(tooMuch.status).toBe(400);
    const refusedHtml = await tooMuch.text();
    expect(refusedHtml).toContain("El reembolso no puede ser mayor que lo pagado ($1,500.50).");
    // The typed values come back.
    expect(refusedHtml).toMatch(/<input[^>]*id="reembolso-reason"[^>]*value="Motivo tecleado"/);
    expect(refusedHtml).toMatch(/<input[^>]*id="reembolso-amount"[^>]*value="1500.51"/);
    const malformed = await post(action, finance.cookie, { amount: "=1+1", reason: "" });
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toContain("Escriba el motivo del reembolso.");
    expect(await refundsOf(donation.id)).toEqual([]);

    const recorded = await post(action, finance.cookie, { amount: "1500.50", reason: "Cargo no reconocido por el donante" });
    expect(recorded.status).toBe(303);
    expect(recorded.headers.get("location")).toBe(`/admin/donativos/${donation.id}`);
    expect(await refundsOf(donation.id)).toMatchObject([{ amount_centavos: 150_050, recorded_by: finance.user.name }]);

    const after = await (await fetch(`${baseUrl}/admin/donativos/${donation.id}`, { headers: { Cookie: finance.cookie } })).text();
    const shown = /<dl[^>]*data-testid="donation-refund"[^>]*>([\s\S]*?)<\/dl>/.exec(after)?.[1] ?? "";
    expect(shown).toContain("Cargo no reconocido por el donante");
    expect(shown).toContain(finance.user.name);
    expect(shown).toContain("$1,500.50 MXN");
    expect(after).not.toContain('id="reembolso"');

    const list = await (await fetch(`${baseUrl}/admin/donativos?estado=reembolsada`, { headers: { Cookie: finance.cookie } })).text();
    expect(list).toContain("Donante por HTTP");
    expect(list).toMatch(/<td>Reembolsado<\/td>/);

    const twice = await post(action, finance.cookie, { amount: "1", reason: "Otra vez" });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Este donativo ya tiene un reembolso registrado");
    expect(await refundsOf(donation.id)).toHaveLength(1);
  });

  test("a pending donation is a 409; the Teaching office and anonymous visitors are refused and change nothing", async () => {
    const finance = await createSignedInStaff(db, "finanzas");
    const pending = await createDonation({ status: "pendiente" });
    const refused = await post(`/admin/donativos/${pending.id}?index`, finance.cookie, { amount: "10", reason: "No aprobado" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Solo se reembolsa un donativo aprobado por el banco");
    expect(await refundsOf(pending.id)).toEqual([]);

    const donation = await createDonation();
    const teaching = await createSignedInStaff(db, "ensenanza");
    const forbidden = await post(`/admin/donativos/${donation.id}?index`, teaching.cookie, { amount: "10", reason: "Sin permiso" });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.text()).toContain("no tiene permiso");
    const anonymous = await post(`/admin/donativos/${donation.id}?index`, "", { amount: "10", reason: "Anónimo" });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(await refundsOf(donation.id)).toEqual([]);

    const admin = await createSignedInStaff(db, "admin");
    expect((await post(`/admin/donativos/${donation.id}?index`, admin.cookie, { amount: "10", reason: "Administración" })).status).toBe(303);
    expect(await post(`/admin/donativos/999999?index`, admin.cookie, { amount: "10", reason: "No existe" }).then((r) => r.status)).toBe(404);
  });
});

describe("a refunded payment is not invoiced", () => {
  test("marking the CFDI of a refunded donation is a 409 with the reason; before the refund it would have been marked", async () => {
    const ctx = await createStaffContext("finanzas");
    const donation = await createDonation({ amountCentavos: 30_000 });
    const requestId = await createInvoiceRequest({ donationId: donation.id });
    expect(await recordRefund(db, ctx, { donationId: donation.id, amountCentavos: 30_000, reason: "Cargo duplicado." })).toMatchObject({ ok: true });
    const refused = await markInvoiceIssued(db, ctx, { requestId, folio: `REEMB-${donation.id}` });
    expect(refused).toMatchObject({ ok: false, status: 409, problem: { form: [expect.stringContaining("sin reembolso")] } });
    const row = await db.selectFrom("invoice_requests").select("cfdi_folio").where("id", "=", requestId).executeTakeFirstOrThrow();
    expect(row.cfdi_folio).toBeNull();

    const paid = await createDonation({ amountCentavos: 30_000 });
    const paidRequest = await createInvoiceRequest({ donationId: paid.id });
    expect(await markInvoiceIssued(db, ctx, { requestId: paidRequest, folio: `PAGADO-${paid.id}` })).toMatchObject({ ok: true });
  });
});
