import fs from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
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

/**
 * The mail waiting to be sent and the mail that failed. Mail is sent at once by `sendMail`
 * (app/mail/mailer.server.ts), with nothing queued: there is no outbox with a sending state to
 * count, so this answers null and the gauge has no sample. It counts the outbox's rows once mail
 * goes through one.
 */
export async function mailOutboxDepth(_db: Kysely<DB>): Promise<{ waiting: number; failed: number } | null> {
  return null;
}

/**
 * The time of the newest backup: the modification time of the newest file in BACKUP_DIR, or null
 * when BACKUP_DIR is not set or holds no file (the gauge then has no sample). It reads the
 * directory and looks at nothing else; the backups module may answer this itself.
 */
export async function newestBackupTime(): Promise<Date | null> {
  const directory = process.env.BACKUP_DIR;
  if (!directory) return null;
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch {
    return null;
  }
  let newest: Date | null = null;
  for (const name of names) {
    try {
      const stat = await fs.stat(path.join(directory, name));
      if (stat.isFile() && (!newest || stat.mtime > newest)) newest = stat.mtime;
    } catch {
      // Removed while we looked (a retention sweep): not the newest.
    }
  }
  return newest;
}
