import { sql, type Kysely } from "kysely";

/**
 * The finance ledger (/admin/pagos, issue 19) reads off-line payments by paid_on, the Mexico City
 * day the money was paid (the dashboard counts them by that day too). Without this index every
 * ledger page scanned the whole offline_payments table (EXPLAIN QUERY PLAN: "SCAN op"); the other
 * sources already had theirs (migration 0027: payment_attempts_settled,
 * payment_attempts_in_verification, refunds_created).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX offline_payments_paid_on ON offline_payments (paid_on)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX offline_payments_paid_on`.execute(db);
}
