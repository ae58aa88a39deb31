import { sql, type Kysely } from "kysely";
import type { DB } from "~/db.server";
import * as clock from "~/utils/clock.server";

/**
 * Throttles that hold under concurrency (docs/decisions/0014-demo-and-production.md). An attempt
 * is counted BEFORE the guarded work (checking a password, sending a mail, creating an account),
 * in one BEGIN IMMEDIATE transaction that counts the window and inserts: SQLite takes the write
 * lock at BEGIN, so two requests (or two processes) cannot both see "4 of 5" and both go ahead.
 * Forty simultaneous wrong passwords: five are checked, thirty-five are refused unread.
 *
 * Generic: a bucket names what is throttled ("login-account", "password-reset-email"…), a key
 * whom (an e-mail, a client address). Staff sign-in, donations and the API reuse it.
 */
export interface ThrottleRule {
  /** What is throttled: lowercase letters, digits and dashes. */
  bucket: string;
  /** Whom: an e-mail (lower-cased by the caller), a client address… Cut to 300 characters. */
  key: string;
  /** Attempts allowed within the window. */
  limit: number;
  windowMinutes: number;
}

/**
 * A throttle's reading, not a step's outcome (app/actions/outcome.ts): a guard asked before the
 * work, whose refusal carries the Retry-After seconds; a step answers it with
 * tooManyAttempts(message, retryAfterSeconds).
 */
export type ThrottleReading =
  | { allowed: true; /** The rows just counted, for releaseAttempts when a success should not count. */ attemptIds: number[] }
  | { allowed: false; retryAfterSeconds: number; /** The rule that refused (the first, when several). */ bucket: string };

/** Rows older than this are of no use to any rule (the longest window). */
const MAX_WINDOW_MINUTES = 24 * 60;

/**
 * Counts one attempt against every rule, atomically: when all have room, one row is added per
 * rule; when any is full, nothing is added and the answer says how long until it has room.
 */
export async function consumeAttempt(db: Kysely<DB>, rules: ThrottleRule | ThrottleRule[], now: Date = clock.now()): Promise<ThrottleReading> {
  const list = (Array.isArray(rules) ? rules : [rules]).map((rule) => ({ ...rule, key: rule.key.slice(0, 300) || "-" }));
  for (const rule of list) {
    if (!(rule.limit >= 1) || !(rule.windowMinutes > 0) || rule.windowMinutes > MAX_WINDOW_MINUTES)
      throw new Error(`Invalid throttle rule ${rule.bucket}`);
  }
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const refusals: { bucket: string; retryAfterSeconds: number }[] = [];
      for (const rule of list) {
        const windowStart = new Date(now.getTime() - rule.windowMinutes * 60_000).toISOString();
        // The attempt whose expiry frees a slot: the limit-th most recent in the window.
        const blocking = await conn
          .selectFrom("throttle_attempts")
          .select("attempted_at")
          .where("bucket", "=", rule.bucket)
          .where("key", "=", rule.key)
          .where("attempted_at", ">", windowStart)
          .orderBy("attempted_at", "desc")
          .limit(1)
          .offset(rule.limit - 1)
          .executeTakeFirst();
        if (blocking) {
          const freeAt = new Date(blocking.attempted_at).getTime() + rule.windowMinutes * 60_000;
          refusals.push({ bucket: rule.bucket, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) });
        }
      }
      if (refusals.length > 0) {
        await sql`COMMIT`.execute(conn);
        return { allowed: false as const, bucket: refusals[0]!.bucket, retryAfterSeconds: Math.max(...refusals.map((r) => r.retryAfterSeconds)) };
      }
      const attemptIds: number[] = [];
      for (const rule of list) {
        const row = await conn
          .insertInto("throttle_attempts")
          .values({ bucket: rule.bucket, key: rule.key, attempted_at: now.toISOString() })
          .returning("id")
          .executeTakeFirstOrThrow();
        attemptIds.push(row.id);
      }
      // Keep the table small: nothing older than the longest window counts for anything.
      await conn
        .deleteFrom("throttle_attempts")
        .where("attempted_at", "<=", new Date(now.getTime() - MAX_WINDOW_MINUTES * 60_000).toISOString())
        .execute();
      await sql`COMMIT`.execute(conn);
      return { allowed: true as const, attemptIds };
    } catch (error) {
      await sql`ROLLBACK`.execute(conn).catch(() => {});
      throw error;
    }
  });
}

/** Uncounts attempts that turned out fine (a successful sign-in does not use up the address's quota). */
export async function releaseAttempts(db: Kysely<DB>, attemptIds: number[]): Promise<void> {
  if (attemptIds.length === 0) return;
  await db.deleteFrom("throttle_attempts").where("id", "in", attemptIds).execute();
}

/** Forgets every attempt of one key in one bucket (a successful sign-in clears the account's). */
export async function clearAttempts(db: Kysely<DB>, bucket: string, key: string): Promise<void> {
  await db
    .deleteFrom("throttle_attempts")
    .where("bucket", "=", bucket)
    .where("key", "=", key.slice(0, 300) || "-")
    .execute();
}

/** "15 minutos", "1 minuto": the wait, rounded up to whole minutes, for a Spanish message. */
export function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return minutes === 1 ? "1 minuto" : `${minutes} minutos`;
}
