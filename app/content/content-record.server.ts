import type { Kysely, Transaction } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { z } from "zod";
import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { searchWords } from "~/utils/text-search.server";
import { storeFile } from "~/files/files.server";
import { adminFormMaxBytes } from "~/staff/teaching/admin-uploads.server";
import type { StaffUser } from "~/staff/staff";
import {
  discardPending,
  liveAndLatest,
  pendingSavedMessage,
  pendingSummaries,
  publicationColumns,
  publicationOf,
  restoreVersion,
  saveState,
  unpublishRecord,
  type PendingRevision,
  type PublishableKind,
  type PublishableRow,
  type RecordPublication,
  type RestoreMode,
  type SaveResult,
} from "./publication.server";
import {
  existingFileId,
  nextPublication,
  PAGE_IMAGE_RULE,
  revisionReaders,
  savedMessage,
  scheduledPublisher,
  unlessNoChange,
  writeCreatedRecord,
  type EditorPreview,
} from "./record-editor.server";
import type { Snapshot } from "./revisions.server";

/**
 * One definition per kind of content record (department pages, research units, profile records;
 * decisions 0026 and 0033): its table and columns, its fields' schema and labels, its images and
 * the description each needs, how messages name it. `contentRecord(definition)` turns it into the
 * editor's whole domain side: the form step, the editor's view, the writer (one transaction: the
 * images, the row or the pending revision, a revision, an audit row), creation as a draft,
 * scheduled publishing, and the history with restore. The information pages (page-editor.server.ts)
 * share the same publication pieces (publication.server.ts, scheduled-publication.server.ts).
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The edit form's values every kind has: the publication choice and one "Quitar" flag per image. */
type EditInput = { status: RecordPublication["status"]; publishAt?: string } & Record<string, unknown>;

/** A record as its editor opens it: the latest state (a pending revision, or the row), the live state beside it. */
export type RecordForEditor<S, Extra = object> = S &
  Extra & { id: number; live: RecordPublication; pending: PendingRevision | null; updatedAt: string };

export type RecordIssues = Partial<Record<string, string[]>>;
/** A record save: its toast, or a refusal (400 with the fields to fix; 404 for a record that is gone). */
export type RecordSaveOutcome = Outcome<{ message: string }>;

/** The snapshot fields that describe an image (none of the publication fields or the images). */
type AltsOf<S, Image extends string> =
  Exclude<keyof S & string, Image | "status" | "publishAt"> extends infer K ? (K extends `${string}_alt` ? K : never) : never;

export interface ContentRecordDefinition<
  Row extends PublishableRow & { updated_at: string },
  S extends RecordPublication,
  Image extends string,
  Edit extends z.ZodType,
  Create extends z.ZodType = Edit,
  Extra extends object = object,
  Audit extends string = string,
> extends Omit<PublishableKind<Row, S>, "write" | "audit"> {
  /** The audit actions' prefix (a literal, so the audit registry's reader finds it). */
  audit: Audit;
  /** The row's columns for a state (texts, images and publicationColumns). */
  columns: (snapshot: S) => Record<string, unknown>;
  /** The edit form's schema, and the "new record" form's (no publication field), if new records can be made. */
  editSchema: Edit;
  createSchema?: Create;
  /** What «Vista previa» shows of the form as typed. */
  preview: (fields: FormData) => EditorPreview;
  /** The images (each a page image, removed with `quitar_{field}`) and the description each needs where one is shown. */
  images: readonly Image[];
  alts: Partial<Record<Image, string>>;
  /** What else the images ask of the form (the profile's narrow banner needs the banner). */
  imageRules?: (keeps: (field: Image) => boolean) => RecordIssues;
  /** A state's texts as typed (the images and their descriptions are added: a description only beside its image). */
  texts: (input: z.output<Create>) => Omit<S, "status" | "publishAt" | Image | AltsOf<S, Image>>;
  /** The fields whose history compares line by line (long texts, lists). */
  byLine: readonly string[];
  /** What the editor shows beside the state (its public address, the pages that show it…). */
  extra: (db: Db, row: Row) => Extra | Promise<Extra>;
  /** The message of a saved edit; by default the information pages' words with `name(row)`. */
  savedMessage?: (row: Row, next: S, went: SaveResult["went"]) => string;
  /** What a restored version must not bring back as it was (a kind unknown today, an unsafe link). */
  restoreChecks?: (old: Partial<S> & Snapshot, current: S) => Partial<S>;
  restoreNotFound: string;
  /**
   * Where its editor lives (`{base}/{id}`, its history and publication addresses under it) and how
   * the history screen names a record: gives the record its `history` (page-history.server.ts).
   */
  editor?: { base: string; title: (record: S & Extra) => string; path: (record: S & Extra) => string };
  /** Creating: the columns besides the state, the largest id, the message. */
  create?: {
    values: (id: number) => Record<string, unknown>;
    maxId?: { value: number; message: string };
    message: (id: number, snapshot: S) => string;
  };
}

export function contentRecord<
  Row extends PublishableRow & { updated_at: string },
  S extends RecordPublication,
  Image extends string,
  Edit extends z.ZodType,
  Create extends z.ZodType = Edit,
  Extra extends object = object,
  const Audit extends string = string,
>(def: ContentRecordDefinition<Row, S, Image, Edit, Create, Extra, Audit>) {
  // One table type for all: they share the columns written here (as scheduled-publication.server.ts).
  const table = def.table as "research_units";
  const kind: PublishableKind<Row, S> & { audit: Audit } = {
    ...def,
    write: (trx, id, next, now) =>
      trx
        .updateTable(table)
        .set({ ...def.columns(next), updated_at: now.toISOString() } as never)
        .where("id", "=", id)
        .execute(),
  };
  const rules = Object.fromEntries(def.images.map((field) => [field, PAGE_IMAGE_RULE])) as Record<Image, FileRule>;
  const noImages = Object.fromEntries(def.images.map((field) => [field, null])) as Record<Image, string | null>;
  type Uploads = Partial<Record<Image, CheckedFile>>;
  type Input = z.output<Create> | z.output<Edit>;
  const removing = (input: Input, field: Image) => (input as Record<string, unknown>)[`quitar_${field}`] === true;

  /** A shown image needs its description (checked before anything is stored). */
  function imageIssues(input: Input, uploads: Uploads, current: Record<Image, string | null>): RecordIssues {
    const keeps = (field: Image) => uploads[field] !== undefined || (current[field] !== null && !removing(input, field));
    const issues: RecordIssues = {};
    for (const field of def.images) {
      const alt = def.alts[field];
      if (alt && keeps(field) && !(input as Record<string, unknown>)[alt])
        issues[alt] = [`Describa la imagen en «${(def.labels as Record<string, string>)[alt]}» (lo que leen los lectores de pantalla).`];
    }
    return { ...issues, ...def.imageRules?.(keeps) };
  }

  /** The images of the next state: an upload stored now, a removed one gone, else the current one. */
  async function storeImages(trx: Transaction<DB>, input: Input, uploads: Uploads, current: Record<Image, string | null>) {
    const images = {} as Record<Image, string | null>;
    for (const field of def.images) {
      const upload = uploads[field];
      images[field] = upload ? await storeFile(trx, upload, "public") : removing(input, field) ? null : current[field];
    }
    return images;
  }

  /** A state's texts and images; a description kept only beside its image. */
  function stateOf(input: Input, images: Record<Image, string | null>) {
    const texts: Record<string, unknown> = { ...def.texts(input as z.output<Create>), ...images };
    for (const field of def.images) {
      const alt = def.alts[field];
      if (alt) texts[alt] = images[field] ? (((input as Record<string, unknown>)[alt] as string | undefined) ?? "") : "";
    }
    return texts;
  }

  const message =
    def.savedMessage ??
    ((row: Row, next: S, went: SaveResult["went"]) =>
      went === "pending" ? pendingSavedMessage(def.name(row), next) : savedMessage(def.name(row), next.status));

  const history = revisionReaders(def.entity, def.labels as Record<string, string>, def.byLine);

  /** A list's rows, each with its publication state, its changes saved aside (decision 0033) and when it changed. */
  async function listed<R extends PublishableRow & { updated_at: string }, T extends object>(db: Kysely<DB>, rows: R[], item: (row: R) => T) {
    const pending = await pendingSummaries(db, def.entity);
    return rows.map((row) => ({ ...item(row), ...publicationOf(row), pending: pending.get(row.id) ?? null, updatedAt: row.updated_at }));
  }

  const record = {
    kind,
    /** The editor's largest body (its images and texts): the routes' `maxBodyBytes`. */
    formMaxBytes: adminFormMaxBytes(rules),

    /** The form's parts the editor routes read (record-editor-routes.server.ts): file rules, schemas, preview. */
    imageRules: rules,
    images: def.images,
    editSchema: def.editSchema,
    createSchema: (def.createSchema ?? def.editSchema) as Create,
    preview: def.preview,
    /** Where its editor lives (the routes' base address), if it has one. */
    editor: def.editor,

    /** The record as the editor opens it: its latest state (a pending revision, or the row), with the live state beside it. */
    async forEditor(
      db: Kysely<DB>,
      id: number,
    ): Promise<(S & Extra & { id: number; live: RecordPublication; pending: PendingRevision | null; updatedAt: string }) | null> {
      const row = await def.read(db, id);
      if (!row) return null;
      const { live, latest, pending } = await liveAndLatest(db, kind, row);
      return {
        ...latest,
        id: row.id,
        ...(await def.extra(db, row)),
        live: { status: live.status, publishAt: live.publishAt },
        pending,
        updatedAt: row.updated_at,
      };
    },

    listed,

    /**
     * The editor's list screen: `rows` read with the words of `?q=` (at most eight, lowercase), each
     * row with its publication state, its pending changes and when it changed (see `listed`).
     */
    lister<R extends PublishableRow & { updated_at: string }, T extends object>(
      rows: (db: Kysely<DB>, words: string[]) => Promise<R[]>,
      item: (row: R) => T,
    ) {
      return async (db: Kysely<DB>, query = "") => listed(db, await rows(db, searchWords(query)), item);
    },

    listRevisions: history.list,
    diffRevisions: history.diff,

    /** Saves an edit: texts, images and the publication choice, as the row or as a pending revision. */
    update(db: Kysely<DB>, id: number, input: z.output<Edit> & EditInput, uploads: Uploads, actor: StaffUser, requestId: string | null, now: Date) {
      return unlessNoChange(
        db.transaction().execute(async (trx): Promise<RecordSaveOutcome> => {
          const row = await def.read(trx, id);
          if (!row) return notFound();
          // The editor showed the latest state: a pending revision's images and schedule, or the row's.
          const { latest: current } = await liveAndLatest(trx, kind, row);
          const currentImages = current as unknown as Record<Image, string | null>;
          const issues = imageIssues(input, uploads, currentImages);
          const when = nextPublication(input, current, now);
          if (!when.ok) Object.assign(issues, when.problem.fields);
          if (Object.keys(issues).length > 0 || !when.ok) return refuse(400, { fields: issues });
          const images = await storeImages(trx, input, uploads, currentImages);
          const next = { ...stateOf(input, images), ...when.state } as S;
          const result = await saveState(trx, kind, row, next, { action: "editar", actor, requestId, now });
          return { ok: true, message: message(row, next, result.went) };
        }),
      );
    },

    /** Creates a record at the next free id, as a draft: its first revision ("crear") and an audit row, with its images. */
    async create(
      db: Kysely<DB>,
      input: z.output<Create>,
      uploads: Uploads,
      actor: StaffUser,
      requestId: string | null,
      now: Date,
    ): Promise<Outcome<{ id: number; message: string }>> {
      const create = def.create;
      if (!create) throw new Error(`${def.entity}: no new records`);
      const issues = imageIssues(input, uploads, noImages);
      if (Object.keys(issues).length > 0) return refuse(400, { fields: issues });
      return db.transaction().execute(async (trx): Promise<Outcome<{ id: number; message: string }>> => {
        const last = await trx
          .selectFrom(table)
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirst();
        const id = (last?.id ?? 0) + 1;
        if (create.maxId && id > create.maxId.value) return refuse(400, create.maxId.message);
        const images = await storeImages(trx, input, uploads, noImages);
        const snapshot = { ...stateOf(input, images), status: "borrador", publishAt: null } as S;
        const stamp = now.toISOString();
        await trx
          .insertInto(table)
          .values({ id, ...create.values(id), ...def.columns(snapshot), created_at: stamp, updated_at: stamp } as never)
          .execute();
        await writeCreatedRecord(trx, { entity: def.entity, id, labels: def.labels, snapshot, actor, requestId });
        return { ok: true, id, message: create.message(id, snapshot) };
      });
    },

    /**
     * Brings back an earlier version (every field) as a new revision; a published record stays
     * published (publication.server.ts's restoreVersion).
     */
    restore(db: Kysely<DB>, id: number, number: number, actor: StaffUser, requestId: string | null, now: Date, mode: RestoreMode = "publicar") {
      return restoreVersion(
        db,
        kind,
        id,
        number,
        mode,
        async (trx, row, old) => {
          const current = def.snapshot(row);
          const next = { ...current, ...old, ...def.restoreChecks?.(old, current) } as S;
          // Files are never deleted, but a restored image must still exist (the column references it).
          const images = next as unknown as Record<Image, string | null>;
          for (const field of def.images) images[field] = await existingFileId(trx, (old as Record<string, unknown>)[field]);
          return next;
        },
        { actor, requestId, now, notFound: def.restoreNotFound },
      );
    },

    /** Publishes the records whose scheduled time has come (see scheduledPublisher). */
    publishDue: scheduledPublisher(kind),
  };

  /** The kind on the one history screen and its publication actions (page-history.server.ts), at the editor's address. */
  function historyKind(editor: NonNullable<typeof def.editor>) {
    return {
      read: async (db: Kysely<DB>, id: number) => {
        const found = await record.forEditor(db, id);
        return found ? { title: editor.title(found), path: editor.path(found), live: found.live, pending: found.pending } : null;
      },
      list: history.list,
      diff: history.diff,
      restore: record.restore,
      discard: (db: Kysely<DB>, id: number, actor: StaffUser, requestId: string | null) => discardPending(db, kind, id, actor, requestId),
      unpublish: (db: Kysely<DB>, id: number, actor: StaffUser, requestId: string | null, now: Date) =>
        unpublishRecord(db, kind, id, actor, requestId, now),
      labels: def.labels as Record<string, string>,
      editHref: (id: number) => `${editor.base}/${id}`,
    };
  }

  return { ...record, history: def.editor ? historyKind(def.editor) : null };
}

/** How a snapshot field is stored: its column, or its column and how the value is read and written (JSON, 0/1). */
export type StoredAs = string | { column: string; load: (value: unknown) => unknown; store: (value: unknown) => unknown };

/** A list kept as JSON text (staff rows, lines of work): `keep` reads the parsed list back, anything unreadable as none. */
export function jsonListColumn(column: string, keep: (raw: unknown[]) => unknown[]): StoredAs {
  return {
    column,
    load: (value) => {
      try {
        const parsed: unknown = JSON.parse(String(value));
        return Array.isArray(parsed) ? keep(parsed) : [];
      } catch {
        return [];
      }
    },
    store: (value) => JSON.stringify(value),
  };
}

/** A yes/no kept as 0/1. */
export const flagColumn = (column: string): StoredAs => ({ column, load: (value) => value === 1, store: (value) => (value ? 1 : 0) });

/**
 * A kind's `snapshot` and `columns` from one map of its snapshot fields to their columns (the
 * publication state is added both ways: publicationOf, publicationColumns).
 */
export function storedAs<Row extends PublishableRow, S extends RecordPublication>(
  map: Record<Exclude<keyof S & string, "status" | "publishAt">, StoredAs>,
) {
  const entries = Object.entries(map) as [string, StoredAs][];
  return {
    snapshot: (row: Row): S => {
      const stored = row as unknown as Record<string, unknown>;
      const fields = entries.map(([field, as]) => [field, typeof as === "string" ? stored[as] : as.load(stored[as.column])]);
      return { ...Object.fromEntries(fields), ...publicationOf(row) } as S;
    },
    columns: (snapshot: S): Record<string, unknown> => {
      const state = snapshot as unknown as Record<string, unknown>;
      const columns = entries.map(([field, as]) => (typeof as === "string" ? [as, state[field]] : [as.column, as.store(state[field])]));
      return { ...Object.fromEntries(columns), ...publicationColumns(snapshot) };
    },
  };
}
