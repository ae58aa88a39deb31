import type { Kysely, Transaction } from "kysely";
import type { DB, RevisionEntity } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import { ensureInitialRevision, writeRevision, type Snapshot } from "./revisions.server";

/** The tables whose rows can wait for a publication time (`is_published`, `publish_at`). */
type SchedulableTable = "content_pages" | "department_pages" | "research_units" | "profile_pages";

/**
 * One kind's scheduled publication, for every kind of page (information pages, department pages,
 * research units, profile records; decisions 0021 and 0026): publishes every row whose time has
 * come (at `now`), each in a conditional UPDATE (idempotent when two calls race), with a
 * "publicar" revision and an audit row whose actor is null (the system; the revision before it
 * says who scheduled it). The common case costs one read and no write.
 */
export function scheduledPublisher<Row extends { id: number }, S extends object>(kind: {
  entity: RevisionEntity;
  table: SchedulableTable;
  read: (trx: Transaction<DB>, id: number) => Promise<Row | undefined>;
  snapshot: (row: Row) => S;
  /** The audit action; `{entity}.publish_scheduled` unless told. */
  auditAction?: string;
  /** What the audit row keeps of the published state; `{ status: "publicada" }` unless told. */
  auditAfter?: (snapshot: S) => Record<string, unknown>;
}) {
  // One table type for all: they share the columns used here.
  const table = kind.table as "research_units";
  return async (db: Kysely<DB>, now: Date): Promise<number> => {
    const stamp = now.toISOString();
    const due = await db.selectFrom(table).select("id").where("publish_at", "is not", null).where("publish_at", "<=", stamp).execute();
    let published = 0;
    for (const { id } of due) {
      published += await db.transaction().execute(async (trx) => {
        const before = await kind.read(trx, id);
        if (!before) return 0;
        const result = await trx
          .updateTable(table)
          .set({ is_published: 1, publish_at: null, updated_at: stamp })
          .where("id", "=", id)
          .where("publish_at", "is not", null)
          .where("publish_at", "<=", stamp)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return 0;
        await ensureInitialRevision(trx, kind.entity, id, { ...kind.snapshot(before) } as Snapshot);
        const after = kind.snapshot((await kind.read(trx, id))!);
        await writeRevision(trx, kind.entity, id, { ...after } as Snapshot, ["status", "publishAt"], "publicar", null);
        await recordAudit(trx, {
          actor: null,
          action: kind.auditAction ?? `${kind.entity}.publish_scheduled`,
          entity: kind.entity,
          entityId: id,
          after: kind.auditAfter ? kind.auditAfter(after) : { status: "publicada" },
          requestId: null,
        });
        return 1;
      });
    }
    return published;
  };
}
