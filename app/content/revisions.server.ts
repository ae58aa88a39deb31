import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, RevisionEntity } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { diffText, type DiffChunk } from "~/utils/text-diff";
import type { PageStatus } from "./page-forms";

/**
 * The one history of every editable page (information pages, department pages, research units,
 * profile records): page_revisions, append-only, one whole snapshot per save (decisions 0021 and
 * 0026). Each kind of page brings its snapshot shape and field labels; the numbering, the list, the
 * diff and the "initial" version are shared here.
 */

type Db = Kysely<DB> | Transaction<DB>;
export type Snapshot = Record<string, unknown>;
export type RevisionAction = "inicial" | "crear" | "editar" | "restaurar" | "publicar" | "descartar" | "retirar";

/** Appends a revision (the next number of its record) and answers its number. */
export async function writeRevision(
  trx: Transaction<DB>,
  entity: RevisionEntity,
  entityId: number,
  snapshot: Snapshot,
  changed: string[],
  action: RevisionAction,
  actor: StaffUser | null,
  restoredFrom: number | null = null,
): Promise<number> {
  return (await insertRevision(trx, entity, entityId, snapshot, changed, action, actor, restoredFrom)).number;
}

/** Appends a revision and answers its row id and its number (a pending revision is pointed at by id). */
export async function insertRevision(
  trx: Transaction<DB>,
  entity: RevisionEntity,
  entityId: number,
  snapshot: Snapshot,
  changed: string[],
  action: RevisionAction,
  actor: StaffUser | null,
  restoredFrom: number | null = null,
): Promise<{ id: number; number: number }> {
  const last = await trx
    .selectFrom("page_revisions")
    .select((eb) => eb.fn.max("number").as("number"))
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .executeTakeFirst();
  const number = (last?.number ?? 0) + 1;
  const { id } = await trx
    .insertInto("page_revisions")
    .values({
      entity,
      entity_id: entityId,
      number,
      action,
      restored_from: restoredFrom,
      author_staff_id: actor?.id ?? null,
      author_name: actor ? actor.name : action === "inicial" ? "Contenido anterior al editor" : "Publicación programada",
      snapshot: JSON.stringify(snapshot),
      changed_fields: JSON.stringify(changed),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, number };
}

/**
 * Before the first edit of a record that has no history (seeded content), keeps its current state
 * as version 1 ("inicial"), so the text an edit replaces can be compared and restored.
 */
export async function ensureInitialRevision(trx: Transaction<DB>, entity: RevisionEntity, entityId: number, snapshot: Snapshot): Promise<void> {
  const any = await trx
    .selectFrom("page_revisions")
    .select("id")
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .limit(1)
    .executeTakeFirst();
  if (!any) await writeRevision(trx, entity, entityId, snapshot, [], "inicial", null);
}

export interface RevisionListItem {
  id: number;
  number: number;
  action: RevisionAction;
  restoredFromNumber: number | null;
  authorName: string;
  /** False for what the system wrote: the initial version, a scheduled publication. */
  byStaff: boolean;
  createdAt: string;
  changedFields: string[];
  /** The publication state the version was saved with (its snapshot's). */
  status: PageStatus | null;
  publishAt: string | null;
  /** Whether this is the record's pending revision (saved aside while the published one stays; decision 0033). */
  pending: boolean;
}

const STATUSES: readonly string[] = ["borrador", "publicada", "programada"] satisfies PageStatus[];

export async function listRevisions(db: Kysely<DB>, entity: RevisionEntity, entityId: number): Promise<RevisionListItem[]> {
  const rows = await db
    .selectFrom("page_revisions as r")
    .leftJoin("page_revisions as source", "source.id", "r.restored_from")
    .leftJoin("pending_revisions as p", "p.revision_id", "r.id")
    .select([
      "r.id",
      "r.number",
      "r.action",
      "r.author_name",
      "r.author_staff_id",
      "r.created_at",
      "r.changed_fields",
      "source.number as restored_number",
      "p.revision_id as pending_id",
    ])
    .select(sql<unknown>`json_extract(r.snapshot, '$.status')`.as("status"))
    .select(sql<unknown>`json_extract(r.snapshot, '$.publishAt')`.as("publish_at"))
    .where("r.entity", "=", entity)
    .where("r.entity_id", "=", entityId)
    .orderBy("r.number", "desc")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    number: row.number,
    action: row.action,
    restoredFromNumber: row.restored_number,
    authorName: row.author_name,
    byStaff: row.author_staff_id !== null,
    createdAt: row.created_at,
    changedFields: JSON.parse(row.changed_fields) as string[],
    status: typeof row.status === "string" && STATUSES.includes(row.status) ? (row.status as PageStatus) : null,
    publishAt: typeof row.publish_at === "string" ? row.publish_at : null,
    pending: row.pending_id !== null,
  }));
}

export async function readRevision<S extends Snapshot>(db: Db, entity: RevisionEntity, entityId: number, number: number) {
  const row = await db
    .selectFrom("page_revisions")
    .select(["id", "number", "snapshot"])
    .where("entity", "=", entity)
    .where("entity_id", "=", entityId)
    .where("number", "=", number)
    .executeTakeFirst();
  return row ? { id: row.id, number: row.number, snapshot: JSON.parse(row.snapshot) as S } : null;
}

export interface FieldDiff {
  field: string;
  label: string;
  parts: DiffChunk[];
}

/** How a snapshot value reads in a diff: staff rows one per line, nothing for null. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value))
    return value.map((item) => (typeof item === "object" && item ? Object.values(item).join(" → ") : String(item))).join("\n");
  return String(value);
}

/** The fields of `labels` that differ between two snapshots. */
export function changedFields(labels: Record<string, string>, before: Snapshot | null, after: Snapshot): string[] {
  return Object.keys(labels).filter((field) =>
    before ? asText(before[field]) !== asText(after[field]) : after[field] !== null && after[field] !== undefined && asText(after[field]) !== "",
  );
}

/** What changed between two revisions, field by field; long texts compare by line, the rest by word. */
export async function diffRevisions(
  db: Kysely<DB>,
  entity: RevisionEntity,
  entityId: number,
  from: number,
  to: number,
  labels: Record<string, string>,
  byLine: ReadonlySet<string>,
): Promise<FieldDiff[] | null> {
  const [a, b] = await Promise.all([readRevision(db, entity, entityId, from), readRevision(db, entity, entityId, to)]);
  if (!a || !b) return null;
  const diffs: FieldDiff[] = [];
  for (const [field, label] of Object.entries(labels)) {
    const before = asText(a.snapshot[field]);
    const after = asText(b.snapshot[field]);
    if (before === after) continue;
    diffs.push({ field, label, parts: diffText(before, after, byLine.has(field) ? "line" : "word") });
  }
  return diffs;
}

export function pickFields(snapshot: Snapshot, fields: string[]): Snapshot {
  return Object.fromEntries(fields.map((field) => [field, snapshot[field]]));
}

/** The record number in an editor address (/admin/contenido/…/{id}); anything else is a Spanish 404. */
export function editorRecordId(raw: string | undefined): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw ?? "")) throw new Response("No encontramos esta página", { status: 404 });
  return Number(raw);
}
