import { COLLECTION_INTRO_HISTORY } from "~/content/record-history-kinds.server";
import { keepVersion, versionBefore } from "~/content/record-history.server";
import type { Kysely, Transaction } from "kysely";
import type { CheckedFile } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { describeFile, namedFileUrl } from "~/files/file-types";
import { storeFile } from "~/files/files.server";
import { notFound, refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { checkFormerAddress, setFormerAddress } from "~/files/legacy-addresses.server";
import { addressOf } from "~/mounted-addresses";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";

/**
 * The document collections editor (issue 12, decision 0024): add a year or group, upload,
 * rename, reorder, replace a document's file and remove a document. Every change is one
 * transaction with its audit row; the public pages follow through the content_version triggers
 * (anonymous page cache) and the search index through the triggers of migrations 0015 and 0022.
 *
 * A stored file's name is made from the document's title and the type read from its content:
 * the name a user's computer gave the file is never stored, shown nor used in a path.
 */

type Db = Kysely<DB> | Transaction<DB>;

const COLLECTION_MODULE = "documents/collection.route.tsx";

/** Where each collection is shown to the public (for the editor's "Ver la página pública" link). */
export const COLLECTION_PUBLIC_PATHS: Record<string, string> = {
  "financial-accounting": "/transparencia/informacion-financiera#financial-accounting",
  "financial-budget": "/transparencia/informacion-financiera#financial-budget",
  "financial-programmatic": "/transparencia/informacion-financiera#financial-programmatic",
  "financial-lgcg-title-v": "/transparencia/informacion-financiera#financial-lgcg-title-v",
  "financial-inventory": "/transparencia/informacion-financiera#financial-inventory",
  procurement: addressOf(COLLECTION_MODULE, "procurement")!,
  yearbooks: addressOf(COLLECTION_MODULE, "yearbooks")!,
  archives: addressOf(COLLECTION_MODULE, "archives")!,
  "research-calls": "/direccion/investigacion",
  "general-direction": "/general",
  "transparency-portal": "/transparencia",
};

// ---------------------------------------------------------------- reading

export interface CollectionListItem {
  key: string;
  title: string;
  publicPath: string | null;
  groups: number;
  documents: number;
}

export async function listCollectionsForEditor(db: Kysely<DB>): Promise<CollectionListItem[]> {
  const rows = await db
    .selectFrom("document_collections as c")
    .select((eb) => [
      "c.key",
      "c.title",
      eb.selectFrom("document_groups as g").whereRef("g.collection_key", "=", "c.key").select(eb.fn.countAll<number>().as("n")).as("groups"),
      eb
        .selectFrom("document_items as i")
        .innerJoin("document_groups as g", "g.id", "i.group_id")
        .whereRef("g.collection_key", "=", "c.key")
        .where("i.removed_at", "is", null)
        .select(eb.fn.countAll<number>().as("n"))
        .as("documents"),
    ])
    .orderBy("c.position")
    .orderBy("c.key")
    .execute();
  return rows.map((row) => ({
    key: row.key,
    title: row.title,
    publicPath: COLLECTION_PUBLIC_PATHS[row.key] ?? null,
    groups: Number(row.groups ?? 0),
    documents: Number(row.documents ?? 0),
  }));
}

export interface EditorDocument {
  id: number;
  title: string;
  /** The public address (a stored file's named URL, or the external address). */
  href: string;
  details: string;
  isFile: boolean;
  removedAt: string | null;
}

export interface EditorGroup {
  id: number;
  title: string;
  documents: EditorDocument[];
}

export interface EditorCollection {
  key: string;
  title: string;
  /** The Markdown introduction of its page, or null when no page shows one. */
  intro: string | null;
  publicPath: string | null;
  groups: EditorGroup[];
}

const ITEM_COLUMNS = [
  "i.id",
  "i.group_id",
  "i.title",
  "i.file_id",
  "i.external_url",
  "i.removed_at",
  "f.file_name",
  "f.content_type",
  "f.byte_size",
] as const;

function toEditorDocument(row: {
  id: number;
  title: string;
  file_id: string | null;
  external_url: string | null;
  removed_at: string | null;
  file_name: string | null;
  content_type: string | null;
  byte_size: number | null;
}): EditorDocument {
  const isFile = Boolean(row.file_id && row.file_name && row.content_type && row.byte_size !== null);
  return {
    id: row.id,
    title: row.title,
    href: isFile ? namedFileUrl(row.file_id!, row.file_name!) : (row.external_url ?? ""),
    details: isFile ? describeFile({ file_name: row.file_name!, content_type: row.content_type!, byte_size: row.byte_size! }) : "Enlace externo",
    isFile,
    removedAt: row.removed_at,
  };
}

/** A collection with every group and document in page order, removed documents included (marked). */
export async function getCollectionForEditor(db: Kysely<DB>, key: string): Promise<EditorCollection | null> {
  const collection = await db.selectFrom("document_collections").select(["key", "title", "intro"]).where("key", "=", key).executeTakeFirst();
  if (!collection) return null;
  const groups = await db
    .selectFrom("document_groups")
    .select(["id", "title"])
    .where("collection_key", "=", key)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const items = groups.length
    ? await db
        .selectFrom("document_items as i")
        .leftJoin("stored_files as f", "f.id", "i.file_id")
        .select(ITEM_COLUMNS)
        .where(
          "i.group_id",
          "in",
          groups.map((g) => g.id),
        )
        .orderBy("i.position")
        .orderBy("i.id")
        .execute()
    : [];
  return {
    key: collection.key,
    title: collection.title,
    intro: collection.intro,
    publicPath: COLLECTION_PUBLIC_PATHS[collection.key] ?? null,
    groups: groups.map((group) => ({
      id: group.id,
      title: group.title,
      documents: items.filter((item) => item.group_id === group.id).map(toEditorDocument),
    })),
  };
}

export interface DocumentForEditor extends EditorDocument {
  collectionKey: string;
  collectionTitle: string;
  groupTitle: string;
  /** Earlier files of this document, newest first; their URLs answer with the current file. */
  previousFiles: { url: string; details: string; replacedAt: string }[];
}

export async function getDocumentForEditor(db: Kysely<DB>, collectionKey: string, itemId: number): Promise<DocumentForEditor | null> {
  const row = await db
    .selectFrom("document_items as i")
    .innerJoin("document_groups as g", "g.id", "i.group_id")
    .innerJoin("document_collections as c", "c.key", "g.collection_key")
    .leftJoin("stored_files as f", "f.id", "i.file_id")
    .select([...ITEM_COLUMNS, "g.title as group_title", "c.key as collection_key", "c.title as collection_title"])
    .where("i.id", "=", itemId)
    .where("c.key", "=", collectionKey)
    .executeTakeFirst();
  if (!row) return null;
  const history = await db
    .selectFrom("document_file_history as h")
    .innerJoin("stored_files as f", "f.id", "h.file_id")
    .select(["h.file_id", "h.replaced_at", "f.file_name", "f.content_type", "f.byte_size"])
    .where("h.item_id", "=", itemId)
    .orderBy("h.replaced_at", "desc")
    .execute();
  return {
    ...toEditorDocument(row),
    collectionKey: row.collection_key,
    collectionTitle: row.collection_title,
    groupTitle: row.group_title,
    previousFiles: history.map((h) => ({ url: namedFileUrl(h.file_id, h.file_name), details: describeFile(h), replacedAt: h.replaced_at })),
  };
}

// ---------------------------------------------------------------- writing

/** What every editor step answers: the one Outcome (a toast message on success; itemId after an upload). */
export type EditorOutcome = Outcome<{ message: string; itemId?: number }>;

const missing = (what: string): Refusal => notFound(`No encontramos ${what}. Quizá otra persona lo cambió; recargue la página.`);

const fieldRefusal = (field: string, message: string): Refusal => refuse(400, { fields: { [field]: message } });

/** A readable file name from a document's title and the extension of its real type. */
export function fileNameForTitle(title: string, extension: string): string {
  const base = title
    // Separators and the characters file systems refuse never reach the name.
    .replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[. ]+|[. ]+$/g, "")
    .slice(0, 120)
    .trim();
  return `${base || "documento"}.${extension}`;
}

/** Who makes a change (for its audit row). */
interface Author {
  actor: StaffUser;
  requestId: string | null;
}

async function audit(
  trx: Transaction<DB>,
  author: Author,
  action: string,
  entity: "document_group" | "document_item" | "document_collection",
  entityId: number | string,
  change: { before?: Record<string, unknown>; after: Record<string, unknown> },
) {
  await recordAudit(trx, { actor: author.actor, action, entity, entityId, ...change, requestId: author.requestId });
}

async function groupOf(db: Db, collectionKey: string, groupId: number) {
  return db
    .selectFrom("document_groups")
    .select(["id", "title", "collection_key"])
    .where("id", "=", groupId)
    .where("collection_key", "=", collectionKey)
    .executeTakeFirst();
}

async function itemOf(db: Db, collectionKey: string, itemId: number) {
  return db
    .selectFrom("document_items as i")
    .innerJoin("document_groups as g", "g.id", "i.group_id")
    .select(["i.id", "i.group_id", "i.title", "i.file_id", "i.external_url", "i.removed_at", "g.title as group_title"])
    .where("i.id", "=", itemId)
    .where("g.collection_key", "=", collectionKey)
    .executeTakeFirst();
}

type GroupRow = NonNullable<Awaited<ReturnType<typeof groupOf>>>;
type ItemRow = NonNullable<Awaited<ReturnType<typeof itemOf>>>;

/** One change to a row read inside its transaction; a 404 outcome (naming `what`) when the row is not there. */
function changeRow<Row>(db: Kysely<DB>, read: (trx: Transaction<DB>) => Promise<Row | undefined>, what: string, change: RowChange<Row>) {
  return db.transaction().execute(async (trx) => {
    const row = await read(trx);
    return row ? change(trx, row) : notFound(what);
  });
}

type RowChange<Row> = (trx: Transaction<DB>, row: Row) => Promise<EditorOutcome>;

const changeGroup = (db: Kysely<DB>, collectionKey: string, groupId: number, change: RowChange<GroupRow>) =>
  changeRow(db, (trx) => groupOf(trx, collectionKey, groupId), "ese grupo", change);

const changeDocument = (db: Kysely<DB>, collectionKey: string, itemId: number, change: RowChange<ItemRow>) =>
  changeRow(db, (trx) => itemOf(trx, collectionKey, itemId), "ese documento", change);

/** The refusal when another group of the collection already has this title, or null. */
async function groupTitleClash(trx: Transaction<DB>, collectionKey: string, title: string, exceptId: number | null): Promise<EditorOutcome | null> {
  let query = trx.selectFrom("document_groups").select("id").where("collection_key", "=", collectionKey).where("title", "=", title);
  if (exceptId !== null) query = query.where("id", "<>", exceptId);
  return (await query.executeTakeFirst()) ? fieldRefusal("title", `Ya existe el grupo «${title}» en esta colección.`) : null;
}

/** Adds a year or a labelled group at the start or the end of a collection. */
export async function addDocumentGroup(
  db: Kysely<DB>,
  collectionKey: string,
  input: { title: string; place: "inicio" | "final" },
  actor: StaffUser,
  requestId: string | null,
): Promise<EditorOutcome> {
  return db.transaction().execute(async (trx) => {
    const collection = await trx.selectFrom("document_collections").select("key").where("key", "=", collectionKey).executeTakeFirst();
    if (!collection) return missing("esta colección");
    const clash = await groupTitleClash(trx, collectionKey, input.title, null);
    if (clash) return clash;
    const bounds = await trx
      .selectFrom("document_groups")
      .select((eb) => [eb.fn.min("position").as("first"), eb.fn.max("position").as("last")])
      .where("collection_key", "=", collectionKey)
      .executeTakeFirst();
    const position = input.place === "inicio" ? (bounds?.first ?? 0) - 1 : (bounds?.last ?? -1) + 1;
    const { id } = await trx
      .insertInto("document_groups")
      .values({ collection_key: collectionKey, title: input.title, position })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, { actor, requestId }, "document_group.create", "document_group", id, {
      after: { collection: collectionKey, title: input.title, place: input.place },
    });
    return { ok: true, message: `Se agregó el grupo «${input.title}».` };
  });
}

export async function renameDocumentGroup(
  db: Kysely<DB>,
  collectionKey: string,
  input: { groupId: number; title: string },
  actor: StaffUser,
  requestId: string | null,
): Promise<EditorOutcome> {
  return changeGroup(db, collectionKey, input.groupId, async (trx, group) => {
    if (group.title === input.title) return { ok: true, message: "No había cambios que guardar." };
    const clash = await groupTitleClash(trx, collectionKey, input.title, group.id);
    if (clash) return clash;
    await trx.updateTable("document_groups").set({ title: input.title }).where("id", "=", group.id).execute();
    await audit(trx, { actor, requestId }, "document_group.rename", "document_group", group.id, {
      before: { title: group.title },
      after: { title: input.title },
    });
    return { ok: true, message: `El grupo «${group.title}» ahora se llama «${input.title}».` };
  });
}

/**
 * Deletes a year or group that has no documents. A group with documents, even removed ones, is
 * refused: removing keeps a document in the history, and deleting its group would erase it.
 */
export async function deleteDocumentGroup(
  db: Kysely<DB>,
  collectionKey: string,
  input: { groupId: number },
  actor: StaffUser,
  requestId: string | null,
): Promise<EditorOutcome> {
  return changeGroup(db, collectionKey, input.groupId, async (trx, group) => {
    const counts = await trx
      .selectFrom("document_items")
      .select((eb) => [eb.fn.countAll<number>().as("all"), eb.fn.count<number>("removed_at").as("removed")])
      .where("group_id", "=", group.id)
      .executeTakeFirstOrThrow();
    const total = Number(counts.all);
    if (total > 0) {
      const removed = Number(counts.removed);
      const published = total - removed;
      const what = [
        published > 0 ? `${published} ${published === 1 ? "documento publicado" : "documentos publicados"}` : null,
        removed > 0
          ? `${removed} ${removed === 1 ? "documento retirado que se conserva" : "documentos retirados que se conservan"} en el historial`
          : null,
      ]
        .filter(Boolean)
        .join(" y ");
      return refuse(
        409,
        `No se puede eliminar «${group.title}»: tiene ${what}. Sólo se eliminan los años o grupos vacíos; mueva o deje los documentos y, si el grupo sobra, cámbiele el nombre.`,
      );
    }
    await trx.deleteFrom("document_groups").where("id", "=", group.id).execute();
    await audit(trx, { actor, requestId }, "document_group.delete", "document_group", group.id, {
      before: { collection: collectionKey, title: group.title },
      after: { deleted: true },
    });
    return { ok: true, message: `Se eliminó el grupo vacío «${group.title}».` };
  });
}

/** Saves the Markdown introduction of a collection that has a page showing one (intro not NULL). */
export async function updateCollectionIntro(
  db: Kysely<DB>,
  collectionKey: string,
  input: { intro: string },
  actor: StaffUser,
  requestId: string | null,
): Promise<EditorOutcome> {
  return db.transaction().execute(async (trx) => {
    const collection = await trx.selectFrom("document_collections").select(["key", "intro"]).where("key", "=", collectionKey).executeTakeFirst();
    if (!collection) return missing("esta colección");
    if (collection.intro === null) return fieldRefusal("intro", "Esta colección no tiene una página con introducción; no hay texto que editar aquí.");
    if (collection.intro === input.intro) return { ok: true, message: "No había cambios que guardar." };
    const version = await versionBefore(trx, COLLECTION_INTRO_HISTORY, collectionKey);
    await trx.updateTable("document_collections").set({ intro: input.intro }).where("key", "=", collectionKey).execute();
    await keepVersion(trx, COLLECTION_INTRO_HISTORY, collectionKey, version, actor);
    await audit(trx, { actor, requestId }, "document_collection.intro", "document_collection", collectionKey, {
      before: { intro: collection.intro },
      after: { intro: input.intro },
    });
    return { ok: true, message: "Se guardó la introducción de la colección." };
  });
}

/** Swaps a row with its neighbour and renumbers the list 0…n-1 (positions may have had gaps or ties). */
async function moveInList(
  trx: Transaction<DB>,
  table: "document_groups" | "document_items",
  ids: number[],
  id: number,
  direction: "subir" | "bajar",
): Promise<boolean> {
  const index = ids.indexOf(id);
  const target = direction === "subir" ? index - 1 : index + 1;
  if (index < 0 || target < 0 || target >= ids.length) return false;
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  for (const [position, rowId] of ids.entries()) await trx.updateTable(table).set({ position }).where("id", "=", rowId).execute();
  return true;
}

/** Moves a row of `ids` (the list in page order) one place and writes the audit row; nothing to do at the edge. */
async function moveAndAudit(
  trx: Transaction<DB>,
  author: Author,
  row: { table: "document_groups" | "document_items"; entity: "document_group" | "document_item"; id: number; ids: number[] },
  direction: "subir" | "bajar",
  messages: { moved: string; atEdge: string },
): Promise<EditorOutcome> {
  if (!(await moveInList(trx, row.table, row.ids, row.id, direction))) return { ok: true, message: messages.atEdge };
  const action = row.entity === "document_group" ? "document_group.move" : "document.move";
  await audit(trx, author, action, row.entity, row.id, { after: { direction, position: row.ids.indexOf(row.id) } });
  return { ok: true, message: messages.moved };
}

const edge = (direction: "subir" | "bajar") => (direction === "subir" ? "al principio" : "al final");

type MoveRow = (
  db: Kysely<DB>,
  collectionKey: string,
  input: { id: number; direction: "subir" | "bajar" },
  actor: StaffUser,
  requestId: string | null,
) => Promise<EditorOutcome>;

/** Moves a year or group one place up or down in its collection. */
export const moveDocumentGroup: MoveRow = (db, collectionKey, input, actor, requestId) =>
  changeGroup(db, collectionKey, input.id, async (trx, group) => {
    const query = trx.selectFrom("document_groups").select("id").where("collection_key", "=", collectionKey);
    const ids = (await query.orderBy("position").orderBy("id").execute()).map((row) => row.id);
    return moveAndAudit(trx, { actor, requestId }, { table: "document_groups", entity: "document_group", id: group.id, ids }, input.direction, {
      moved: `Se movió el grupo «${group.title}».`,
      atEdge: `«${group.title}» ya está ${edge(input.direction)}.`,
    });
  });

/** Moves a document one place up or down in its group. */
export const moveDocument: MoveRow = (db, collectionKey, input, actor, requestId) =>
  changeDocument(db, collectionKey, input.id, async (trx, item) => {
    const query = trx.selectFrom("document_items").select("id").where("group_id", "=", item.group_id);
    const ids = (await query.orderBy("position").orderBy("id").execute()).map((row) => row.id);
    return moveAndAudit(trx, { actor, requestId }, { table: "document_items", entity: "document_item", id: item.id, ids }, input.direction, {
      moved: `Se movió «${item.title}».`,
      atEdge: `«${item.title}» ya está ${edge(input.direction)} de ${item.group_title}.`,
    });
  });

/** Stores a checked file as a new public document at the end of its group. */
export async function uploadDocument(
  db: Kysely<DB>,
  collectionKey: string,
  input: { groupId: number; title: string; file: CheckedFile },
  actor: StaffUser,
  requestId: string | null,
): Promise<EditorOutcome & { itemId?: number }> {
  return db.transaction().execute(async (trx) => {
    const group = await groupOf(trx, collectionKey, input.groupId);
    if (!group) return fieldRefusal("groupId", "Elija uno de los años o grupos de esta colección.");
    const extension = extensionOf(input.file.contentType);
    const fileId = await storeFile(
      trx,
      { fileName: fileNameForTitle(input.title, extension), contentType: input.file.contentType, data: input.file.data },
      "public",
    );
    const last = await trx
      .selectFrom("document_items")
      .select((eb) => eb.fn.max("position").as("last"))
      .where("group_id", "=", group.id)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto("document_items")
      .values({ group_id: group.id, title: input.title, file_id: fileId, position: (last?.last ?? -1) + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, { actor, requestId }, "document.upload", "document_item", id, {
      after: {
        collection: collectionKey,
        group: group.title,
        title: input.title,
        fileId,
        contentType: input.file.contentType,
        bytes: input.file.data.byteLength,
      },
    });
    return { ok: true, itemId: id, message: `Se publicó «${input.title}» en ${group.title}.` };
  });
}

const EXTENSIONS: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.ms-excel": "xls",
};

function extensionOf(contentType: string): string {
  const extension = EXTENSIONS[contentType];
  if (!extension) throw new Error(`not a document type: ${contentType}`);
  return extension;
}

/** Renames a document; a stored file's name follows the new title (its id, hence its URL's key, stays). */
export async function renameDocument(
  db: Kysely<DB>,
  collectionKey: string,
  itemId: number,
  input: { title: string },
  actor: StaffUser,
  requestId: string | null,
): Promise<EditorOutcome> {
  return changeDocument(db, collectionKey, itemId, async (trx, item) => {
    if (item.title === input.title) return { ok: true, message: "No había cambios que guardar." };
    await trx.updateTable("document_items").set({ title: input.title }).where("id", "=", item.id).execute();
    if (item.file_id) {
      const file = await trx.selectFrom("stored_files").select("content_type").where("id", "=", item.file_id).executeTakeFirstOrThrow();
      const extension = EXTENSIONS[file.content_type];
      if (extension)
        await trx
          .updateTable("stored_files")
          .set({ file_name: fileNameForTitle(input.title, extension) })
          .where("id", "=", item.file_id)
          .execute();
    }
    await audit(trx, { actor, requestId }, "document.rename", "document_item", item.id, {
      before: { title: item.title },
      after: { title: input.title },
    });
    return { ok: true, message: `El documento ahora se llama «${input.title}».` };
  });
}

/**
 * Replaces a document's file. The new file gets a new id (public files are cached as immutable by
 * id), the document points to it, and the old id is written to document_file_history so its old
 * URL answers with the document's current file (resolveDocumentFile).
 */
export async function replaceDocumentFile(
  db: Kysely<DB>,
  collectionKey: string,
  itemId: number,
  input: { file: CheckedFile; formerAddress?: string },
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<EditorOutcome> {
  return changeDocument(db, collectionKey, itemId, async (trx, item) => {
    if (!item.file_id) return fieldRefusal("file", "Este documento es un enlace externo; no tiene un archivo que reemplazar.");
    // "Dirección anterior": the address the file had on the former site, so its old links follow.
    const history = await trx.selectFrom("document_file_history").select("file_id").where("item_id", "=", item.id).execute();
    const former = await checkFormerAddress(trx, input.formerAddress, { ownFileIds: [item.file_id, ...history.map((h) => h.file_id)] });
    if (!former.ok) return refuse(former.status, { fields: former.problem.fields });
    const fileId = await storeFile(
      trx,
      { fileName: fileNameForTitle(item.title, extensionOf(input.file.contentType)), contentType: input.file.contentType, data: input.file.data },
      "public",
    );
    await trx
      .insertInto("document_file_history")
      .values({ file_id: item.file_id, item_id: item.id, replaced_by: fileId, replaced_at: now.toISOString(), replaced_by_staff_id: actor.id })
      .execute();
    await trx.updateTable("document_items").set({ file_id: fileId }).where("id", "=", item.id).execute();
    if (former.path) await setFormerAddress(trx, former.path, fileId);
    await audit(trx, { actor, requestId }, "document.replace_file", "document_item", item.id, {
      before: { fileId: item.file_id },
      after: {
        fileId,
        contentType: input.file.contentType,
        bytes: input.file.data.byteLength,
        ...(former.path ? { formerAddress: former.path } : {}),
      },
    });
    const follows = former.path ? ` La dirección anterior ${former.path} también lleva a él.` : "";
    return { ok: true, message: `Se reemplazó el archivo de «${item.title}». Los enlaces anteriores ya entregan el archivo nuevo.${follows}` };
  });
}

/** Takes a document off the public pages (and its file URLs), or puts it back. Nothing is deleted. */
export async function setDocumentRemoved(
  db: Kysely<DB>,
  collectionKey: string,
  itemId: number,
  removed: boolean,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<EditorOutcome> {
  return changeDocument(db, collectionKey, itemId, async (trx, item) => {
    if (Boolean(item.removed_at) === removed)
      return { ok: true, message: removed ? "El documento ya estaba retirado." : "El documento ya estaba publicado." };
    const removedAt = removed ? now.toISOString() : null;
    await trx.updateTable("document_items").set({ removed_at: removedAt }).where("id", "=", item.id).execute();
    await audit(trx, { actor, requestId }, removed ? "document.remove" : "document.restore", "document_item", item.id, {
      before: { removedAt: item.removed_at },
      after: { removedAt, title: item.title, group: item.group_title },
    });
    return {
      ok: true,
      message: removed ? `Se retiró «${item.title}»: ya no aparece en el sitio; queda en el historial.` : `«${item.title}» vuelve a estar publicado.`,
    };
  });
}

// ---------------------------------------------------------------- serving

/**
 * What /archivos/:id answers for a file that is (or was) a document's file:
 * - `serve`: the document's current file (for an old id, the file that replaced it);
 * - `gone`: the document was removed;
 * - null: not a document file (banners, gallery images…): served as usual.
 */
export async function resolveDocumentFile(db: Kysely<DB>, fileId: string): Promise<{ serve: string } | "gone" | null> {
  const current = await db.selectFrom("document_items").select(["file_id", "removed_at"]).where("file_id", "=", fileId).execute();
  if (current.length > 0) return current.some((item) => item.removed_at === null) ? { serve: fileId } : "gone";
  const replaced = await db
    .selectFrom("document_file_history as h")
    .innerJoin("document_items as i", "i.id", "h.item_id")
    .select(["i.file_id", "i.removed_at"])
    .where("h.file_id", "=", fileId)
    .executeTakeFirst();
  if (!replaced) return null;
  if (replaced.removed_at !== null || !replaced.file_id) return "gone";
  return { serve: replaced.file_id };
}
