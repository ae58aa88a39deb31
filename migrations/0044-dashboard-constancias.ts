import { sql, type Kysely } from "kysely";

/**
 * The dashboard's constancias by month (issue 26): the standing constancias (not revoked, not
 * replaced) by when they were issued, with their kind, so the twelve months are one range read of
 * this index and never the whole table (tests/integration/query-plans.test.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX constancias_issued ON constancias (issued_at, kind) WHERE revoked_at IS NULL AND replaced_by_folio IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX constancias_issued`.execute(db);
}
