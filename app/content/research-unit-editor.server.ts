import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { contentRecord, type RecordForEditor } from "./content-record.server";
import { renderMarkdown } from "./markdown.server";
import type { PageStatus } from "./page-forms";
import type { PendingSummary } from "./publication.server";
import {
  formText,
  hasControlCharacters,
  markdownText,
  oneLine,
  publicationColumns,
  publicationFields,
  publicationOf,
  removeFlag,
  requiredLine,
  requirePublishAt,
} from "./record-editor.server";
import {
  MAX_LINES_OF_WORK,
  RESEARCH_UNIT_FIELD_LABELS,
  RESEARCH_UNIT_KINDS,
  type ResearchUnitKindValue,
  type ResearchUnitSnapshot,
} from "./seeded-record-forms";

/**
 * The research units' editor (issue 12, decision 0026): /investigadores/{id}, the fields its public
 * page shows, as a content-record definition (content-record.server.ts): one transaction per save
 * (image, row, revision in page_revisions with entity research_unit, audit row); the search index
 * and the anonymous page cache follow by the triggers of migrations 0014 and 0015.
 */

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- the form

const KIND_VALUES = Object.keys(RESEARCH_UNIT_KINDS) as [ResearchUnitKindValue, ...ResearchUnitKindValue[]];

const unitFields = {
  unit_name: requiredLine(RESEARCH_UNIT_FIELD_LABELS.unit_name, 200, "Escriba el nombre de la unidad."),
  unit_kind: z.enum(KIND_VALUES, { error: "Elija el tipo de unidad." }),
  name_is_illustrative: removeFlag,
  summary: requiredLine(RESEARCH_UNIT_FIELD_LABELS.summary, 300, "Escriba el resumen (la descripción que muestran los buscadores)."),
  content: markdownText(RESEARCH_UNIT_FIELD_LABELS.content),
  // One line of work per line of the text area (works without JavaScript).
  lines_of_work: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const lines = (value ?? "").split(/\r\n?|\n/).map((line) => line.trim());
      if (lines.some((line) => hasControlCharacters(line)))
        ctx.addIssue({
          code: "custom",
          message: `«${RESEARCH_UNIT_FIELD_LABELS.lines_of_work}» tiene caracteres de control (invisibles). Bórrelos.`,
        });
      const kept = lines.filter(Boolean);
      if (kept.length > MAX_LINES_OF_WORK)
        ctx.addIssue({ code: "custom", message: `Escriba ${MAX_LINES_OF_WORK} líneas de investigación como máximo (una por renglón).` });
      const long = kept.findIndex((line) => line.length > 300);
      if (long >= 0) ctx.addIssue({ code: "custom", message: `La línea de investigación ${long + 1} tiene más de 300 caracteres; acórtela.` });
    })
    .transform((value) =>
      (value ?? "")
        .split(/\r\n?|\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  head_name: oneLine(RESEARCH_UNIT_FIELD_LABELS.head_name, 200),
  head_grade: oneLine(RESEARCH_UNIT_FIELD_LABELS.head_grade, 200),
  image_alt: oneLine(RESEARCH_UNIT_FIELD_LABELS.image_alt, 300),
  quitar_image: removeFlag,
};

function requireHeadName(value: { head_name?: string; head_grade?: string }, ctx: z.RefinementCtx) {
  if (value.head_grade && !value.head_name)
    ctx.addIssue({ code: "custom", path: ["head_name"], message: "Escriba el nombre del responsable, o borre su cargo." });
}

export const researchUnitEditSchema = z.object({ ...unitFields, ...publicationFields }).superRefine((value, ctx) => {
  requireHeadName(value, ctx);
  requirePublishAt(value, ctx);
});

/** A new unit has the same fields; it starts as a draft (decision 0026), so it has no publication field. */
export const researchUnitCreateSchema = z.object(unitFields).superRefine(requireHeadName);

export type ResearchUnitEditInput = z.output<typeof researchUnitEditSchema>;
export type ResearchUnitCreateInput = z.output<typeof researchUnitCreateSchema>;

// ---------------------------------------------------------------- reading

async function readUnit(db: Db, id: number) {
  return db.selectFrom("research_units").selectAll().where("id", "=", id).executeTakeFirst();
}

type UnitRow = NonNullable<Awaited<ReturnType<typeof readUnit>>>;

function linesOf(raw: string): string[] {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter((line): line is string => typeof line === "string") : [];
  } catch {
    return [];
  }
}

function snapshotOf(row: UnitRow): ResearchUnitSnapshot {
  return {
    unit_name: row.name,
    unit_kind: row.kind,
    name_is_illustrative: row.name_is_illustrative === 1,
    summary: row.summary,
    content: row.content,
    lines_of_work: linesOf(row.lines_of_work),
    head_name: row.head_name,
    head_grade: row.head_grade,
    image: row.image_file_id,
    image_alt: row.image_alt,
    ...publicationOf(row),
  };
}

export interface ResearchUnitListItem {
  id: number;
  path: string;
  name: string;
  kind: ResearchUnitKindValue;
  status: PageStatus;
  publishAt: string | null;
  /** Changes saved aside while the published unit stays (decision 0033). */
  pending: PendingSummary | null;
  updatedAt: string;
}

/** Research units for the editor's list, optionally filtered by words in the name or the number. */
export async function listResearchUnitsForEditor(db: Kysely<DB>, query = ""): Promise<ResearchUnitListItem[]> {
  let select = db.selectFrom("research_units").select(["id", "name", "kind", "is_published", "publish_at", "updated_at"]);
  for (const word of query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) => eb.or([eb(eb.fn("lower", ["name"]), "like", eb.val(like)), eb(eb.cast("id", "text"), "=", word)]));
  }
  const rows = await select.orderBy("id").execute();
  return unit.listed(db, rows, (row) => ({
    id: row.id,
    path: `/investigadores/${row.id}`,
    name: row.name,
    kind: row.kind,
  }));
}

/** The unit as the editor opens it: its latest state (a pending revision, or the unit), with the live state beside it. */
export type ResearchUnitForEditor = RecordForEditor<ResearchUnitSnapshot, { path: string }>;

// ---------------------------------------------------------------- the definition

const unit = contentRecord({
  entity: "research_unit",
  table: "research_units",
  audit: "research_unit",
  labels: RESEARCH_UNIT_FIELD_LABELS,
  read: readUnit,
  snapshot: snapshotOf,
  name: (row) => `/investigadores/${row.id}`,
  columns: (snapshot: ResearchUnitSnapshot) => ({
    name: snapshot.unit_name,
    kind: snapshot.unit_kind,
    name_is_illustrative: snapshot.name_is_illustrative ? (1 as const) : (0 as const),
    summary: snapshot.summary,
    content: snapshot.content,
    lines_of_work: JSON.stringify(snapshot.lines_of_work),
    head_name: snapshot.head_name,
    head_grade: snapshot.head_grade,
    image_file_id: snapshot.image,
    image_alt: snapshot.image_alt,
    ...publicationColumns(snapshot),
  }),
  editSchema: researchUnitEditSchema,
  createSchema: researchUnitCreateSchema,
  preview: (fields) => ({
    title: formText(fields, "unit_name").trim() || "(sin nombre)",
    sections: [renderMarkdown(formText(fields, "content"))],
  }),
  images: ["image"] as const,
  alts: { image: "image_alt" },
  texts: (input: ResearchUnitCreateInput) => ({
    unit_name: input.unit_name,
    unit_kind: input.unit_kind,
    name_is_illustrative: input.name_is_illustrative,
    summary: input.summary,
    content: input.content ?? "",
    lines_of_work: input.lines_of_work,
    head_name: input.head_name || null,
    head_grade: input.head_grade || null,
  }),
  byLine: ["content", "lines_of_work"],
  extra: (_db, row) => ({ path: `/investigadores/${row.id}` }),
  restoreChecks: (old, current) => ({
    unit_kind: old.unit_kind && Object.hasOwn(RESEARCH_UNIT_KINDS, old.unit_kind) ? old.unit_kind : current.unit_kind,
    lines_of_work: Array.isArray(old.lines_of_work) ? old.lines_of_work.filter((line) => typeof line === "string") : [],
  }),
  restoreNotFound: "No encontramos esa versión de la unidad.",
  // A new unit takes the next free number (/investigadores/{n}) and starts as a draft.
  create: {
    values: () => ({ department_page_id: null }),
    /** The largest number /investigadores/{n} accepts (parseResearchUnitId). */
    maxId: { value: 999_999, message: "No quedan números libres para unidades nuevas." },
    message: (id) => `Se creó la unidad /investigadores/${id}; quedó como borrador. Revísela y elija «Publicar ahora» cuando esté lista.`,
  },
});

/** The publication rule of this kind (publication.server.ts; page-history.server.ts serves its discard and unpublish); its audit prefix written here as a literal, which the audit registry test reads. */
export const UNIT_KIND = { ...unit.kind, audit: "research_unit" };
/** The editor's largest body (its image and texts): the routes' `maxBodyBytes`. */
export const RESEARCH_UNIT_FORM_MAX_BYTES = unit.formMaxBytes;
/** The first step of the editor's action (parseEditorForm), and of the "new unit" action. */
export const parseResearchUnitForm = unit.parseForm;
export const parseResearchUnitCreateForm = unit.parseCreateForm;
export const getResearchUnitForEditor = unit.forEditor;
export const { listRevisions: listResearchUnitRevisions, diffRevisions: diffResearchUnitRevisions } = unit;
/** Creates a research unit at the next free number, as a draft (its first revision "crear" and an audit row). */
export const createResearchUnit = unit.create;
/** Saves an edit of a research unit (texts, lines of work, responsible person, image). */
export const updateResearchUnit = unit.update;
/** Brings back an earlier version of a research unit (every field) as a new revision. */
export const restoreResearchUnitRevision = unit.restore;
/** Publishes the research units whose scheduled time has come (see scheduledPublisher). */
export const publishDueResearchUnits = unit.publishDue;
