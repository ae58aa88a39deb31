import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db.server";
import type { StaffUser } from "./staff";

export interface AuditEntry {
  /** Who acted; null only for the command line (`npm run staff:create`). */
  actor: StaffUser | null;
  /** What was done, a short verb phrase in snake_case: `staff.invite`, `course.update`… */
  action: string;
  /** The kind of record: `staff_member`, `course`, `participant_document`… */
  entity: string;
  entityId: string | number | null;
  /** The record before and after the change (JSON-serialisable; never secrets or password hashes). */
  before?: unknown;
  after?: unknown;
  /** The request id (`context.requestId`), to match the row with the server log. */
  requestId?: string | null;
}

function toJson(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * Appends one row to the audit log. Call it with the transaction that makes the change, so the
 * change and its record are written together or not at all. The table refuses UPDATE and DELETE.
 */
export async function recordAudit(trx: Kysely<DB> | Transaction<DB>, entry: AuditEntry): Promise<number> {
  const row = await trx
    .insertInto("audit_log")
    .values({
      actor_staff_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      actor_role: entry.actor?.role ?? null,
      action: entry.action.slice(0, 80),
      entity: entry.entity.slice(0, 80),
      entity_id: entry.entityId === null ? null : String(entry.entityId).slice(0, 120),
      before_json: toJson(entry.before),
      after_json: toJson(entry.after),
      request_id: entry.requestId ? entry.requestId.slice(0, 100) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
