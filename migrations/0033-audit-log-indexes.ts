import { sql, type Kysely } from "kysely";

/**
 * The Bitácora at 100× the demo's data (issue 22: 200,000 audit rows). Each page finds its ids
 * newest first through one index whose leading columns are the page's equality filters and whose
 * last column is created_at (the rowid follows it in every index, so "created_at DESC, id DESC"
 * and the keyset cursor (created_at, id) need no sort). Migration 0012 had (created_at) and
 * (actor_staff_id, created_at); these cover a record type, an action, and each pair of the
 * person, the record type and the action (EXPLAIN QUERY PLAN of every combination in
 * tests/integration/audit-log.test.ts). audit_log_entity (entity, entity_id) stays: the
 * reconciliation looks a report up by it.
 */
const INDEXES = {
  audit_log_entity_created: "entity, created_at",
  audit_log_action_created: "action, created_at",
  audit_log_actor_entity_created: "actor_staff_id, entity, created_at",
  audit_log_actor_action_created: "actor_staff_id, action, created_at",
  audit_log_entity_action_created: "entity, action, created_at",
};

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, columns] of Object.entries(INDEXES)) await sql.raw(`CREATE INDEX ${name} ON audit_log (${columns})`).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql.raw(`DROP INDEX ${name}`).execute(db);
}
