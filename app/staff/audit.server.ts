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
  /**
   * The request id, to match the row with the server log and the «Folio de error» of an error
   * page. Optional: when left out, the id of the request the actor came from is used (requireStaff
   * binds it, `bindRequestId` below), so a staff change is traced without its callers passing it.
   */
  requestId?: string | null;
}

/**
 * The request each signed-in staff member object belongs to. `requireStaff` (the guard every staff
 * loader and action calls) reads a fresh StaffUser per request and binds the request's id to it
 * here; recordAudit then finds it from `entry.actor`. A WeakMap: nothing is kept once the request's
 * objects are gone, and the StaffUser itself (which pages render) gains no field.
 */
const requestIds = new WeakMap<StaffUser, string>();

/** Called by requireStaff: `actor` acts on the request with this id (its X-Request-Id). */
export function bindRequestId(actor: StaffUser, requestId: string | null | undefined): void {
  if (requestId) requestIds.set(actor, requestId);
}

/** The request id an audit row carries: the one given, else the actor's request (bindRequestId). */
function auditRequestId(entry: AuditEntry): string | null {
  const id = entry.requestId || (entry.actor ? requestIds.get(entry.actor) : undefined);
  return id ? id.slice(0, 100) : null;
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
      request_id: auditRequestId(entry),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
