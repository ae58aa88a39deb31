import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { DEPARTMENT_FIELD_LABELS } from "./department-forms";
import {
  DEPARTMENT_KIND,
  diffDepartmentRevisions,
  getDepartmentPageForEditor,
  listDepartmentRevisions,
  restoreDepartmentRevision,
} from "./department-editor.server";
import { diffPageRevisions, getPageForEditor, listPageRevisions, PAGE_KIND, restorePageRevision } from "./page-editor.server";
import { SNAPSHOT_FIELD_LABELS } from "./page-forms";
import { diffProfileRevisions, PROFILE_KIND, getProfileForEditor, listProfileRevisions, restoreProfileRevision } from "./profile-page-editor.server";
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
import {
  diffResearchUnitRevisions,
  UNIT_KIND,
  getResearchUnitForEditor,
  listResearchUnitRevisions,
  restoreResearchUnitRevision,
} from "./research-unit-editor.server";
import type { FieldDiff, RevisionListItem } from "./revisions.server";
import { PROFILE_FIELD_LABELS, RESEARCH_UNIT_FIELD_LABELS } from "./seeded-record-forms";

/**
 * The one history screen serves every kind of editable page (decision 0026): the kind comes from
 * the address (/admin/contenido/{id}/historial for information pages,
 * /admin/contenido/departamentos/{id}/historial for department pages, …/investigacion/{id}/historial
 * for research units, …/perfiles/{id}/historial for profile records), and each kind brings its
 * reading, diff and restore functions and its field labels. The same kinds serve the publication
 * actions of every editor (…/{id}/publicacion: «Descartar los cambios pendientes», «Retirar de la
 * publicación»; decision 0033).
 */
interface HistoryKind {
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
  ): Promise<{ ok: true; message: string } | { ok: false; message: string }>;
  discard(db: Kysely<DB>, id: number, actor: StaffUser, requestId: string | null): Promise<PublicationOutcome>;
  unpublish(db: Kysely<DB>, id: number, actor: StaffUser, requestId: string | null, now: Date): Promise<PublicationOutcome>;
  labels: Record<string, string>;
  editHref(id: number): string;
}

/** «Descartar los cambios pendientes» and «Retirar de la publicación» of one kind (decision 0033). */
function publicationActions<Row extends PublishableRow, S extends RecordPublication>(
  kind: PublishableKind<Row, S>,
): Pick<HistoryKind, "discard" | "unpublish"> {
  return {
    discard: (db, id, actor, requestId) => discardPending(db, kind, id, actor, requestId),
    unpublish: (db, id, actor, requestId, now) => unpublishRecord(db, kind, id, actor, requestId, now),
  };
}

const KINDS: Record<string, HistoryKind> = {
  paginas: {
    read: async (db, id) => {
      const page = await getPageForEditor(db, id);
      return page ? { title: page.title, path: page.path, live: page.live, pending: page.pending } : null;
    },
    list: listPageRevisions,
    diff: diffPageRevisions,
    restore: restorePageRevision,
    ...publicationActions(PAGE_KIND),
    labels: SNAPSHOT_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/${id}`,
  },
  departamentos: {
    read: async (db, id) => {
      const page = await getDepartmentPageForEditor(db, id);
      return page ? { title: page.page_title, path: page.path, live: page.live, pending: page.pending } : null;
    },
    list: listDepartmentRevisions,
    diff: diffDepartmentRevisions,
    restore: restoreDepartmentRevision,
    ...publicationActions(DEPARTMENT_KIND),
    labels: DEPARTMENT_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/departamentos/${id}`,
  },
  investigacion: {
    read: async (db, id) => {
      const unit = await getResearchUnitForEditor(db, id);
      return unit ? { title: unit.unit_name, path: unit.path, live: unit.live, pending: unit.pending } : null;
    },
    list: listResearchUnitRevisions,
    diff: diffResearchUnitRevisions,
    restore: restoreResearchUnitRevision,
    ...publicationActions(UNIT_KIND),
    labels: RESEARCH_UNIT_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/investigacion/${id}`,
  },
  perfiles: {
    read: async (db, id) => {
      const profile = await getProfileForEditor(db, id);
      return profile ? { title: profile.page_title, path: profile.paths[0] ?? "", live: profile.live, pending: profile.pending } : null;
    },
    list: listProfileRevisions,
    diff: diffProfileRevisions,
    restore: restoreProfileRevision,
    ...publicationActions(PROFILE_KIND),
    labels: PROFILE_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/perfiles/${id}`,
  },
};

/** The kind named by the address segment (none: an information page), or null for an unknown one. */
export function historyKind(segment: string | undefined): HistoryKind | null {
  return Object.hasOwn(KINDS, segment ?? "paginas") ? KINDS[segment ?? "paginas"]! : null;
}
