import { sql, type Kysely, type Transaction } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { DB, PublishableEntity, RevisionEntity } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import {
  changedFields,
  diffRevisions,
  ensureInitialRevision,
  listRevisions,
  readRevision,
  writeRevision,
  type FieldDiff,
  type RevisionListItem,
  type Snapshot,
} from "./revisions.server";

/**
 * Restorable history of the records without publication states (issue 23, decision 0048):
 * banners, gallery images, menu links, library panels and collection introductions. One
 * definition per kind (its table, key, the columns a version keeps and their labels) drives the
 * version kept by each save, the list and comparison of the one history screen, and «Restaurar».
 * The versions live in page_revisions beside the pages' (keyed by entity and record number; a
 * text key gets its number from revision_keys, migration 0041).
 */
type Db = Kysely<DB> | Transaction<DB>;
export type HistoryEntity = Exclude<RevisionEntity, PublishableEntity>;
type HistoryTable = "banners" | "gallery_items" | "menu_links" | "library_panels" | "document_collections";

export interface HistoryRecordKind {
  entity: HistoryEntity;
  table: HistoryTable;
  /** The key column: `id` (a number) or a text key. */
  keyColumn: "id" | "key";
  /** The columns a version keeps (what «Restaurar» writes back), labelled for the history list and the diff. */
  labels: Record<string, string>;
  /** Columns a version keeps without a label (e.g. an image's size, restored with its file). */
  alsoKept?: readonly string[];
  /** Columns compared line by line (long texts); the rest by word. */
  byLine: readonly string[];
  /** The audit row's entity and the record's name in messages («el banner «…»»). */
  auditEntity: string;
  /** The record's name on the history screen and in messages. */
  title(row: Record<string, unknown>): string;
  /** Where its editor is (from the row). */
  editHref(row: Record<string, unknown>): string;
  /** Columns title and editHref read beside the kept ones. */
  extraColumns?: readonly string[];
  /** Stamp set on a restore (the tables that have one). */
  stampColumn?: "updated_at";
}

export type RecordKey = number | string;

function keptColumns(kind: HistoryRecordKind): string[] {
  return [...Object.keys(kind.labels), ...(kind.alsoKept ?? [])];
}

/** The record's number in page_revisions: its id, or (text keys) its number from revision_keys, made when `create`. */
async function entityIdOf(db: Db, kind: HistoryRecordKind, key: RecordKey, create: boolean): Promise<number | null> {
  if (typeof key === "number") return key;
  const entity = kind.entity as "library_panel" | "collection_intro";
  const found = await db.selectFrom("revision_keys").select("id").where("entity", "=", entity).where("key", "=", key).executeTakeFirst();
  if (found || !create) return found?.id ?? null;
  const made = await db.insertInto("revision_keys").values({ entity, key }).returning("id").executeTakeFirstOrThrow();
  return made.id;
}

async function readRow(db: Db, kind: HistoryRecordKind, key: RecordKey): Promise<Record<string, unknown> | null> {
  const columns = [...new Set([kind.keyColumn, ...keptColumns(kind), ...(kind.extraColumns ?? [])])];
  const { rows } = await sql<Record<string, unknown>>`
    SELECT ${sql.join(columns.map((column) => sql.ref(column)))} FROM ${sql.table(kind.table)}
    WHERE ${sql.ref(kind.keyColumn)} = ${key}`.execute(db);
  return rows[0] ?? null;
}

function snapshotOf(kind: HistoryRecordKind, row: Record<string, unknown>): Snapshot {
  return Object.fromEntries(keptColumns(kind).map((column) => [column, row[column] ?? null]));
}

/** The state a save is about to replace (call before writing), or null for an unknown record. */
export async function versionBefore(trx: Transaction<DB>, kind: HistoryRecordKind, key: RecordKey): Promise<Snapshot | null> {
  const row = await readRow(trx, kind, key);
  return row ? snapshotOf(kind, row) : null;
}

/**
 * Keeps the version a save made (call after writing, in the save's transaction): the state before
 * becomes version 1 («inicial») when the record has no history yet, then the new state is the
 * next version. `before` null: the record was just created.
 */
export async function keepVersion(
  trx: Transaction<DB>,
  kind: HistoryRecordKind,
  key: RecordKey,
  before: Snapshot | null,
  actor: StaffUser,
): Promise<void> {
  const row = await readRow(trx, kind, key);
  if (!row) return;
  const after = snapshotOf(kind, row);
  const entityId = (await entityIdOf(trx, kind, key, true))!;
  if (before) await ensureInitialRevision(trx, kind.entity, entityId, before);
  await writeRevision(trx, kind.entity, entityId, after, changedFields(kind.labels, before, after), before ? "editar" : "crear", actor);
}

export interface RecordHistory {
  title: string;
  editHref: string;
  revisions: RevisionListItem[];
}

/** The history screen's record and its versions, newest first; null for an unknown record. */
export async function recordHistory(db: Kysely<DB>, kind: HistoryRecordKind, key: RecordKey): Promise<RecordHistory | null> {
  const row = await readRow(db, kind, key);
  if (!row) return null;
  const entityId = await entityIdOf(db, kind, key, false);
  return {
    title: kind.title(row),
    editHref: kind.editHref(row),
    revisions: entityId === null ? [] : await listRevisions(db, kind.entity, entityId),
  };
}

export async function diffRecordVersions(
  db: Kysely<DB>,
  kind: HistoryRecordKind,
  key: RecordKey,
  from: number,
  to: number,
): Promise<FieldDiff[] | null> {
  const entityId = await entityIdOf(db, kind, key, false);
  if (entityId === null) return null;
  return diffRevisions(db, kind.entity, entityId, from, to, kind.labels, new Set(kind.byLine));
}

/**
 * «Restaurar»: writes an earlier version's columns back to the record, keeps the result as a new
 * version (action «restaurar», pointing at the one restored) and audits `{entity}.restore` with
 * the state before and after, in one transaction.
 */
export async function restoreRecordVersion(
  db: Kysely<DB>,
  kind: HistoryRecordKind,
  key: RecordKey,
  number: number,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<Outcome<{ message: string }>> {
  return db.transaction().execute(async (trx) => {
    const row = await readRow(trx, kind, key);
    if (!row) return notFound("No encontramos este registro.");
    const entityId = await entityIdOf(trx, kind, key, false);
    const version = entityId === null ? null : await readRevision(trx, kind.entity, entityId, number);
    if (entityId === null || !version) return refuse(400, { form: "No existe esa versión; elija una de la lista.", code: "sin_version" });
    const before = snapshotOf(kind, row);
    const values: Record<string, unknown> = Object.fromEntries(keptColumns(kind).map((column) => [column, version.snapshot[column] ?? null]));
    if (kind.stampColumn) values[kind.stampColumn] = now.toISOString();
    const assignments = Object.entries(values).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
    await sql`UPDATE ${sql.table(kind.table)} SET ${sql.join(assignments)} WHERE ${sql.ref(kind.keyColumn)} = ${key}`.execute(trx);
    const after = snapshotOf(kind, (await readRow(trx, kind, key))!);
    const revision = await writeRevision(
      trx,
      kind.entity,
      entityId,
      after,
      changedFields(kind.labels, before, after),
      "restaurar",
      actor,
      version.id,
    );
    await recordAudit(trx, {
      actor,
      action: `${kind.auditEntity}.restore`,
      entity: kind.auditEntity,
      entityId: key,
      before,
      after: { ...after, restoredFrom: number, revision },
      requestId,
    });
    return { ok: true as const, message: `Se restauró la versión ${number} de «${kind.title(row)}».` };
  });
}
