import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { column, textContains } from "~/utils/text-search.server";
import type { DB } from "~/db.server";
import { contentRecord, flagColumn, jsonListColumn, storedAs, type RecordForEditor } from "./content-record.server";
import { renderMarkdown } from "./markdown.server";
import * as rules from "./record-editor.server";
import {
  MAX_LINES_OF_WORK,
  RESEARCH_UNIT_FIELD_LABELS,
  RESEARCH_UNIT_IMAGE_FIELDS,
  RESEARCH_UNIT_KINDS,
  type ResearchUnitKindValue,
  type ResearchUnitSnapshot,
} from "./seeded-record-forms";

/**
 * The research units as a content record (issue 12, decisions 0026 and 0057): /investigadores/{id},
 * the fields its public page shows, their form rules, columns and list; the writer, history,
 * publication and the editor screens come from content-record.server.ts. One transaction per save
 * (image, row, revision in page_revisions with entity research_unit, audit row); the search index
 * and the anonymous page cache follow by the triggers of migrations 0014 and 0015.
 */

// ---------------------------------------------------------------- the form

const KIND_VALUES = Object.keys(RESEARCH_UNIT_KINDS) as [ResearchUnitKindValue, ...ResearchUnitKindValue[]];

const unitFields = {
  unit_name: rules.requiredLine(RESEARCH_UNIT_FIELD_LABELS.unit_name, 200, "Escriba el nombre de la unidad."),
  unit_kind: z.enum(KIND_VALUES, { error: "Elija el tipo de unidad." }),
  name_is_illustrative: rules.removeFlag,
  summary: rules.requiredLine(RESEARCH_UNIT_FIELD_LABELS.summary, 300, "Escriba el resumen (la descripción que muestran los buscadores)."),
  content: rules.markdownText(RESEARCH_UNIT_FIELD_LABELS.content),
  // One line of work per line of the text area (works without JavaScript).
  lines_of_work: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const lines = (value ?? "").split(/\r\n?|\n/).map((line) => line.trim());
      if (lines.some((line) => rules.hasControlCharacters(line)))
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
  head_name: rules.oneLine(RESEARCH_UNIT_FIELD_LABELS.head_name, 200),
  head_grade: rules.oneLine(RESEARCH_UNIT_FIELD_LABELS.head_grade, 200),
  image_alt: rules.oneLine(RESEARCH_UNIT_FIELD_LABELS.image_alt, 300),
  quitar_image: rules.removeFlag,
};

function requireHeadName(value: { head_name?: string; head_grade?: string }, ctx: z.RefinementCtx) {
  if (value.head_grade && !value.head_name)
    ctx.addIssue({ code: "custom", path: ["head_name"], message: "Escriba el nombre del responsable, o borre su cargo." });
}

export const researchUnitEditSchema = z.object({ ...unitFields, ...rules.publicationFields }).superRefine((value, ctx) => {
  requireHeadName(value, ctx);
  rules.requirePublishAt(value, ctx);
});

/** A new unit has the same fields; it starts as a draft (decision 0026), so it has no publication field. */
export const researchUnitCreateSchema = z.object(unitFields).superRefine(requireHeadName);

export type ResearchUnitEditInput = z.output<typeof researchUnitEditSchema>;
export type ResearchUnitCreateInput = z.output<typeof researchUnitCreateSchema>;

// ---------------------------------------------------------------- the definition

async function readUnit(db: Kysely<DB> | Transaction<DB>, id: number) {
  return db.selectFrom("research_units").selectAll().where("id", "=", id).executeTakeFirst();
}

export const RESEARCH_UNIT_RECORD = contentRecord({
  entity: "research_unit",
  table: "research_units",
  audit: "research_unit",
  labels: RESEARCH_UNIT_FIELD_LABELS,
  read: readUnit,
  ...storedAs<NonNullable<Awaited<ReturnType<typeof readUnit>>>, ResearchUnitSnapshot>({
    unit_name: "name",
    unit_kind: "kind",
    name_is_illustrative: flagColumn("name_is_illustrative"),
    summary: "summary",
    content: "content",
    lines_of_work: jsonListColumn("lines_of_work", (raw) => raw.filter((line) => typeof line === "string")),
    head_name: "head_name",
    head_grade: "head_grade",
    image: "image_file_id",
    image_alt: "image_alt",
  }),
  name: (row) => `/investigadores/${row.id}`,
  editSchema: researchUnitEditSchema,
  createSchema: researchUnitCreateSchema,
  preview: (fields) => ({
    title: rules.formText(fields, "unit_name").trim() || "(sin nombre)",
    sections: [renderMarkdown(rules.formText(fields, "content"))],
  }),
  images: RESEARCH_UNIT_IMAGE_FIELDS,
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
  editor: { base: "/admin/contenido/investigacion", title: (unit) => unit.unit_name, path: (unit) => unit.path },
  // A new unit takes the next free number (/investigadores/{n}) and starts as a draft.
  create: {
    values: () => ({ department_page_id: null }),
    /** The largest number /investigadores/{n} accepts (parseResearchUnitId). */
    maxId: { value: 999_999, message: "No quedan números libres para unidades nuevas." },
    message: (id) => `Se creó la unidad /investigadores/${id}; quedó como borrador. Revísela y elija «Publicar ahora» cuando esté lista.`,
  },
});

/** The editor's largest body (its images and texts): the routes' `maxBodyBytes` (a plain value: the browser bundle has no records). */
export const RESEARCH_UNIT_FORM_MAX_BYTES = RESEARCH_UNIT_RECORD.formMaxBytes;

/** The unit as the editor opens it: its latest state (a pending revision, or the unit), with the live state beside it. */
export type ResearchUnitForEditor = RecordForEditor<ResearchUnitSnapshot, { path: string }>;

/** Research units for the editor's list, filtered by words in the name or the number. */
export const listResearchUnitsForEditor = RESEARCH_UNIT_RECORD.lister(
  (db, words) =>
    db
      .selectFrom("research_units")
      .select(["id", "name", "kind", "is_published", "publish_at", "updated_at"])
      .where((eb) => eb.and(words.map((word) => eb.or([textContains(column("name", true), word), eb(eb.cast("id", "text"), "=", word)]))))
      .orderBy("id")
      .execute(),
  (row) => ({ id: row.id, path: `/investigadores/${row.id}`, name: row.name, kind: row.kind as ResearchUnitKindValue }),
);

export type ResearchUnitListItem = Awaited<ReturnType<typeof listResearchUnitsForEditor>>[number];
