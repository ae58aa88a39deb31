import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { DEPARTMENT_RECORD } from "./department-editor.server";
import { diffPageRevisions, getPageForEditor, listPageRevisions, PAGE_KIND, restorePageRevision } from "./page-editor.server";
import { SNAPSHOT_FIELD_LABELS } from "./page-forms";
import { PROFILE_RECORD } from "./profile-page-editor.server";
import {
  discardPending,
  unpublishRecord,
  type PendingRevision,
  type PublicationOutcome,
  type PublishableKind,
  type PublishableRow,
  type RecordPublication,
  type RestoreMode,
} from "./publication.server";
import { RESEARCH_UNIT_RECORD } from "./research-unit-editor.server";
import type { Outcome } from "~/actions/outcome";
import {
  BANNER_HISTORY,
  COLLECTION_INTRO_HISTORY,
  GALLERY_IMAGE_HISTORY,
  LIBRARY_PANEL_HISTORY,
  MENU_LINK_HISTORY,
} from "./record-history-kinds.server";
import { diffRecordVersions, recordHistory, restoreRecordVersion, type HistoryRecordKind, type RecordKey } from "./record-history.server";
import { editorRecordId, type FieldDiff, type RevisionListItem } from "./revisions.server";

/**
 * The one history screen serves every kind of editable page (decision 0026): the kind comes from
 * the address (/admin/contenido/{id}/historial for information pages,
 * /admin/contenido/departamentos/{id}/historial for department pages, …/investigacion/{id}/historial
 * for research units, …/perfiles/{id}/historial for profile records), and each kind brings its
 * reading, diff and restore functions and its field labels. The same kinds serve the publication
 * actions of every editor (…/{id}/publicacion: «Descartar los cambios pendientes», «Retirar de la
 * publicación»; decision 0033).
 */
interface PublishableHistoryKind {
  read(db: Kysely<DB>, id: number): Promise<{ title: string; path: string; live: RecordPublication; pending: PendingRevision | null } | null>;
  list(db: Kysely<DB>, id: number): Promise<RevisionListItem[]>;
  diff(db: Kysely<DB>, id: number, from: number, to: number): Promise<FieldDiff[] | null>;
  restore(
    db: Kysely<DB>,
    id: number,
    number: number,
    actor: StaffUser,
    requestId: string | null,
    now: Date,
    mode: RestoreMode,
  ): Promise<Outcome<{ message: string }>>;
  discard(db: Kysely<DB>, id: number, actor: StaffUser, requestId: string | null): Promise<PublicationOutcome>;
  unpublish(db: Kysely<DB>, id: number, actor: StaffUser, requestId: string | null, now: Date): Promise<PublicationOutcome>;
  labels: Record<string, string>;
  editHref(id: number): string;
}

/** What the history screen shows of a record: its name, editor, versions, and (publishable kinds) its publication. */
export interface HistoryRecord {
  title: string;
  editHref: string;
  live: RecordPublication | null;
  pending: PendingRevision | null;
  revisions: RevisionListItem[];
}

/** One kind of record on the one history screen: its address key, reading, comparison and «Restaurar». */
export interface HistoryKind {
  labels: Record<string, string>;
  /** The record key in the address; anything else is a Spanish 404. */
  key(raw: string | undefined): RecordKey;
  read(db: Kysely<DB>, key: RecordKey): Promise<HistoryRecord | null>;
  diff(db: Kysely<DB>, key: RecordKey, from: number, to: number): Promise<FieldDiff[] | null>;
  restore(
    db: Kysely<DB>,
    key: RecordKey,
    number: number,
    actor: StaffUser,
    requestId: string | null,
    now: Date,
    mode: RestoreMode,
  ): Promise<Outcome<{ message: string; editHref: string }>>;
}

/** «Descartar los cambios pendientes» and «Retirar de la publicación» of one kind (decision 0033). */
function publicationActions<Row extends PublishableRow, S extends RecordPublication>(
  kind: PublishableKind<Row, S>,
): Pick<PublishableHistoryKind, "discard" | "unpublish"> {
  return {
    discard: (db, id, actor, requestId) => discardPending(db, kind, id, actor, requestId),
    unpublish: (db, id, actor, requestId, now) => unpublishRecord(db, kind, id, actor, requestId, now),
  };
}

/** A publishable kind from its editor's functions; `name` picks the record's title and address. */
function publishable<
  Read extends { live: RecordPublication; pending: PendingRevision | null },
  Row extends PublishableRow,
  S extends RecordPublication,
>(
  editBase: string,
  // Its own argument, so the audit registry's reader follows `kind.audit` to the kind's literal.
  kind: PublishableKind<Row, S>,
  editor: Pick<PublishableHistoryKind, "list" | "diff" | "restore" | "labels"> & {
    get(db: Kysely<DB>, id: number): Promise<Read | null>;
    name(record: Read): { title: string; path: string };
  },
): PublishableHistoryKind {
  return {
    read: async (db, id) => {
      const record = await editor.get(db, id);
      return record ? { ...editor.name(record), live: record.live, pending: record.pending } : null;
    },
    list: editor.list,
    diff: editor.diff,
    restore: editor.restore,
    ...publicationActions(kind),
    labels: editor.labels,
    editHref: (id) => `${editBase}${id}`,
  };
}

const PUBLISHABLE: Record<string, PublishableHistoryKind> = {
  paginas: publishable("/admin/contenido/", PAGE_KIND, {
    get: getPageForEditor,
    name: (page) => ({ title: page.title, path: page.path }),
    list: listPageRevisions,
    diff: diffPageRevisions,
    restore: restorePageRevision,
    labels: SNAPSHOT_FIELD_LABELS,
  }),
  // The seeded records: their content-record definitions say the same (content-record.server.ts).
  departamentos: DEPARTMENT_RECORD.history!,
  investigacion: RESEARCH_UNIT_RECORD.history!,
  perfiles: PROFILE_RECORD.history!,
};

/** A publishable kind on the history screen (its versions may carry a publication state). */
function publishableHistory(kind: PublishableHistoryKind): HistoryKind {
  return {
    labels: kind.labels,
    key: editorRecordId,
    read: async (db, key) => {
      const record = await kind.read(db, Number(key));
      if (!record) return null;
      const revisions = await kind.list(db, Number(key));
      return { title: record.title, editHref: kind.editHref(Number(key)), live: record.live, pending: record.pending, revisions };
    },
    diff: (db, key, from, to) => kind.diff(db, Number(key), from, to),
    restore: async (db, key, number, actor, requestId, now, mode) => {
      const outcome = await kind.restore(db, Number(key), number, actor, requestId, now, mode);
      return outcome.ok ? { ok: true, message: outcome.message, editHref: kind.editHref(Number(key)) } : outcome;
    },
  };
}

/** A record without publication states (banners, gallery images, menu links, library panels, collection introductions). */
function recordHistoryKind(kind: HistoryRecordKind, key: (raw: string | undefined) => RecordKey): HistoryKind {
  return {
    labels: kind.labels,
    key,
    read: async (db, recordKey) => {
      const record = await recordHistory(db, kind, recordKey);
      return record ? { ...record, live: null, pending: null } : null;
    },
    diff: (db, recordKey, from, to) => diffRecordVersions(db, kind, recordKey, from, to),
    restore: async (db, recordKey, number, actor, requestId, now) => {
      const outcome = await restoreRecordVersion(db, kind, recordKey, number, actor, requestId, now);
      if (!outcome.ok) return outcome;
      const record = await recordHistory(db, kind, recordKey);
      return { ok: true, message: outcome.message, editHref: record?.editHref ?? "/admin" };
    },
  };
}

/** A text key of the address (a library panel, a document collection): lowercase words and hyphens. */
function textKey(raw: string | undefined): string {
  if (!/^[a-z][a-z0-9-]{0,59}$/.test(raw ?? "")) throw new Response("No encontramos esta página", { status: 404 });
  return raw!;
}

const KINDS: Record<string, HistoryKind> = {
  ...Object.fromEntries(Object.entries(PUBLISHABLE).map(([segment, kind]) => [segment, publishableHistory(kind)])),
  banners: recordHistoryKind(BANNER_HISTORY, editorRecordId),
  galerias: recordHistoryKind(GALLERY_IMAGE_HISTORY, editorRecordId),
  menus: recordHistoryKind(MENU_LINK_HISTORY, editorRecordId),
  hemerobiblioteca: recordHistoryKind(LIBRARY_PANEL_HISTORY, textKey),
  documentos: recordHistoryKind(COLLECTION_INTRO_HISTORY, textKey),
};

/** The kind named by the address segment (none: an information page), or null for an unknown one. */
export function historyKind(segment: string | undefined): HistoryKind | null {
  return Object.hasOwn(KINDS, segment ?? "paginas") ? KINDS[segment ?? "paginas"]! : null;
}

/** The kinds with publication actions (…/{id}/publicacion, decision 0033), or null for any other. */
export function publicationKind(segment: string | undefined): PublishableHistoryKind | null {
  return Object.hasOwn(PUBLISHABLE, segment ?? "paginas") ? PUBLISHABLE[segment ?? "paginas"]! : null;
}
