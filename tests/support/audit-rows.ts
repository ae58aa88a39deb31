import { db } from "~/db.server";

/** The audit rows of one entity, oldest first (formerly in tests/support/teaching.ts). */
export async function auditRows(entity: string, entityId: string | number) {
  return db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(entityId)).orderBy("id").execute();
}
