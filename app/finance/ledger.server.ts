import { sql, type Kysely, type RawBuilder } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { csvFile, xlsxFile, type SpreadsheetColumns } from "~/staff/spreadsheet.server";
import { audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { addCalendarDays, endOfDayInMexicoCity, mexicoCityDay, mexicoCityLocalToInstant, startOfDayInMexicoCity } from "~/utils/mexico-city";
import { calendarDay } from "./donations-admin.server";
import {
  LEDGER_KIND_LABELS,
  LEDGER_PURPOSE_LABELS,
  LEDGER_PURPOSES,
  LEDGER_STATUS_LABELS,
  LEDGER_STATUSES,
  type LedgerFilters,
  type LedgerKind,
  type LedgerPurpose,
  type LedgerStatus,
} from "./finance-labels";
import * as clock from "~/utils/clock.server";

/**
 * The finance ledger (/admin/pagos): one list of every peso that moved or is waiting for the
 * bank, from four sources read over a bounded date range, each through its own index:
 *
 * - card attempts approved (by settled_at; approved-then-refunded ones too), for enrolments and
 *   donations, and claims the bank contradicted with another amount (status error, discrepancia:
 *   shown as discrepancies, never summed);
 * - card attempts in verification (the browser relayed an approval; by claimed_at);
 * - off-line payments (by paid_on, the Mexico City day the money was paid, as the dashboard);
 * - refunds of enrolments and donations (by created_at), as negative amounts.
 *
 * "Money in" counts approved card payments (not those whose bank report disagreed) and off-line
 * payments; refunds subtract; attempts in verification are shown apart and never summed.
 */
export const LEDGER_PAGE_SIZE = 50;
/** Offset paging stays bounded: 2,000 pages of 50 lines (a year is far less). */
export const LEDGER_MAX_PAGE = 2_000;
/** The longest range one request reads. */
export const LEDGER_MAX_DAYS = 366;
export const LEDGER_EXPORT_LIMIT = 50_000;

const filterSchema = z.object({
  desde: calendarDay.optional().catch(undefined),
  hasta: calendarDay.optional().catch(undefined),
  concepto: z.enum(LEDGER_PURPOSES).optional().catch(undefined),
  estado: z.enum(LEDGER_STATUSES).optional().catch(undefined),
  curso: z.coerce.number().int().min(1).max(999_999_999).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(LEDGER_MAX_PAGE).catch(1).default(1),
});

/** The first and last calendar days of the Mexico City month holding `day`. */
function monthOf(day: string): { first: string; last: string } {
  const first = `${day.slice(0, 7)}-01`;
  const nextFirst = addCalendarDays(first, 32).slice(0, 7) + "-01";
  return { first, last: addCalendarDays(nextFirst, -1) };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The ledger's filters from the query string. Unknown or malformed values are dropped (a
 * bookmarked address never fails); without dates, the current Mexico City month; a range longer
 * than LEDGER_MAX_DAYS is shortened, and `notice` says so.
 */
export function parseLedgerFilters(searchParams: URLSearchParams, now = clock.now()): { filters: LedgerFilters; notice: string | null } {
  const raw: Record<string, string> = {};
  for (const key of ["desde", "hasta", "concepto", "estado", "curso", "pagina"]) {
    const value = searchParams.get(key);
    if (value) raw[key] = value;
  }
  const parsed = filterSchema.parse(raw);
  const thisMonth = monthOf(mexicoCityDay(now));
  let from = parsed.desde ?? (parsed.hasta ? monthOf(parsed.hasta).first : thisMonth.first);
  let to = parsed.hasta ?? (parsed.desde && parsed.desde > thisMonth.last ? monthOf(parsed.desde).last : thisMonth.last);
  if (from > to) [from, to] = [to, from];
  let notice: string | null = null;
  if (daysBetween(from, to) >= LEDGER_MAX_DAYS) {
    // Only «Desde» given: keep the start; otherwise keep the end the person chose.
    if (parsed.desde && !parsed.hasta) to = addCalendarDays(from, LEDGER_MAX_DAYS - 1);
    else from = addCalendarDays(to, -(LEDGER_MAX_DAYS - 1));
    notice = `El periodo se limitó a ${LEDGER_MAX_DAYS} días: del ${from} al ${to}.`;
  }
  return {
    filters: { from, to, purpose: parsed.concepto, status: parsed.estado, course: parsed.curso, page: parsed.pagina },
    notice,
  };
}

interface Range {
  from: string;
  to: string;
}

/**
 * The UNION ALL of the four sources between two Mexico City days. The status literals stay in
 * the SQL text (not bound): the partial index on attempts in verification is only usable when
 * the query names its condition.
 */
function ledgerSource(range: Range): RawBuilder<unknown> {
  const start = startOfDayInMexicoCity(range.from);
  const end = endOfDayInMexicoCity(range.to);
  // An off-line payment has a day, not a time: it sorts at noon of that day in Mexico City.
  const noon = (mexicoCityLocalToInstant(`${range.to}T12:00`) ?? new Date(`${range.to}T18:00:00Z`)).toISOString().slice(10);
  return sql`
    SELECT CASE WHEN pa.purpose = 'donativo' THEN 'donativo' ELSE 'tarjeta' END AS kind, pa.id AS source_id, pa.purpose AS purpose,
      pa.settled_at AS at, NULL AS paid_on, pa.settled_at AS sort_at, pa.amount_centavos AS amount,
      pa.enrolment_id AS enrolment_id, pa.donation_id AS donation_id, pa.control_number AS reference,
      CASE WHEN rf.id IS NOT NULL THEN 'reembolsado' WHEN pa.verification = 'discrepancia' THEN 'discrepancia'
        WHEN pa.refund_reason IS NOT NULL THEN 'por_reembolsar' ELSE 'aprobado' END AS status
    FROM payment_attempts pa LEFT JOIN refunds rf ON rf.payment_attempt_id = pa.id
    WHERE pa.settled_at >= ${start} AND pa.settled_at < ${end}
      AND (pa.status = 'approved' OR (pa.status = 'error' AND pa.verification = 'discrepancia'))
    UNION ALL
    SELECT CASE WHEN pw.purpose = 'donativo' THEN 'donativo' ELSE 'tarjeta' END, pw.id, pw.purpose,
      pw.claimed_at, NULL, pw.claimed_at, pw.amount_centavos, pw.enrolment_id, pw.donation_id, pw.control_number, 'en_verificacion'
    FROM payment_attempts pw
    WHERE pw.status = 'in_verification' AND pw.claimed_at >= ${start} AND pw.claimed_at < ${end}
    UNION ALL
    SELECT 'fuera_de_linea', op.id, 'inscripcion', op.created_at, op.paid_on, op.paid_on || ${noon}, op.amount_centavos,
      op.enrolment_id, NULL, op.reference, CASE WHEN ro.id IS NOT NULL THEN 'reembolsado' ELSE 'recibido' END
    FROM offline_payments op LEFT JOIN refunds ro ON ro.offline_payment_id = op.id
    WHERE op.paid_on >= ${range.from} AND op.paid_on <= ${range.to}
    UNION ALL
    SELECT 'reembolso', r.id, CASE WHEN r.donation_id IS NULL THEN 'inscripcion' ELSE 'donativo' END, r.created_at, NULL, r.created_at,
      -r.amount_centavos, r.enrolment_id, r.donation_id, coalesce(ra.control_number, rop.reference), 'devuelto'
    FROM refunds r
      LEFT JOIN payment_attempts ra ON ra.id = r.payment_attempt_id
      LEFT JOIN offline_payments rop ON rop.id = r.offline_payment_id
    WHERE r.created_at >= ${start} AND r.created_at < ${end}`;
}

function filterConditions(filters: Pick<LedgerFilters, "purpose" | "status" | "course">): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filters.purpose) conditions.push(sql`l.purpose = ${filters.purpose}`);
  if (filters.status) conditions.push(sql`l.status = ${filters.status}`);
  if (filters.course !== undefined) conditions.push(sql`e.course_id = ${filters.course}`);
  return sql.join(conditions, sql` AND `);
}

/** The lines' query (exported for the EXPLAIN QUERY PLAN test). */
export function ledgerLinesQuery(filters: LedgerFilters, limit: number, offset: number) {
  return sql<LedgerRow>`
    WITH ledger AS (${ledgerSource(filters)})
    SELECT l.kind, l.source_id, l.purpose, l.at, l.paid_on, l.amount, l.enrolment_id, l.donation_id, l.reference, l.status,
      e.participant_id, p.name AS participant_name, c.course_id, c.course_name, d.donor_name
    FROM ledger l
      LEFT JOIN enrolments e ON e.id = l.enrolment_id
      LEFT JOIN participants p ON p.id = e.participant_id
      LEFT JOIN courses c ON c.course_id = e.course_id
      LEFT JOIN donations d ON d.id = l.donation_id
    WHERE ${filterConditions(filters)}
    ORDER BY l.sort_at DESC, l.kind, l.source_id DESC
    LIMIT ${limit} OFFSET ${offset}`;
}

interface LedgerRow {
  kind: LedgerKind;
  source_id: number;
  purpose: LedgerPurpose;
  at: string;
  paid_on: string | null;
  amount: number;
  enrolment_id: number | null;
  donation_id: number | null;
  reference: string | null;
  status: LedgerStatus;
  participant_id: number | null;
  participant_name: string | null;
  course_id: number | null;
  course_name: string | null;
  donor_name: string | null;
}

export interface LedgerLine {
  /** Unique on the page: the source and its row id. */
  key: string;
  kind: LedgerKind;
  purpose: LedgerPurpose;
  status: LedgerStatus;
  /** The instant the money moved (settled, relayed, refund recorded) or, off-line, when it was recorded. */
  at: string;
  /** Off-line payments: the Mexico City day the money was paid (the line's date). */
  paidOn: string | null;
  /** Centavos; negative for a refund. */
  amountCentavos: number;
  /** Whether the line enters the totals (not in verification, not a discrepancy). */
  counted: boolean;
  courseName: string | null;
  personName: string;
  reference: string;
  /** The enrolment's payments page or the donation's page. */
  href: string;
}

const COUNTED_SQL = sql`l.status NOT IN ('en_verificacion', 'discrepancia')`;

function isCounted(status: LedgerStatus): boolean {
  return status !== "en_verificacion" && status !== "discrepancia";
}

function toLine(row: LedgerRow): LedgerLine {
  return {
    key: `${row.kind}-${row.source_id}`,
    kind: row.kind,
    purpose: row.purpose,
    status: row.status,
    at: row.at,
    paidOn: row.paid_on,
    amountCentavos: Number(row.amount),
    counted: isCounted(row.status),
    courseName: row.course_name,
    personName: row.participant_name ?? row.donor_name ?? "",
    reference: row.reference ?? "",
    href: row.donation_id !== null ? `/admin/donativos/${row.donation_id}` : `/admin/pagos/${row.enrolment_id}`,
  };
}

export interface LedgerTotal {
  /** A Mexico City day 'YYYY-MM-DD' or month 'YYYY-MM'. */
  period: string;
  moneyInCentavos: number;
  refundsCentavos: number;
  netCentavos: number;
  /** Attempts in verification: shown, not summed. */
  waitingCentavos: number;
  lines: number;
}

interface Bucket {
  purpose: LedgerPurpose;
  bucket: string;
  money_in: number;
  refunds: number;
  waiting: number;
  n: number;
}

/**
 * The sums of the filtered lines by purpose and by an hour in UTC (a day for off-line payments):
 * at most 24 × 366 × 2 rows whatever the volume. Each hour then falls in its Mexico City day
 * through the tz database (Mexico City's offsets are whole hours), which SQLite cannot do.
 */
// The enrolment is joined only for the course filter: a year of lines (the dashboard's chart)
// read each enrolment row for nothing otherwise (a quarter of the query's time at 100×, issue 22).
async function bucketSums(db: Kysely<DB>, range: Range, filters: Pick<LedgerFilters, "purpose" | "status" | "course">) {
  const result = await sql<Bucket>`
    WITH ledger AS (${ledgerSource(range)})
    SELECT l.purpose, CASE WHEN l.paid_on IS NOT NULL THEN l.paid_on ELSE substr(l.at, 1, 13) END AS bucket,
      sum(CASE WHEN l.amount > 0 AND ${COUNTED_SQL} THEN l.amount ELSE 0 END) AS money_in,
      sum(CASE WHEN l.amount < 0 THEN -l.amount ELSE 0 END) AS refunds,
      sum(CASE WHEN l.status = 'en_verificacion' THEN l.amount ELSE 0 END) AS waiting,
      count(*) AS n
    FROM ledger l ${filters.course !== undefined ? sql`LEFT JOIN enrolments e ON e.id = l.enrolment_id` : sql``}
    WHERE ${filterConditions(filters)}
    GROUP BY 1, 2`.execute(db);
  return result.rows.map((row) => ({
    purpose: row.purpose,
    day: row.bucket.length === 10 ? row.bucket : mexicoCityDay(`${row.bucket}:00:00.000Z`),
    moneyIn: Number(row.money_in),
    refunds: Number(row.refunds),
    waiting: Number(row.waiting),
    lines: Number(row.n),
  }));
}

function addUp(entries: { key: string; moneyIn: number; refunds: number; waiting: number; lines: number }[]): LedgerTotal[] {
  const byKey = new Map<string, LedgerTotal>();
  for (const entry of entries) {
    const total = byKey.get(entry.key) ?? { period: entry.key, moneyInCentavos: 0, refundsCentavos: 0, netCentavos: 0, waitingCentavos: 0, lines: 0 };
    total.moneyInCentavos += entry.moneyIn;
    total.refundsCentavos += entry.refunds;
    total.netCentavos = total.moneyInCentavos - total.refundsCentavos;
    total.waitingCentavos += entry.waiting;
    total.lines += entry.lines;
    byKey.set(entry.key, total);
  }
  return [...byKey.values()].sort((a, b) => (a.period < b.period ? 1 : -1));
}

/** Totals of the filtered set: per day and per month (newest first) and for the whole range. */
export async function ledgerTotals(db: Kysely<DB>, filters: LedgerFilters) {
  const buckets = await bucketSums(db, filters, filters);
  const days = addUp(buckets.map((b) => ({ ...b, key: b.day })));
  const months = addUp(buckets.map((b) => ({ ...b, key: b.day.slice(0, 7) })));
  const [all] = addUp(buckets.map((b) => ({ ...b, key: "total" })));
  return { days, months, all: all ?? { period: "total", moneyInCentavos: 0, refundsCentavos: 0, netCentavos: 0, waitingCentavos: 0, lines: 0 } };
}

/** The courses that have lines in the range (the course filter's choices), by name. */
async function coursesInRange(db: Kysely<DB>, filters: LedgerFilters): Promise<{ id: number; name: string }[]> {
  const result = await sql<{ course_id: number; course_name: string }>`
    WITH ledger AS (${ledgerSource(filters)})
    SELECT DISTINCT c.course_id, c.course_name
    FROM ledger l JOIN enrolments e ON e.id = l.enrolment_id JOIN courses c ON c.course_id = e.course_id
    ORDER BY c.course_name, c.course_id`.execute(db);
  const courses = result.rows.map((row) => ({ id: row.course_id, name: row.course_name }));
  if (filters.course !== undefined && !courses.some((course) => course.id === filters.course)) {
    const chosen = await db.selectFrom("courses").select(["course_id", "course_name"]).where("course_id", "=", filters.course).executeTakeFirst();
    if (chosen) courses.push({ id: chosen.course_id, name: chosen.course_name });
  }
  return courses;
}

/** One page of the ledger (newest first), the filtered set's totals and the course choices. */
export async function listLedger(db: Kysely<DB>, filters: LedgerFilters) {
  const [totals, rows, courses] = await Promise.all([
    ledgerTotals(db, filters),
    ledgerLinesQuery(filters, LEDGER_PAGE_SIZE, (filters.page - 1) * LEDGER_PAGE_SIZE).execute(db),
    coursesInRange(db, filters),
  ]);
  const pages = Math.min(LEDGER_MAX_PAGE, Math.max(1, Math.ceil(totals.all.lines / LEDGER_PAGE_SIZE)));
  return { lines: rows.rows.map(toLine), totals, pages, courses };
}

/** Every filtered line (no page), newest first, for the export. */
export async function ledgerExportLines(db: Kysely<DB>, filters: LedgerFilters): Promise<LedgerLine[]> {
  const rows = await ledgerLinesQuery(filters, LEDGER_EXPORT_LIMIT, 0).execute(db);
  return rows.rows.map(toLine);
}

/** The export's columns, typed once for both files (spreadsheet.server.ts). */
export const LEDGER_EXPORT_COLUMNS: SpreadsheetColumns<LedgerLine> = [
  // An off-line payment's day, or the instant the money moved (Mexico City wall time).
  { header: "Fecha (Ciudad de México)", width: 18, type: "date", value: (line) => line.paidOn ?? line.at },
  { header: "Tipo", width: 20, type: "text", value: (line) => LEDGER_KIND_LABELS[line.kind] },
  { header: "Concepto", width: 12, type: "text", value: (line) => LEDGER_PURPOSE_LABELS[line.purpose] },
  { header: "Estado", width: 22, type: "text", value: (line) => LEDGER_STATUS_LABELS[line.status] },
  { header: "Curso", width: 40, type: "text", value: (line) => line.courseName },
  { header: "Persona", width: 32, type: "text", value: (line) => line.personName },
  { header: "Número de control o referencia", width: 30, type: "text", value: (line) => line.reference },
  // Signed: a refund is negative.
  { header: "Importe (MXN)", width: 14, type: "money", value: (line) => line.amountCentavos },
  { header: "Suma en el total", width: 10, type: "text", value: (line) => (line.counted ? "Sí" : "No") },
];

export function ledgerCsv(lines: readonly LedgerLine[]): Buffer {
  return csvFile(LEDGER_EXPORT_COLUMNS, lines);
}

export async function ledgerXlsx(lines: readonly LedgerLine[]): Promise<Buffer> {
  return xlsxFile(LEDGER_EXPORT_COLUMNS, lines);
}

/** Names and amounts left the system: who exported, with which filters, how many lines. */
export async function recordLedgerExport(
  db: Kysely<DB>,
  ctx: StaffContext,
  format: "csv" | "xlsx",
  filters: LedgerFilters,
  lines: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { page: _page, ...selection } = filters;
    await audit(trx, ctx, { action: "pagos.exportar", entity: "ledger", entityId: "lista", after: { format, filters: selection, rows: lines } });
  });
}

export interface MonthlyIncome {
  /** 'YYYY-MM' in Mexico City. */
  month: string;
  coursesCentavos: number;
  donationsCentavos: number;
  refundsCentavos: number;
}

/**
 * The dashboard's chart: money in by month for the last 12 Mexico City months (this one
 * included), oldest first: courses (approved card payments and off-line payments), donations
 * (approved donation payments) and refunds, with the ledger's rules.
 */
export async function monthlyIncome(db: Kysely<DB>, now = clock.now()): Promise<MonthlyIncome[]> {
  const current = monthOf(mexicoCityDay(now));
  const months: string[] = [];
  let first = current.first;
  for (let i = 0; i < 12; i++) {
    months.unshift(first.slice(0, 7));
    first = monthOf(addCalendarDays(first, -1)).first;
  }
  const buckets = await bucketSums(db, { from: `${months[0]}-01`, to: current.last }, {});
  return months.map((month) => {
    const inMonth = buckets.filter((b) => b.day.startsWith(month));
    const sum = (pick: (b: (typeof buckets)[number]) => number) => inMonth.reduce((total, b) => total + pick(b), 0);
    return {
      month,
      coursesCentavos: sum((b) => (b.purpose === "inscripcion" ? b.moneyIn : 0)),
      donationsCentavos: sum((b) => (b.purpose === "donativo" ? b.moneyIn : 0)),
      refundsCentavos: sum((b) => b.refunds),
    };
  });
}
