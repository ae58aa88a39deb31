import { sql, type Kysely } from "kysely";

/**
 * The «pagos» job (every minute: app/payments/maintenance.server.ts) reads only the rows it acts
 * on. On a database a hundred times the demo's it scanned the whole of `enrolments` for seat
 * holds and `payment_attempts` twice (the secrets to forget, the attempts to ask the bank about):
 * 65–130 ms each minute, one step holding the event loop 83 ms (issue 22). Each sweep is now a
 * range read of a partial index that holds only such rows (tests/integration/query-plans.test.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX enrolments_seat_held ON enrolments (seat_held_until) WHERE seat_held_until IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payment_attempts_secrets_kept ON payment_attempts (created_at) WHERE status = 'expired' AND vi_hex IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payment_attempts_unanswered ON payment_attempts (created_at) WHERE status = 'no_answer' AND verification = 'por_conciliar'`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX payment_attempts_unanswered`.execute(db);
  await sql`DROP INDEX payment_attempts_secrets_kept`.execute(db);
  await sql`DROP INDEX enrolments_seat_held`.execute(db);
}
