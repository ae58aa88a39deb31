import type { Transaction } from "kysely";
import type { DB } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffContext } from "~/actions/context";

/** Who is acting and on which request: the one definition is app/actions/context.ts. */
export type { StaffContext };

/** The name kept in recorded_by / reviewed_by columns beside the audit row. */
export function actorLabel(ctx: StaffContext): string {
  return ctx.actor.name;
}

/** One audit row, inside the change's own transaction (a rolled-back change leaves no row). */
export async function audit(
  trx: Transaction<DB>,
  ctx: StaffContext,
  entry: { action: string; entity: string; entityId: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  await recordAudit(trx, {
    actor: ctx.actor,
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: ctx.requestId,
  });
}
