import { sql, type Kysely, type RawBuilder } from "kysely";
import { hasInPersonSeats, type EnrolmentModality, type ModalityId } from "~/courses/modality";
import type { Profile } from "~/courses/pricing";
import type { ConstanciaKind, DB, ParticipantDocumentKind } from "~/db.server";
import { monthlyIncome, type MonthlyIncome } from "~/finance/ledger.server";
import { addCalendarDays, mexicoCityDay, mexicoCityDaysBetween, mexicoCityMonth, startOfDayInMexicoCity } from "~/utils/mexico-city";
import * as clock from "~/utils/clock.server";

/** The figures on /admin/dashboard. "This month" is the calendar month in Mexico City. */
export function monthRangeInMexicoCity(now: Date): { start: string; end: string; label: string } {
  const { start, end, label } = mexicoCityMonth(now);
  return { start, end, label };
}

export interface DashboardFigures {
  monthLabel: string;
  enrolmentsStarted: number;
  enrolmentsConfirmed: number;
  cardPaymentsPending: number;
  cardPaymentsApproved: number;
  revenueCentavos: number;
  /** Off-line payments recorded by staff, by the date the money was paid (a Mexico City date). */
  offlineRevenueCentavos: number;
  /** Refunds recorded this month (card and off-line). */
  refundsCentavos: number;
}

export async function dashboardFigures(db: Kysely<DB>, now = clock.now()): Promise<DashboardFigures> {
  const month = monthRangeInMexicoCity(now);
  // The month's calendar dates in Mexico City, for columns that store a date ('YYYY-MM-DD').
  const firstDay = new Date(new Date(month.start).getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
  const nextFirstDay = new Date(new Date(month.end).getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
  // Each figure reads its own index (migration 0035): never the whole table.
  const [started, confirmed, pending, approved, offline, refunds] = await Promise.all([
    db
      .selectFrom("enrolments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("created_at", ">=", month.start)
      .where("created_at", "<", month.end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("enrolments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", "confirmada")
      .where("confirmed_at", ">=", month.start)
      .where("confirmed_at", "<", month.end)
      .executeTakeFirstOrThrow(),
    // The literal status lets SQLite use the partial index payment_attempts_pending.
    db
      .selectFrom("payment_attempts")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("status", "=", sql.lit("pending"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payment_attempts")
      .select([(eb) => eb.fn.countAll<number>().as("n"), sql<number>`coalesce(sum(amount_centavos), 0)`.as("revenue")])
      .where("settled_at", ">=", month.start)
      .where("settled_at", "<", month.end)
      .where("status", "=", "approved")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("offline_payments")
      .select(sql<number>`coalesce(sum(amount_centavos), 0)`.as("total"))
      .where("paid_on", ">=", firstDay)
      .where("paid_on", "<", nextFirstDay)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("refunds")
      .select(sql<number>`coalesce(sum(amount_centavos), 0)`.as("total"))
      .where("created_at", ">=", month.start)
      .where("created_at", "<", month.end)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    monthLabel: month.label,
    enrolmentsStarted: Number(started.n),
    enrolmentsConfirmed: Number(confirmed.n),
    cardPaymentsPending: Number(pending.n),
    cardPaymentsApproved: Number(approved.n),
    revenueCentavos: Number(approved.revenue),
    offlineRevenueCentavos: Number(offline.total),
    refundsCentavos: Number(refunds.total),
  };
}

export interface WaitingDocument {
  documentId: number;
  participantId: number;
  participantName: string;
  kind: ParticipantDocumentKind;
  sentAt: string;
  /** Mexico City calendar days since it was sent: 0 the same day, 1 the day after. */
  daysWaiting: number;
}

/** How many documents have waited so long (Mexico City calendar days, as `waitingAge` says them). */
export interface WaitingBand {
  key: "0-2" | "3-7" | "8-14" | "15+";
  label: string;
  count: number;
}

/** Documents waiting for review, oldest first, with the Mexico City calendar days they have waited. */
export async function documentsWaitingForReview(
  db: Kysely<DB>,
  limit = 10,
  now = clock.now(),
): Promise<{ total: number; oldest: WaitingDocument[]; byAge: WaitingBand[] }> {
  // The first instant of each band's oldest Mexico City day: sent at or after it, it has waited at most that many days.
  const today = mexicoCityDay(now);
  const since = (days: number) => startOfDayInMexicoCity(addCalendarDays(today, -days));
  const [count, rows] = await Promise.all([
    db
      .selectFrom("participant_documents")
      .select([
        (eb) => eb.fn.countAll<number>().as("n"),
        sql<number>`coalesce(sum(created_at >= ${since(2)}), 0)`.as("upTo2"),
        sql<number>`coalesce(sum(created_at >= ${since(7)}), 0)`.as("upTo7"),
        sql<number>`coalesce(sum(created_at >= ${since(14)}), 0)`.as("upTo14"),
      ])
      .where("status", "=", "pendiente")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("participant_documents")
      .innerJoin("participants", "participants.id", "participant_documents.participant_id")
      .select([
        "participant_documents.id",
        "participant_documents.participant_id",
        "participants.name",
        "participant_documents.kind",
        "participant_documents.created_at",
      ])
      .where("participant_documents.status", "=", "pendiente")
      .orderBy("participant_documents.created_at", "asc")
      .orderBy("participant_documents.id", "asc")
      .limit(limit)
      .execute(),
  ]);
  const [total, upTo2, upTo7, upTo14] = [count.n, count.upTo2, count.upTo7, count.upTo14].map(Number) as [number, number, number, number];
  return {
    total,
    byAge: [
      { key: "0-2", label: "De 0 a 2 días", count: upTo2 },
      { key: "3-7", label: "De 3 a 7 días", count: upTo7 - upTo2 },
      { key: "8-14", label: "De 8 a 14 días", count: upTo14 - upTo7 },
      { key: "15+", label: "Más de 14 días", count: total - upTo14 },
    ],
    oldest: rows.map((row) => ({
      documentId: row.id,
      participantId: row.participant_id,
      participantName: row.name,
      kind: row.kind,
      sentAt: row.created_at,
      daysWaiting: mexicoCityDaysBetween(row.created_at, now),
    })),
  };
}

/**
 * The finance chart: money in by month for the last 12 Mexico City months (courses, donations,
 * refunds), by the ledger's rules (app/finance/ledger.server.ts), so the chart and /admin/pagos agree.
 */
export async function incomeByMonth(db: Kysely<DB>, now = clock.now()): Promise<MonthlyIncome[]> {
  return monthlyIncome(db, now);
}

/** One Mexico City month: 'YYYY-MM', its name, its first instant and the next month's (compare with `<`). */
export interface DashboardMonth {
  month: string;
  label: string;
  start: string;
  end: string;
}

/** The last 12 Mexico City months up to `now`'s, oldest first. */
export function lastTwelveMonths(now: Date): DashboardMonth[] {
  const months: DashboardMonth[] = [];
  let instant = now;
  for (let i = 0; i < 12; i++) {
    const month = mexicoCityMonth(instant);
    months.unshift({ month: `${month.year}-${String(month.month).padStart(2, "0")}`, label: month.label, start: month.start, end: month.end });
    instant = new Date(Date.parse(month.start) - 1);
  }
  return months;
}

/**
 * The month (0 = the oldest of the twelve) of an instant column, worked out in SQL: how many of
 * the later months' first instants it has reached. ISO instants compare as text, so this is exact
 * for Mexico City months, whatever their offsets.
 */
function monthIndex(column: RawBuilder<unknown>, months: readonly DashboardMonth[]): RawBuilder<number> {
  return sql<number>`(${sql.join(
    months.slice(1).map((month) => sql`(${column} >= ${month.start})`),
    sql` + `,
  )})`;
}

export const PROFILES = ["PERSONAL_HIMFG", "ESTUDIANTE", "EXTERNO"] as const satisfies readonly Profile[];
export const ENROLMENT_MODALITIES = ["presencial", "en_linea"] as const satisfies readonly EnrolmentModality[];

export interface EnrolmentMonth extends Omit<DashboardMonth, "start" | "end"> {
  /** Confirmed enrolments by the participant's profile and the enrolment's modality. */
  counts: Record<Profile, Record<EnrolmentModality, number>>;
  total: number;
}

/**
 * Enrolments confirmed in each of the last 12 Mexico City months (by when they were confirmed;
 * still confirmed), by profile and modality. One grouped read of the enrolments_confirmed index.
 */
export async function enrolmentsByMonth(db: Kysely<DB>, now = clock.now()): Promise<EnrolmentMonth[]> {
  const months = lastTwelveMonths(now);
  const rows = await db
    .selectFrom("enrolments as e")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .select([monthIndex(sql.ref("e.confirmed_at"), months).as("month_index"), "e.modality", "p.role", (eb) => eb.fn.countAll<number>().as("n")])
    .where("e.confirmed_at", ">=", months[0]!.start)
    .where("e.confirmed_at", "<", months[11]!.end)
    .where("e.status", "=", "confirmada")
    .groupBy(["month_index", "e.modality", "p.role"])
    .execute();
  return months.map(({ month, label }, index) => {
    const counts = Object.fromEntries(PROFILES.map((profile) => [profile, { presencial: 0, en_linea: 0 }])) as Record<
      Profile,
      Record<EnrolmentModality, number>
    >;
    let total = 0;
    for (const row of rows) {
      if (Number(row.month_index) !== index) continue;
      counts[row.role][row.modality] += Number(row.n);
      total += Number(row.n);
    }
    return { month, label, counts, total };
  });
}

export interface CourseSeats {
  courseId: number;
  courseName: string;
  startDate: string;
  capacity: number;
  /** In-person seats taken now: confirmed, or held for a card payment still in time. */
  taken: number;
  /** Confirmed online enrolments (online has no limit). */
  online: number;
}

/**
 * The in-person seats of the courses that start in `now`'s Mexico City month (not archived, with
 * in-person seats), by start date: taken as the enrolment rules count them (app/enrolment), and
 * the course's capacity. Reads the courses_start index and, per course, enrolments_course_seats.
 */
export async function seatsThisMonth(db: Kysely<DB>, now = clock.now()): Promise<{ monthLabel: string; courses: CourseSeats[] }> {
  const month = mexicoCityMonth(now);
  const firstDay = `${month.year}-${String(month.month).padStart(2, "0")}-01`;
  const nextFirstDay = mexicoCityDay(month.end);
  const nowIso = now.toISOString();
  const rows = await db
    .selectFrom("courses as c")
    .select([
      "c.course_id",
      "c.course_name",
      "c.course_start_date",
      "c.course_max_range",
      "c.modality_id",
      (eb) =>
        eb
          .selectFrom("enrolments as e")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("e.course_id", "=", "c.course_id")
          .where("e.modality", "=", "presencial")
          .where((w) =>
            w.or([w("e.status", "=", "confirmada"), w.and([w("e.status", "=", "pendiente_de_pago"), w("e.seat_held_until", ">", nowIso)])]),
          )
          .as("taken"),
      (eb) =>
        eb
          .selectFrom("enrolments as o")
          .select(eb.fn.countAll<number>().as("n"))
          .whereRef("o.course_id", "=", "c.course_id")
          .where("o.modality", "=", "en_linea")
          .where("o.status", "=", "confirmada")
          .as("online"),
    ])
    .where("c.course_start_date", ">=", firstDay)
    .where("c.course_start_date", "<", nextFirstDay)
    .where("c.archived_at", "is", null)
    .orderBy("c.course_start_date")
    .orderBy("c.course_id")
    .execute();
  return {
    monthLabel: month.label,
    courses: rows
      .filter((row) => hasInPersonSeats(row.modality_id as ModalityId))
      .map((row) => ({
        courseId: row.course_id,
        courseName: row.course_name,
        startDate: row.course_start_date,
        capacity: row.course_max_range,
        taken: Number(row.taken ?? 0),
        online: Number(row.online ?? 0),
      })),
  };
}

export const CONSTANCIA_KINDS = ["asistencia", "acreditacion"] as const satisfies readonly ConstanciaKind[];

export interface ConstanciaMonth extends Omit<DashboardMonth, "start" | "end"> {
  counts: Record<ConstanciaKind, number>;
  total: number;
}

/**
 * Constancias issued in each of the last 12 Mexico City months, by kind: those standing (not
 * revoked, not replaced by a reissue, which counts in its own month). Index constancias_issued
 * (migration 0044).
 */
export async function constanciasByMonth(db: Kysely<DB>, now = clock.now()): Promise<ConstanciaMonth[]> {
  const months = lastTwelveMonths(now);
  const rows = await db
    .selectFrom("constancias")
    .select([monthIndex(sql.ref("issued_at"), months).as("month_index"), "kind", (eb) => eb.fn.countAll<number>().as("n")])
    .where("issued_at", ">=", months[0]!.start)
    .where("issued_at", "<", months[11]!.end)
    .where("revoked_at", "is", null)
    .where("replaced_by_folio", "is", null)
    .groupBy(["month_index", "kind"])
    .execute();
  return months.map(({ month, label }, index) => {
    const counts: Record<ConstanciaKind, number> = { asistencia: 0, acreditacion: 0 };
    for (const row of rows) if (Number(row.month_index) === index) counts[row.kind] += Number(row.n);
    return { month, label, counts, total: counts.asistencia + counts.acreditacion };
  });
}
