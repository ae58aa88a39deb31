import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { DB } from "~/db.server";

/**
 * In-person seats held by live waitlist offers (decision 0053): an offer holds its seat until it
 * expires, so seat counting (takenSeats in enrolment.server.ts) adds these. Its own module so the
 * state machine does not import the waitlist (the waitlist imports the state machine).
 */
export async function seatsHeldByOffers(trx: Kysely<DB> | Transaction<DB>, courseId: number, now: string): Promise<number> {
  const row = await trx
    .selectFrom("waitlist_entries")
    .select(sql<number>`count(*)`.as("held"))
    .where("course_id", "=", courseId)
    .where("status", "=", "ofrecido")
    .where("offer_expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.held);
}
