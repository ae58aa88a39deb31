import { sql, type Kysely, type RawBuilder } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { csvFile, keysetBatches, type RowBatches, type SpreadsheetColumns, warmXlsxTemplate, xlsxFile } from "~/staff/spreadsheet.server";
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
  return sql.join(ledgerArms(range), sql` UNION ALL `);
}

/**
 * The ledger's four sources (card and donation payments, relayed payments in verification,
 * off-line payments, refunds), each one SELECT with the same named columns. `upTo` (a sort_at)
 * bounds each source by its own indexed time column too, for the export's keyset batches.
 */
const OFFLINE_ARM = 2;

/**
 * One source's order, the ledger's (sort_at DESC, kind, source_id DESC) as its index gives it. An
 * off-line payment's sort_at is its paid_on and one fixed time, and its kind is always the same:
 * ordered by paid_on and then its id, the same order, its source reads offline_payments_paid_on as
 * stored (an index ends with the rowid) and stops at the limit. Ordered by sort_at or kind, SQLite
 * read and sorted every payment of the day at hand for each batch: 2.4 ms a batch while an export
 * crossed a day of 1,945 payments in the 100× data (issue 22).
 */
function armOrder(index: number): RawBuilder<unknown> {
  return index === OFFLINE_ARM ? sql`ORDER BY l.paid_on DESC, l.source_id DESC` : sql`ORDER BY l.sort_at DESC, l.kind, l.source_id DESC`;
}

function ledgerArms(range: Range, upTo: string | null = null): RawBuilder<unknown>[] {
  const start = startOfDayInMexicoCity(range.from);
  const end = endOfDayInMexicoCity(range.to);
  // An off-line payment has a day, not a time: it sorts at noon of that day in Mexico City.
  const noon = (mexicoCityLocalToInstant(`${range.to}T12:00`) ?? new Date(`${range.to}T18:00:00Z`)).toISOString().slice(10);
  // The range's end, or the export's key when it is given (always inside the range): one upper
  // bound per source, so SQLite starts its index read there (given both, it took the range's end
  // and read every line newer than the key again at each batch).
  const before = (column: RawBuilder<unknown>) => (upTo === null ? sql`${column} < ${end}` : sql`${column} <= ${upTo}`);
  const untilDay = upTo === null ? range.to : upTo.slice(0, 10);
  return [
    sql`
    SELECT CASE WHEN pa.purpose = 'donativo' THEN 'donativo' ELSE 'tarjeta' END AS kind, pa.id AS source_id, pa.purpose AS purpose,
      pa.settled_at AS at, NULL AS paid_on, pa.settled_at AS sort_at, pa.amount_centavos AS amount,
      pa.enrolment_id AS enrolment_id, pa.donation_id AS donation_id, pa.control_number AS reference,
      CASE WHEN rf.id IS NOT NULL THEN 'reembolsado' WHEN pa.verification = 'discrepancia' THEN 'discrepancia'
        WHEN pa.refund_reason IS NOT NULL THEN 'por_reembolsar' ELSE 'aprobado' END AS status
    FROM payment_attempts pa LEFT JOIN refunds rf ON rf.payment_attempt_id = pa.id
    WHERE pa.settled_at >= ${start} AND ${before(sql`pa.settled_at`)}
      AND (pa.status = 'approved' OR (pa.status = 'error' AND pa.verification = 'discrepancia'))`,
    sql`
    SELECT CASE WHEN pw.purpose = 'donativo' THEN 'donativo' ELSE 'tarjeta' END AS kind, pw.id AS source_id, pw.purpose AS purpose,
      pw.claimed_at AS at, NULL AS paid_on, pw.claimed_at AS sort_at, pw.amount_centavos AS amount, pw.enrolment_id AS enrolment_id,
      pw.donation_id AS donation_id, pw.control_number AS reference, 'en_verificacion' AS status
    FROM payment_attempts pw
    WHERE pw.status = 'in_verification' AND pw.claimed_at >= ${start} AND ${before(sql`pw.claimed_at`)}`,
    sql`
    SELECT 'fuera_de_linea' AS kind, op.id AS source_id, 'inscripcion' AS purpose, op.created_at AS at, op.paid_on AS paid_on,
      op.paid_on || ${noon} AS sort_at, op.amount_centavos AS amount, op.enrolment_id AS enrolment_id, NULL AS donation_id,
      op.reference AS reference, CASE WHEN ro.id IS NOT NULL THEN 'reembolsado' ELSE 'recibido' END AS status
    FROM offline_payments op LEFT JOIN refunds ro ON ro.offline_payment_id = op.id
    WHERE op.paid_on >= ${range.from} AND op.paid_on <= ${untilDay}`,
    sql`
    SELECT 'reembolso' AS kind, r.id AS source_id, CASE WHEN r.donation_id IS NULL THEN 'inscripcion' ELSE 'donativo' END AS purpose,
      r.created_at AS at, NULL AS paid_on, r.created_at AS sort_at, -r.amount_centavos AS amount, r.enrolment_id AS enrolment_id,
      r.donation_id AS donation_id, coalesce(ra.control_number, rop.reference) AS reference, 'devuelto' AS status
    FROM refunds r
      LEFT JOIN payment_attempts ra ON ra.id = r.payment_attempt_id
      LEFT JOIN offline_payments rop ON rop.id = r.offline_payment_id
    WHERE r.created_at >= ${start} AND ${before(sql`r.created_at`)}`,
  ];
}

function filterConditions(filters: Pick<LedgerFilters, "purpose" | "status" | "course">): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [sql`1 = 1`];
  if (filters.purpose) conditions.push(sql`l.purpose = ${filters.purpose}`);
  if (filters.status) conditions.push(sql`l.status = ${filters.status}`);
  if (filters.course !== undefined) conditions.push(sql`e.course_id = ${filters.course}`);
  return sql.join(conditions, sql` AND `);
}

/**
 * The lines' query (exported for the EXPLAIN QUERY PLAN test). The page is cut from the ledger
 * first and only its lines are joined to the people, courses and donations: joining every line
 * of the range before sorting cost two thirds of /admin/pagos at 100× (issue 22). The enrolment
 * is joined before the cut only for the course filter.
 */
export function ledgerLinesQuery(filters: LedgerFilters, limit: number, offset: number) {
  const byCourse = filters.course !== undefined;
  const order = sql`ORDER BY l.sort_at DESC, l.kind, l.source_id DESC`;
  // Each source gives its own first limit + offset lines (read backwards along its date index,
  // stopping there), so a page reads a few hundred rows, not the whole range. CROSS JOIN keeps
  // the date index first for the course filter too (SQLite does not reorder it).
  const top = ledgerArms(filters).map(
    (branch, index) => sql`SELECT * FROM (SELECT l.* FROM (${branch}) l ${byCourse ? sql`CROSS JOIN enrolments e ON e.id = l.enrolment_id` : sql``}
      WHERE ${filterConditions(filters)} ${armOrder(index)} LIMIT ${limit + offset}) l`,
  );
  return sql<LedgerRow>`
    WITH page AS (
      SELECT * FROM (${sql.join(top, sql` UNION ALL `)}) l
      ${order}
      LIMIT ${limit} OFFSET ${offset})
    SELECT l.kind, l.source_id, l.purpose, l.at, l.paid_on, l.amount, l.enrolment_id, l.donation_id, l.reference, l.status,
      e.participant_id, p.name AS participant_name, c.course_id, c.course_name, d.donor_name
    FROM page l
      LEFT JOIN enrolments e ON e.id = l.enrolment_id
      LEFT JOIN participants p ON p.id = e.participant_id
      LEFT JOIN courses c ON c.course_id = e.course_id
      LEFT JOIN donations d ON d.id = l.donation_id
    ${order}`;
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
 * at most 7 × 366 × 2 rows whatever the volume. Each hour then falls in its Mexico City day
 * through the tz database (Mexico City's offsets are whole hours), which SQLite cannot do. Only
 * the hours before 06:00 UTC need that: Mexico City has only ever been 5 or 6 hours behind UTC, so
 * from 06:00 to 23:59 UTC it is the same calendar day there, and those hours share one bucket
 * (a third of the rows to group and to place, issue 22).
 */
// The enrolment is joined only for the course filter: a year of lines (the dashboard's chart)
// read each enrolment row for nothing otherwise (a quarter of the query's time at 100×, issue 22).
async function bucketSums(db: Kysely<DB>, range: Range, filters: Pick<LedgerFilters, "purpose" | "status" | "course">) {
  const result = await sql<Bucket>`
    WITH ledger AS (${ledgerSource(range)})
    SELECT l.purpose, CASE WHEN l.paid_on IS NOT NULL THEN l.paid_on WHEN substr(l.at, 12, 2) >= '06' THEN substr(l.at, 1, 11) || '06'
      ELSE substr(l.at, 1, 13) END AS bucket,
      sum(CASE WHEN l.amount > 0 AND ${COUNTED_SQL} THEN l.amount ELSE 0 END) AS money_in,
      sum(CASE WHEN l.amount < 0 THEN -l.amount ELSE 0 END) AS refunds,
      sum(CASE WHEN l.status = 'en_verificacion' THEN l.amount ELSE 0 END) AS waiting,
      count(*) AS n
    FROM ledger l ${filters.course !== undefined ? sql`LEFT JOIN enrolments e ON e.id = l.enrolment_id` : sql``}
    WHERE ${filterConditions(filters)}
    GROUP BY 1, 2`.execute(db);
  // Both purposes share most buckets: each is placed once.
  const days = new Map<string, string>();
  const dayOf = (bucket: string) => {
    if (bucket.length === 10) return bucket;
    let day = days.get(bucket);
    if (day === undefined) days.set(bucket, (day = mexicoCityDay(`${bucket}:00:00.000Z`)));
    return day;
  };
  return result.rows.map((row) => ({
    purpose: row.purpose,
    day: dayOf(row.bucket),
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

/** The courses that have lines in the range (the course filter's choices), by name: each distinct enrolment read once, each course once. */
async function coursesInRange(db: Kysely<DB>, filters: LedgerFilters): Promise<{ id: number; name: string }[]> {
  const result = await sql<{ course_id: number; course_name: string }>`
    WITH ledger AS (${ledgerSource(filters)})
    SELECT c.course_id, c.course_name FROM courses c
    WHERE c.course_id IN (SELECT e.course_id FROM enrolments e WHERE e.id IN (SELECT l.enrolment_id FROM ledger l))
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

/** Lines per batch of a streamed ledger export: a few ms to read and write at 100× (decision 0040). */
export const LEDGER_EXPORT_BATCH = 100;

/** A line's place in the ledger's order: (sort_at, kind, source id), newest first. */
type LedgerKey = readonly [sortAt: string, kind: string, sourceId: number];

/**
 * One batch of the export's lines after `after`, in the ledger's order. Each source takes its own
 * first `size` lines after the key (its time index, read backwards from the key's time), so the
 * batch costs `size` lines of each source, never the whole range (exported for the EXPLAIN
 * QUERY PLAN test).
 */
export function ledgerExportBatchQuery(filters: LedgerFilters, after: LedgerKey | null, size: number) {
  const keyset = after
    ? sql`(l.sort_at < ${after[0]} OR (l.sort_at = ${after[0]} AND (l.kind > ${after[1]} OR (l.kind = ${after[1]} AND l.source_id < ${after[2]}))))`
    : sql`1 = 1`;
  const courseJoin = filters.course !== undefined ? sql`LEFT JOIN enrolments e ON e.id = l.enrolment_id` : sql``;
  const sources = ledgerArms(filters, after?.[0] ?? null).map(
    (arm, index) => sql`
    SELECT * FROM (SELECT l.* FROM (${arm}) l ${courseJoin}
      WHERE ${filterConditions(filters)} AND ${keyset}
      ${armOrder(index)} LIMIT ${size})`,
  );
  // The batch is chosen first; only its lines are joined to their person, course and donation.
  return sql<LedgerRow & { sort_at: string }>`
    WITH ledger AS (${sql.join(sources, sql` UNION ALL `)}),
      batch AS (SELECT * FROM ledger l ORDER BY l.sort_at DESC, l.kind, l.source_id DESC LIMIT ${size})
    SELECT l.kind, l.source_id, l.purpose, l.at, l.paid_on, l.sort_at, l.amount, l.enrolment_id, l.donation_id, l.reference, l.status,
      e.participant_id, p.name AS participant_name, c.course_id, c.course_name, d.donor_name
    FROM batch l
      LEFT JOIN enrolments e ON e.id = l.enrolment_id
      LEFT JOIN participants p ON p.id = e.participant_id
      LEFT JOIN courses c ON c.course_id = e.course_id
      LEFT JOIN donations d ON d.id = l.donation_id
    ORDER BY l.sort_at DESC, l.kind, l.source_id DESC`;
}

/** Every filtered line (no page), newest first, a batch at a time, up to LEDGER_EXPORT_LIMIT. */
export async function* ledgerExportBatches(db: Kysely<DB>, filters: LedgerFilters): RowBatches<LedgerLine> {
  const batches = keysetBatches<LedgerRow & { sort_at: string }, LedgerKey>(
    async (after, size) => (await ledgerExportBatchQuery(filters, after, size).execute(db)).rows,
    (row) => [row.sort_at, row.kind, row.source_id],
    LEDGER_EXPORT_BATCH,
    LEDGER_EXPORT_LIMIT,
  );
  for await (const batch of batches) yield batch.map(toLine);
}

/** Every line of the export at once (tests; the route streams `ledgerExportBatches`). */
export async function ledgerExportLines(db: Kysely<DB>, filters: LedgerFilters): Promise<LedgerLine[]> {
  const lines: LedgerLine[] = [];
  for await (const batch of ledgerExportBatches(db, filters)) lines.push(...batch);
  return lines;
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
warmXlsxTemplate(LEDGER_EXPORT_COLUMNS);

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
