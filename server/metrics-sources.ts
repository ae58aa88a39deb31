import { sql, type Kysely } from "kysely";
import { latestGoodBackup } from "../app/backups/backups.server";
import type { DB } from "../app/db.server";

/**
 * Where the gauges of /metrics (server/metrics.ts) read their values, each read only when
 * Prometheus asks. One function per figure, so each can follow the module that owns the figure.
 */

/** Card payment attempts (courses and donations) counted by state. */
export async function paymentsByState(db: Kysely<DB>): Promise<{ state: string; count: number }[]> {
  const rows = await db
    .selectFrom("payment_attempts")
    .select(["status as state", sql<number>`count(*)`.as("count")])
    .groupBy("status")
    .execute();
  return rows.map((row) => ({ state: row.state, count: Number(row.count) }));
}

/** The outbox's mail waiting to be sent (or retried) and the mail that failed for good (app/mail/deliveries.server.ts). */
export async function mailOutboxDepth(db: Kysely<DB>): Promise<{ waiting: number; failed: number }> {
  const rows = await db
    .selectFrom("mail_deliveries")
    .select(["status", sql<number>`count(*)`.as("count")])
    .where("status", "in", ["en_espera", "fallido"])
    .groupBy("status")
    .execute();
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { waiting: count("en_espera"), failed: count("fallido") };
}

/** The time of the newest backup that passed its check and is still on disk (app/backups), or null. */
export async function newestBackupTime(db: Kysely<DB>): Promise<Date | null> {
  return (await latestGoodBackup(db))?.takenAt ?? null;
}
