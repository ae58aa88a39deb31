import { CompiledQuery } from "kysely";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { ledgerCsv, ledgerExportLines, ledgerLinesQuery, ledgerXlsx, listLedger, parseLedgerFilters } from "~/finance/ledger.server";
import { incomeByMonth } from "~/staff/dashboard.server";
import { IncomeChart, IncomeTable } from "~/staff/income-chart";
import {
  createCourse,
  createDonation,
  createEnrolment,
  createParticipant,
  createPaymentAttempt,
  createPrivatePdf,
  createSignedInStaff,
} from "../factories";
import { MONTHS_TO_MARCH_2030 } from "../support/months";
import { startTestServer } from "../support/test-server";

// The finance ledger /admin/pagos and the dashboard's income chart (issue 19): every peso in and
// out over a known month, in the domain and through the real HTTP stack (npm run build first).

let baseUrl = "";
let close: () => Promise<void>;

const filters = (query: string, now = new Date("2030-03-20T18:00:00Z")) => parseLedgerFilters(new URLSearchParams(query), now).filters;
const march = (extra = "") => filters(`desde=2030-03-01&hasta=2030-03-31${extra}`);

const ids = {} as {
  lateNight: number;
  waiting: number;
  offline: number;
  offlineRefund: number;
  refunded: number;
  refundedRefund: number;
  donation: number;
  donationAttempt: number;
  donationRefund: number;
  discrepancy: number;
  february: number;
  enrolmentA: number;
  courseB: number;
};

async function refund(values: {
  enrolment_id?: number;
  donation_id?: number;
  payment_attempt_id?: number;
  offline_payment_id?: number;
  amount_centavos: number;
  created_at: string;
}) {
  const row = await db
    .insertInto("refunds")
    .values({ reason: "Prueba del libro de pagos", recorded_by: "Finanzas de prueba", ...values })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());

  const courseA = await createCourse({ course_name: "Curso Libro Mayor" });
  ids.courseB = await createCourse({ course_name: "Curso Conciliación" });
  const ana = await createParticipant({ name: "Ana Libro" });
  const beto = await createParticipant({ name: "Beto Espera" });
  const carla = await createParticipant({ name: "Carla Ventanilla" });
  const dora = await createParticipant({ name: "Dora Devuelta" });
  const eli = await createParticipant({ name: "Eli Discrepancia" });
  const fer = await createParticipant({ name: "Fer Febrero" });
  const enrol = (participantId: number, courseId: number) => createEnrolment(participantId, courseId, { amount_centavos: 150_000 });

  // 1 March 2030, 23:30 in Mexico City (already 2 March in UTC): belongs to 1 March.
  ids.enrolmentA = await enrol(ana.id, courseA);
  ids.lateNight = (await createPaymentAttempt(ids.enrolmentA, { status: "approved", settled_at: "2030-03-02T05:30:00.000Z" })).id;
  // A relayed approval the bank has not confirmed yet.
  const enrolmentB = await enrol(beto.id, courseA);
  ids.waiting = (
    await createPaymentAttempt(enrolmentB, {
      status: "in_verification",
      amount_centavos: 50_000,
      claimed_at: "2030-03-05T18:00:00.000Z",
      claimed_codigo_aut: "777777",
      claimed_referencia: "111122223333",
      settled_at: null,
    })
  ).id;
  // Paid at the bank window on 10 March, then part given back.
  const enrolmentC = await enrol(carla.id, ids.courseB);
  ids.offline = (
    await db
      .insertInto("offline_payments")
      .values({
        enrolment_id: enrolmentC,
        method: "ventanilla",
        amount_centavos: 80_000,
        paid_on: "2030-03-10",
        reference: "VENT-LIBRO-1",
        receipt_file_id: await createPrivatePdf("recibo.pdf"),
        recorded_by: "Enseñanza de prueba",
        created_at: "2030-03-11T16:00:00.000Z",
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  ids.offlineRefund = await refund({
    enrolment_id: enrolmentC,
    offline_payment_id: ids.offline,
    amount_centavos: 30_000,
    created_at: "2030-03-11T17:00:00.000Z",
  });
  // Approved, then refunded in full.
  const enrolmentD = await enrol(dora.id, courseA);
  ids.refunded = (await createPaymentAttempt(enrolmentD, { status: "approved", settled_at: "2030-03-03T17:00:00.000Z" })).id;
  ids.refundedRefund = await refund({
    enrolment_id: enrolmentD,
    payment_attempt_id: ids.refunded,
    amount_centavos: 150_000,
    created_at: "2030-03-04T17:00:00.000Z",
  });
  // A donation by card, and a refund of part of it.
  const donation = await createDonation({ donorName: "Fundación Libro Mayor", amountCentavos: 70_000, createdAt: "2030-03-06T17:00:00.000Z" });
  ids.donation = donation.id;
  ids.donationAttempt = donation.attemptId;
  ids.donationRefund = await refund({
    donation_id: donation.id,
    payment_attempt_id: donation.attemptId,
    amount_centavos: 20_000,
    created_at: "2030-03-07T17:00:00.000Z",
  });
  // Approved, but Banorte's report disagreed: shown, not summed.
  const enrolmentE = await enrol(eli.id, ids.courseB);
  ids.discrepancy = (
    await createPaymentAttempt(enrolmentE, {
      status: "approved",
      amount_centavos: 40_000,
      verification: "discrepancia",
      settled_at: "2030-03-08T17:00:00.000Z",
    })
  ).id;
  // A declined card moved no money: never in the ledger.
  await createPaymentAttempt(enrolmentE, { status: "declined", settled_at: "2030-03-08T18:00:00.000Z" });
  // 28 February 2030, 23:30 in Mexico City (1 March in UTC): February.
  const enrolmentF = await enrol(fer.id, courseA);
  ids.february = (await createPaymentAttempt(enrolmentF, { status: "approved", amount_centavos: 60_000, settled_at: "2030-03-01T05:30:00.000Z" })).id;
});
afterAll(async () => close?.());

const keys = (lines: { key: string }[]) => lines.map((line) => line.key).sort();

describe("the ledger", () => {
  test("one line per movement, newest first, with the Spanish statuses and links; money in minus refunds", async () => {
    const { lines, totals, pages } = await listLedger(db, march());
    expect(keys(lines)).toEqual(
      [
        `tarjeta-${ids.lateNight}`,
        `tarjeta-${ids.waiting}`,
        `fuera_de_linea-${ids.offline}`,
        `reembolso-${ids.offlineRefund}`,
        `tarjeta-${ids.refunded}`,
        `reembolso-${ids.refundedRefund}`,
        `donativo-${ids.donationAttempt}`,
        `reembolso-${ids.donationRefund}`,
        `tarjeta-${ids.discrepancy}`,
      ].sort(),
    );
    expect(pages).toBe(1);
    // Newest first: the offline refund (11 March) before the card payment of 1 March.
    expect(lines[0]!.key).toBe(`reembolso-${ids.offlineRefund}`);
    expect(lines[lines.length - 1]!.key).toBe(`tarjeta-${ids.lateNight}`);

    const byKey = Object.fromEntries(lines.map((line) => [line.key, line]));
    expect(byKey[`tarjeta-${ids.lateNight}`]).toMatchObject({
      kind: "tarjeta",
      purpose: "inscripcion",
      status: "aprobado",
      courseName: "Curso Libro Mayor",
      personName: "Ana Libro",
      amountCentavos: 150_000,
      counted: true,
      href: `/admin/pagos/${ids.enrolmentA}`,
    });
    expect(byKey[`tarjeta-${ids.waiting}`]).toMatchObject({ status: "en_verificacion", counted: false, amountCentavos: 50_000 });
    expect(byKey[`tarjeta-${ids.refunded}`]).toMatchObject({ status: "reembolsado", counted: true });
    expect(byKey[`tarjeta-${ids.discrepancy}`]).toMatchObject({ status: "discrepancia", counted: false });
    expect(byKey[`fuera_de_linea-${ids.offline}`]).toMatchObject({
      kind: "fuera_de_linea",
      status: "reembolsado",
      paidOn: "2030-03-10",
      reference: "VENT-LIBRO-1",
      personName: "Carla Ventanilla",
      courseName: "Curso Conciliación",
    });
    expect(byKey[`donativo-${ids.donationAttempt}`]).toMatchObject({
      kind: "donativo",
      purpose: "donativo",
      // Part of it was given back.
      status: "reembolsado",
      amountCentavos: 70_000,
      counted: true,
      personName: "Fundación Libro Mayor",
      courseName: null,
      href: `/admin/donativos/${ids.donation}`,
    });
    // The refund of a donation: negative, for the donation, linked to it.
    expect(byKey[`reembolso-${ids.donationRefund}`]).toMatchObject({
      kind: "reembolso",
      purpose: "donativo",
      status: "devuelto",
      amountCentavos: -20_000,
      personName: "Fundación Libro Mayor",
      href: `/admin/donativos/${ids.donation}`,
    });
    expect(byKey[`reembolso-${ids.offlineRefund}`]).toMatchObject({ amountCentavos: -30_000, reference: "VENT-LIBRO-1" });

    // In: 1,500 + 800 (off-line) + 1,500 (refunded later) + 700 (donation); out: 300 + 1,500 + 200.
    expect(totals.all).toMatchObject({ moneyInCentavos: 450_000, refundsCentavos: 200_000, netCentavos: 250_000, waitingCentavos: 50_000, lines: 9 });
    expect(totals.months).toEqual([
      { period: "2030-03", moneyInCentavos: 450_000, refundsCentavos: 200_000, netCentavos: 250_000, waitingCentavos: 50_000, lines: 9 },
    ]);
    const days = Object.fromEntries(totals.days.map((day) => [day.period, day]));
    expect(days["2030-03-01"]).toMatchObject({ moneyInCentavos: 150_000, refundsCentavos: 0, lines: 1 });
    expect(days["2030-03-02"]).toBeUndefined();
    expect(days["2030-03-10"]).toMatchObject({ moneyInCentavos: 80_000 });
    expect(days["2030-03-11"]).toMatchObject({ refundsCentavos: 30_000, netCentavos: -30_000 });
    expect(days["2030-03-05"]).toMatchObject({ moneyInCentavos: 0, waitingCentavos: 50_000 });
    expect(totals.days.map((day) => day.period)).toEqual([...totals.days.map((day) => day.period)].sort().reverse());
  });

  test("a Mexico City day: 23:30 on the 1st belongs to the 1st, 23:30 on 28 February to February", async () => {
    const first = await listLedger(db, filters("desde=2030-03-01&hasta=2030-03-01"));
    expect(keys(first.lines)).toEqual([`tarjeta-${ids.lateNight}`]);
    const lastOfFebruary = await listLedger(db, filters("desde=2030-02-28&hasta=2030-02-28"));
    expect(keys(lastOfFebruary.lines)).toEqual([`tarjeta-${ids.february}`]);
    expect(lastOfFebruary.totals.days.map((day) => day.period)).toEqual(["2030-02-28"]);
  });

  test("filters: purpose, status, course", async () => {
    const donations = await listLedger(db, march("&concepto=donativo"));
    expect(keys(donations.lines)).toEqual([`donativo-${ids.donationAttempt}`, `reembolso-${ids.donationRefund}`].sort());
    expect(donations.totals.all).toMatchObject({ moneyInCentavos: 70_000, refundsCentavos: 20_000, netCentavos: 50_000 });

    const waiting = await listLedger(db, march("&estado=en_verificacion"));
    expect(keys(waiting.lines)).toEqual([`tarjeta-${ids.waiting}`]);
    expect(waiting.totals.all).toMatchObject({ moneyInCentavos: 0, waitingCentavos: 50_000 });

    const refunded = await listLedger(db, march("&estado=reembolsado"));
    expect(keys(refunded.lines)).toEqual([`donativo-${ids.donationAttempt}`, `fuera_de_linea-${ids.offline}`, `tarjeta-${ids.refunded}`].sort());
    expect(refunded.totals.all).toMatchObject({ moneyInCentavos: 300_000, refundsCentavos: 0 });

    const course = await listLedger(db, march(`&curso=${ids.courseB}`));
    expect(keys(course.lines)).toEqual([`fuera_de_linea-${ids.offline}`, `reembolso-${ids.offlineRefund}`, `tarjeta-${ids.discrepancy}`].sort());
    expect(course.courses.map((c) => c.name)).toEqual(["Curso Conciliación", "Curso Libro Mayor"]);
  });

  test("filters from the address: the current Mexico City month by default, malformed values dropped, a year at most", () => {
    // 1 April 2030 03:00 UTC is still 31 March in Mexico City.
    expect(parseLedgerFilters(new URLSearchParams(""), new Date("2030-04-01T03:00:00Z"))).toEqual({
      filters: { from: "2030-03-01", to: "2030-03-31", purpose: undefined, status: undefined, course: undefined, page: 1 },
      notice: null,
    });
    expect(filters("desde=2030-02-30&estado=robado&concepto=x&curso=abc&pagina=-1")).toMatchObject({
      from: "2030-03-01",
      to: "2030-03-31",
      status: undefined,
      purpose: undefined,
      course: undefined,
      page: 1,
    });
    expect(filters("desde=2030-03-31&hasta=2030-03-01")).toMatchObject({ from: "2030-03-01", to: "2030-03-31" });
    const long = parseLedgerFilters(new URLSearchParams("desde=2020-01-01&hasta=2030-03-31"));
    expect(long.filters).toMatchObject({ from: "2029-03-31", to: "2030-03-31" });
    expect(long.notice).toMatch(/366 días/);
    expect(filters("hasta=2030-02-10")).toMatchObject({ from: "2030-02-01", to: "2030-02-10" });
  });

  test("a date-range query reads each source through an index (no table scan)", async () => {
    for (const query of [march(), march(`&curso=${ids.courseB}&estado=aprobado&concepto=inscripcion`)]) {
      const compiled = ledgerLinesQuery(query, 50, 0).compile(db);
      const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${compiled.sql}`, [...compiled.parameters]));
      const details = plan.rows.map((row) => row.detail);
      expect(details.some((d) => /USING INDEX payment_attempts_settled/.test(d))).toBe(true);
      expect(details.some((d) => /USING INDEX payment_attempts_in_verification/.test(d))).toBe(true);
      expect(details.some((d) => /USING INDEX offline_payments_paid_on/.test(d))).toBe(true);
      expect(details.some((d) => /USING INDEX refunds_created/.test(d))).toBe(true);
      // A SCAN of a base table (not the CTE "l") would read every row.
      const scans = details.filter((d) => /^SCAN (?!l\b)/.test(d) && !/USING/.test(d));
      expect(scans).toEqual([]);
    }
  });

  test("the CSV export holds every filtered line with signed amounts in Mexico City time", async () => {
    const csv = ledgerCsv(await ledgerExportLines(db, march())).toString("utf8");
    expect(csv.startsWith("\ufeffFecha (Ciudad de México),Tipo,Concepto,Estado")).toBe(true);
    expect(csv).toContain("2030-03-01 23:30,Pago con tarjeta,Inscripción,Aprobado,Curso Libro Mayor,Ana Libro");
    expect(csv).toContain("Reembolso,Donativo,Reembolso registrado,,Fundación Libro Mayor");
    expect(csv).toContain("-200.00,Sí");
    expect(csv).toContain("2030-03-10,Pago fuera de línea,Inscripción,Reembolsado,Curso Conciliación,Carla Ventanilla,VENT-LIBRO-1,800.00,Sí");
    expect(csv).toContain("En verificación");
    expect(csv.trim().split("\r\n")).toHaveLength(10);
    const xlsx = await ledgerXlsx(await ledgerExportLines(db, march()));
    expect(xlsx.subarray(0, 2).toString("latin1")).toBe("PK");
  });
});

describe("over HTTP", () => {
  test("finance reads the ledger; the export is a CSV and leaves an audit row", async () => {
    const finance = await createSignedInStaff(db, "finanzas");
    const page = await fetch(`${baseUrl}/admin/pagos?desde=2030-03-01&hasta=2030-03-31`, { headers: { Cookie: finance.cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Ana Libro");
    expect(html).toContain("En verificación");
    expect(html).toContain("Discrepancia");
    expect(html).toContain(`href="/admin/donativos/${ids.donation}"`);
    expect(html).toContain("-$200.00");
    expect(html).toContain("Totales por día");
    expect(html).toMatch(/href="\/admin\/pagos\/exportar\?desde=2030-03-01&amp;hasta=2030-03-31&amp;formato=csv"/);

    const csv = await fetch(`${baseUrl}/admin/pagos/exportar?formato=csv&desde=2030-03-01&hasta=2030-03-31&concepto=donativo`, {
      headers: { Cookie: finance.cookie },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toContain("pagos-2030-03-01-a-2030-03-31.csv");
    const body = await csv.text();
    expect(body).toContain("Fundación Libro Mayor");
    expect(body).not.toContain("Ana Libro");
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "pagos.exportar")
      .where("actor_staff_id", "=", finance.user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toEqual({
      format: "csv",
      filters: { from: "2030-03-01", to: "2030-03-31", purpose: "donativo" },
      rows: 2,
    });
    expect((await fetch(`${baseUrl}/admin/pagos/exportar?formato=pdf`, { headers: { Cookie: finance.cookie } })).status).toBe(400);
  });

  test("the Teaching office and communications are refused, with no figures", async () => {
    for (const role of ["ensenanza", "comunicacion"] as const) {
      const staff = await createSignedInStaff(db, role);
      const page = await fetch(`${baseUrl}/admin/pagos?desde=2030-03-01&hasta=2030-03-31`, { headers: { Cookie: staff.cookie } });
      expect(page.status).toBe(403);
      expect(await page.text()).not.toContain("Ana Libro");
      const exported = await fetch(`${baseUrl}/admin/pagos/exportar?formato=csv`, { headers: { Cookie: staff.cookie } });
      expect(exported.status).toBe(403);
      const dashboard = await (await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: staff.cookie } })).text();
      expect(dashboard).not.toContain('data-testid="income-chart"');
      expect(dashboard).not.toContain('href="/admin/pagos"');
    }
    const audits = await db.selectFrom("audit_log").select("actor_role").where("action", "=", "pagos.exportar").execute();
    expect(audits.every((row) => row.actor_role === "finanzas")).toBe(true);
  });

  test("the dashboard shows finance the chart and its table", async () => {
    const finance = await createSignedInStaff(db, "finanzas");
    const html = await (await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: finance.cookie } })).text();
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+ [^"]+" viewBox="0 0 320 \d+" width="100%"/);
    expect(html).toContain('data-testid="income-table"');
    expect(html).toContain('href="/admin/pagos"');
    expect(html).not.toMatch(/<[^>]+ style="/);
  });
});

describe("the dashboard's income chart", () => {
  test("12 Mexico City months with courses, donations and refunds, in the SVG and in the table", async () => {
    const months = await incomeByMonth(db, new Date("2030-03-20T18:00:00Z"));
    expect(months.map((m) => m.month)).toEqual(MONTHS_TO_MARCH_2030);
    // March: 1,500 + 800 + 1,500 for courses (the discrepancy and the attempt in verification left
    // out), 700 donated, 300 + 1,500 + 200 refunded. February: the 23:30 payment of the 28th.
    expect(months[11]).toEqual({ month: "2030-03", coursesCentavos: 380_000, donationsCentavos: 70_000, refundsCentavos: 200_000 });
    expect(months[10]).toEqual({ month: "2030-02", coursesCentavos: 60_000, donationsCentavos: 0, refundsCentavos: 0 });
    expect(months[0]).toEqual({ month: "2029-04", coursesCentavos: 0, donationsCentavos: 0, refundsCentavos: 0 });

    const svg = renderToStaticMarkup(createElement(IncomeChart, { months }));
    expect(svg).toContain('role="img"');
    expect(svg).toContain("<title");
    expect(svg).toContain("marzo de 2030, cursos: $3,800.00");
    expect(svg).toContain("marzo de 2030, donativos: $700.00");
    expect(svg).toContain("marzo de 2030, reembolsos: $2,000.00");
    expect(svg).toContain("febrero de 2030, cursos: $600.00");
    expect(svg).not.toContain("style=");
    // The longest bar (March's courses) reaches most of the plot; an empty month draws nothing.
    const marchCourses = /<rect x="66" y="\d+" width="([\d.]+)" height="7" class="income-chart__bar--cursos" data-value="380000"/.exec(svg);
    expect(Number(marchCourses?.[1])).toBeGreaterThan(180);
    expect(svg).toContain('width="0.00" height="7" class="income-chart__bar--cursos" data-value="0"');

    const table = renderToStaticMarkup(createElement(IncomeTable, { months }));
    expect(table).toMatch(/<th scope="row">marzo de 2030<\/th><td>\$3,800\.00<\/td><td>\$700\.00<\/td><td>\$2,000\.00<\/td><td>\$2,500\.00<\/td>/);
    expect(table).toMatch(/<th scope="row">febrero de 2030<\/th><td>\$600\.00<\/td>/);
  });
});
