import { sql, type Kysely } from "kysely";
import type { DB, ParticipantDocumentKind } from "~/db.server";
import { monthlyIncome, type MonthlyIncome } from "~/finance/ledger.server";
import { mexicoCityDaysBetween, mexicoCityMonth } from "~/utils/mexico-city";
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

/** Documents waiting for review, oldest first, with the Mexico City calendar days they have waited. */
export async function documentsWaitingForReview(
  db: Kysely<DB>,
  limit = 10,
  now = clock.now(),
): Promise<{ total: number; oldest: WaitingDocument[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom("participant_documents")
      .select((eb) => eb.fn.countAll<number>().as("n"))
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
  return {
    total: Number(count.n),
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
