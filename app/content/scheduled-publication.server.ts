import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { PublishableKind, PublishableRow, RecordPublication } from "./publication.server";
import { changedFields, ensureInitialRevision, pickFields, writeRevision, type Snapshot } from "./revisions.server";

/**
 * One kind's scheduled publication, for every kind of page (information pages, department pages,
 * research units, profile records; decisions 0021, 0026 and 0033). At `now` it publishes:
 *
 * - every row waiting for its time (a record that was not published: `publish_at` on the row),
 *   each in a conditional UPDATE;
 * - every scheduled pending revision of a published record whose time has come: its state is
 *   applied to the live row, the pointer claimed by a conditional DELETE.
 *
 * Each in one transaction with a "publicar" revision and an audit row whose actor is null (the
 * system; the revision before it says who scheduled it); the search index and content_version
 * follow by the rows' triggers. Idempotent when two calls race. The common case costs two reads
 * and no write.
 */
export function scheduledPublisher<Row extends PublishableRow, S extends RecordPublication>(
  kind: PublishableKind<Row, S> & {
    /** What the audit row keeps of the published state besides the changed fields; `{ status: "publicada" }` unless told. */
    auditAfter?: (snapshot: S) => Record<string, unknown>;
  },
) {
  // One table type for all: they share the columns used here.
  const table = kind.table as "research_units";
  const action = `${kind.audit}.publish_scheduled`;
  const labels = kind.labels as Record<string, string>;
  const auditAfter = (snapshot: S) => (kind.auditAfter ? kind.auditAfter(snapshot) : { status: "publicada" });

  const publishRow = (trx: Transaction<DB>, id: number, stamp: string) => async () => {
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
    await recordAudit(trx, { actor: null, action, entity: kind.entity, entityId: id, after: auditAfter(after), requestId: null });
    return 1;
  };

  const publishPending = (trx: Transaction<DB>, id: number, revisionId: number, now: Date) => async () => {
    const stamp = now.toISOString();
    const claimed = await trx
      .deleteFrom("pending_revisions")
      .where("entity", "=", kind.entity)
      .where("entity_id", "=", id)
      .where("revision_id", "=", revisionId)
      .where("publish_at", "is not", null)
      .where("publish_at", "<=", stamp)
      .executeTakeFirst();
    if (Number(claimed.numDeletedRows) === 0) return 0;
    const row = await kind.read(trx, id);
    const revision = await trx.selectFrom("page_revisions").select(["number", "snapshot"]).where("id", "=", revisionId).executeTakeFirst();
    if (!row || !revision) return 0;
    const live = kind.snapshot(row);
    const scheduled = { ...live, ...(JSON.parse(revision.snapshot) as Partial<S>) } as S;
    await kind.write(trx, id, { ...scheduled, status: "publicada", publishAt: null }, now);
    const after = kind.snapshot((await kind.read(trx, id))!);
    const number = await writeRevision(
      trx,
      kind.entity,
      id,
      { ...after } as Snapshot,
      changedFields(labels, { ...scheduled } as Snapshot, { ...after } as Snapshot),
      "publicar",
      null,
    );
    const changed = changedFields(labels, { ...live } as Snapshot, { ...after } as Snapshot);
    await recordAudit(trx, {
      actor: null,
      action,
      entity: kind.entity,
      entityId: id,
      before: pickFields({ ...live } as Snapshot, changed),
      after: { ...pickFields({ ...after } as Snapshot, changed), ...auditAfter(after), scheduledRevision: revision.number, revision: number },
      requestId: null,
    });
    return 1;
  };

  return async (db: Kysely<DB>, now: Date): Promise<number> => {
    const stamp = now.toISOString();
    const due = await db.selectFrom(table).select("id").where("publish_at", "is not", null).where("publish_at", "<=", stamp).execute();
    const duePending = await db
      .selectFrom("pending_revisions")
      .select(["entity_id", "revision_id"])
      .where("entity", "=", kind.entity)
      .where("publish_at", "is not", null)
      .where("publish_at", "<=", stamp)
      .execute();
    let published = 0;
    for (const { id } of due) published += await db.transaction().execute((trx) => publishRow(trx, id, stamp)());
    for (const { entity_id, revision_id } of duePending)
      published += await db.transaction().execute((trx) => publishPending(trx, entity_id, revision_id, now)());
    return published;
  };
}
