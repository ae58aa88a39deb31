import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DB } from "~/db.server";
import { listReviewQueue, type QueueItem } from "./document-review.server";

export interface TeachingFigures {
  /** Enrolments started this month (Mexico City), not cancelled or rejected. */
  enrolmentsThisMonth: number;
  /** Who waits for the document review, oldest first (the first few), and how many in all. */
  waitingForReview: QueueItem[];
  waitingForReviewCount: number;
  /** Card attempts still pending now, and approved this month. */
  pendingCardPayments: number;
  approvedCardPaymentsThisMonth: number;
  /** Centavos received this month: approved card payments and off-line payments, minus refunds. */
  revenueThisMonthCentavos: number;
}

/**
 * The first instant of the current month in Mexico City, as an ISO string. Mexico City keeps
 * UTC−6 all year since daylight saving time was abolished in 2022, so the month starts at 06:00 UTC.
 */
export function monthStartInMexicoCity(now = new Date()): { startIso: string; startDate: string } {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "numeric", month: "2-digit" }).formatToParts(now);
  const year = Number(parts.find((p) => p.type === "year")!.value);
  const month = Number(parts.find((p) => p.type === "month")!.value);
  return { startIso: new Date(Date.UTC(year, month - 1, 1, 6)).toISOString(), startDate: `${year}-${String(month).padStart(2, "0")}-01` };
}

/** The figures the Teaching office and finance look at first (for /admin/dashboard). */
export async function teachingFigures(db: Kysely<DB>, now = new Date(), queueLength = 5): Promise<TeachingFigures> {
  const { startIso, startDate } = monthStartInMexicoCity(now);
  const count = (value: unknown) => Number(value ?? 0);
  const [enrolments, pending, approved, cardRevenue, offlineRevenue, refunded, queue] = await Promise.all([
    db.selectFrom("enrolments").select(sql<number>`count(*)`.as("n")).where("created_at", ">=", startIso).where("status", "not in", ["cancelada", "rechazada"]).executeTakeFirstOrThrow(),
    db.selectFrom("payment_attempts").select(sql<number>`count(*)`.as("n")).where("status", "=", "pending").executeTakeFirstOrThrow(),
    db.selectFrom("payment_attempts").select(sql<number>`count(*)`.as("n")).where("status", "=", "approved").where("settled_at", ">=", startIso).executeTakeFirstOrThrow(),
    db.selectFrom("payment_attempts").select(sql<number>`coalesce(sum(amount_centavos), 0)`.as("n")).where("status", "=", "approved").where("settled_at", ">=", startIso).executeTakeFirstOrThrow(),
    db.selectFrom("offline_payments").select(sql<number>`coalesce(sum(amount_centavos), 0)`.as("n")).where("paid_on", ">=", startDate).executeTakeFirstOrThrow(),
    db.selectFrom("refunds").select(sql<number>`coalesce(sum(amount_centavos), 0)`.as("n")).where("created_at", ">=", startIso).executeTakeFirstOrThrow(),
    listReviewQueue(db, now),
  ]);
  return {
    enrolmentsThisMonth: count(enrolments.n),
    waitingForReview: queue.slice(0, queueLength),
    waitingForReviewCount: queue.length,
    pendingCardPayments: count(pending.n),
    approvedCardPaymentsThisMonth: count(approved.n),
    revenueThisMonthCentavos: count(cardRevenue.n) + count(offlineRevenue.n) - count(refunded.n),
  };
}
