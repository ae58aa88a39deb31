import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { DEPARTMENT_FIELD_LABELS } from "./department-forms";
import { diffDepartmentRevisions, getDepartmentPageForEditor, listDepartmentRevisions, restoreDepartmentRevision } from "./department-editor.server";
import { diffPageRevisions, getPageForEditor, listPageRevisions, restorePageRevision } from "./page-editor.server";
import { SNAPSHOT_FIELD_LABELS } from "./page-forms";
import { diffProfileRevisions, getProfileForEditor, listProfileRevisions, restoreProfileRevision } from "./profile-page-editor.server";
import {
  diffResearchUnitRevisions,
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
 * reading, diff and restore functions and its field labels.
 */
interface HistoryKind {
  read(db: Kysely<DB>, id: number): Promise<{ title: string; path: string } | null>;
  list(db: Kysely<DB>, id: number): Promise<RevisionListItem[]>;
  diff(db: Kysely<DB>, id: number, from: number, to: number): Promise<FieldDiff[] | null>;
  restore(
    db: Kysely<DB>,
    id: number,
    number: number,
    actor: StaffUser,
    requestId: string | null,
    now: Date,
  ): Promise<{ ok: true; message: string } | { ok: false; message: string }>;
  labels: Record<string, string>;
  editHref(id: number): string;
}

const KINDS: Record<string, HistoryKind> = {
  paginas: {
    read: async (db, id) => {
      const page = await getPageForEditor(db, id);
      return page ? { title: page.title, path: page.path } : null;
    },
    list: listPageRevisions,
    diff: diffPageRevisions,
    restore: restorePageRevision,
    labels: SNAPSHOT_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/${id}`,
  },
  departamentos: {
    read: async (db, id) => {
      const page = await getDepartmentPageForEditor(db, id);
      return page ? { title: page.page_title, path: page.path } : null;
    },
    list: listDepartmentRevisions,
    diff: diffDepartmentRevisions,
    restore: restoreDepartmentRevision,
    labels: DEPARTMENT_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/departamentos/${id}`,
  },
  investigacion: {
    read: async (db, id) => {
      const unit = await getResearchUnitForEditor(db, id);
      return unit ? { title: unit.unit_name, path: unit.path } : null;
    },
    list: listResearchUnitRevisions,
    diff: diffResearchUnitRevisions,
    restore: restoreResearchUnitRevision,
    labels: RESEARCH_UNIT_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/investigacion/${id}`,
  },
  perfiles: {
    read: async (db, id) => {
      const profile = await getProfileForEditor(db, id);
      return profile ? { title: profile.page_title, path: profile.paths[0] ?? "" } : null;
    },
    list: listProfileRevisions,
    diff: diffProfileRevisions,
    restore: restoreProfileRevision,
    labels: PROFILE_FIELD_LABELS,
    editHref: (id) => `/admin/contenido/perfiles/${id}`,
  },
};

/** The kind named by the address segment (none: an information page), or null for an unknown one. */
export function historyKind(segment: string | undefined): HistoryKind | null {
  return Object.hasOwn(KINDS, segment ?? "paginas") ? KINDS[segment ?? "paginas"]! : null;
}
