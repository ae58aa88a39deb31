import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { contentRecord, type RecordForEditor } from "./content-record.server";
import { DEPARTMENT_FIELD_LABELS, DEPARTMENT_IMAGE_FIELDS, MAX_STAFF_ROWS, type DepartmentSnapshot } from "./department-forms";
import { parseStaffLinks } from "./department-pages.server";
import { linkTargetProblem } from "./link-target";
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

/**
 * The department and direction pages' editor (issue 12, decision 0026): the seed's department
 * fields of /direccion/{slug}. Every save is one transaction: the uploaded images, the row, a
 * revision in page_revisions (entity department_page) and an audit row; the search index and the
 * anonymous page cache follow by the triggers of migrations 0014 and 0015.
 */

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- the form

/**
 * A staff row's link: a page of this site (/ruta), a web address (http:// or https://), or an
 * e-mail (mailto:, which the seeded pages use for their contacts). Nothing else: no javascript:,
 * data:, protocol-relative //host, spaces or control characters.
 */
export function isSafeStaffLink(link: string): boolean {
  return linkTargetProblem(link, { allowMailto: true }) === null;
}

const staffRow = z.object({ name: z.string().optional(), link: z.string().optional() });

export const departmentEditSchema = z
  .object({
    page_title: requiredLine("Título", 200, "Escriba el título de la página."),
    summary: requiredLine("Resumen", 300, "Escriba el resumen (la descripción que muestran los buscadores)."),
    tipo_departamento: z.enum(["1", "2"], { error: "Elija el tipo de página." }).transform((value) => Number(value) as 1 | 2),
    page_titular: oneLine("Titular", 200),
    page_titular_grade: oneLine("Cargo o grado del titular", 200),
    page_first_content: markdownText("Primer texto"),
    page_second_content: markdownText("Segundo texto"),
    page_first_image_alt: oneLine("Texto alternativo de la primera imagen", 300),
    page_second_image_alt: oneLine("Texto alternativo de la segunda imagen", 300),
    quitar_page_titular_photo: removeFlag,
    quitar_page_first_image: removeFlag,
    quitar_page_second_image: removeFlag,
    page_staff: z.array(staffRow).max(MAX_STAFF_ROWS, `La lista de personal admite ${MAX_STAFF_ROWS} filas como máximo.`).optional(),
    ...publicationFields,
  })
  .superRefine((value, ctx) => {
    requirePublishAt(value, ctx);
    if (value.page_titular_grade && !value.page_titular) {
      ctx.addIssue({ code: "custom", path: ["page_titular"], message: "Escriba el nombre del titular, o borre su cargo." });
    }
    (value.page_staff ?? []).forEach((row, index) => {
      const name = row.name ?? "";
      const link = (row.link ?? "").trim();
      if (!name.trim() && !link) return; // a blank row is no row
      const who = name.trim() ? `«${name.trim().slice(0, 40)}»` : `la fila ${index + 1}`;
      if (hasControlCharacters(name) || hasControlCharacters(row.link ?? "")) {
        ctx.addIssue({
          code: "custom",
          path: ["page_staff", index, "name"],
          message: `La fila ${index + 1} del personal tiene caracteres de control (invisibles). Escríbala de nuevo.`,
        });
        return;
      }
      if (!name.trim())
        ctx.addIssue({ code: "custom", path: ["page_staff", index, "name"], message: `Escriba el nombre de la fila ${index + 1} del personal.` });
      else if (name.trim().length > 200)
        ctx.addIssue({ code: "custom", path: ["page_staff", index, "name"], message: `El nombre de ${who} tiene más de 200 caracteres; acórtelo.` });
      if (!link) ctx.addIssue({ code: "custom", path: ["page_staff", index, "link"], message: `Escriba el enlace de ${who}.` });
      else if (link.length > 500 || !isSafeStaffLink(link))
        ctx.addIssue({
          code: "custom",
          path: ["page_staff", index, "link"],
          message: `El enlace de ${who} debe ser una página del sitio (/ruta), una dirección web (https://…) o un correo (mailto:…).`,
        });
    });
  })
  .transform((value) => ({
    ...value,
    page_staff: (value.page_staff ?? [])
      .map((row) => ({ name: (row.name ?? "").trim(), link: (row.link ?? "").trim() }))
      .filter((row) => row.name || row.link),
  }));

export type DepartmentEditInput = z.output<typeof departmentEditSchema>;

// ---------------------------------------------------------------- reading

const DEPARTMENT_COLUMNS = [
  "id",
  "slug",
  "title",
  "summary",
  "tipo_departamento",
  "head_name",
  "head_grade",
  "head_photo_file_id",
  "first_content",
  "second_content",
  "first_image_file_id",
  "first_image_alt",
  "second_image_file_id",
  "second_image_alt",
  "staff_links",
  "is_published",
  "publish_at",
  "updated_at",
] as const;

async function readDepartment(db: Db, id: number) {
  return db.selectFrom("department_pages").select(DEPARTMENT_COLUMNS).where("id", "=", id).executeTakeFirst();
}

type DepartmentRow = NonNullable<Awaited<ReturnType<typeof readDepartment>>>;

function snapshotOf(row: DepartmentRow): DepartmentSnapshot {
  return {
    page_title: row.title,
    summary: row.summary,
    tipo_departamento: row.tipo_departamento === 2 ? 2 : 1,
    page_titular: row.head_name,
    page_titular_grade: row.head_grade,
    page_titular_photo: row.head_photo_file_id,
    page_first_content: row.first_content,
    page_second_content: row.second_content,
    page_first_image: row.first_image_file_id,
    page_first_image_alt: row.first_image_alt,
    page_second_image: row.second_image_file_id,
    page_second_image_alt: row.second_image_alt,
    page_staff: parseStaffLinks(row.staff_links),
    ...publicationOf(row),
  };
}

export interface DepartmentListItem {
  id: number;
  slug: string;
  path: string;
  title: string;
  tipoDepartamento: 1 | 2;
  status: PageStatus;
  publishAt: string | null;
  /** Changes saved aside while the published page stays (decision 0033). */
  pending: PendingSummary | null;
  updatedAt: string;
}

/** Department and direction pages for the editor's list, optionally filtered by words in the title or slug. */
export async function listDepartmentPagesForEditor(db: Kysely<DB>, query = ""): Promise<DepartmentListItem[]> {
  let select = db.selectFrom("department_pages").select(["id", "slug", "title", "tipo_departamento", "is_published", "publish_at", "updated_at"]);
  for (const word of query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) => eb.or([eb(eb.fn("lower", ["title"]), "like", eb.val(like)), eb("slug", "like", like)]));
  }
  const rows = await select.orderBy("tipo_departamento", "desc").orderBy("title").execute();
  return department.listed(db, rows, (row) => ({
    id: row.id,
    slug: row.slug,
    path: `/direccion/${row.slug}`,
    title: row.title,
    tipoDepartamento: row.tipo_departamento === 2 ? 2 : 1,
  }));
}

/** The page as the editor opens it: its latest state (a pending revision, or the page), with the live state beside it. */
export type DepartmentForEditor = RecordForEditor<DepartmentSnapshot, { path: string }>;

// ---------------------------------------------------------------- the definition

const department = contentRecord({
  entity: "department_page",
  table: "department_pages",
  audit: "department_page",
  labels: DEPARTMENT_FIELD_LABELS,
  read: readDepartment,
  snapshot: snapshotOf,
  name: (row) => `/direccion/${row.slug}`,
  columns: (snapshot: DepartmentSnapshot) => ({
    title: snapshot.page_title,
    summary: snapshot.summary,
    tipo_departamento: snapshot.tipo_departamento,
    head_name: snapshot.page_titular,
    head_grade: snapshot.page_titular_grade,
    head_photo_file_id: snapshot.page_titular_photo,
    first_content: snapshot.page_first_content,
    second_content: snapshot.page_second_content,
    first_image_file_id: snapshot.page_first_image,
    first_image_alt: snapshot.page_first_image_alt,
    second_image_file_id: snapshot.page_second_image,
    second_image_alt: snapshot.page_second_image_alt,
    staff_links: JSON.stringify(snapshot.page_staff),
    ...publicationColumns(snapshot),
  }),
  editSchema: departmentEditSchema,
  preview: (fields) => ({
    title: formText(fields, "page_title").trim() || "(sin título)",
    sections: [renderMarkdown(formText(fields, "page_first_content")), renderMarkdown(formText(fields, "page_second_content"))],
  }),
  // An image a visitor sees needs its description (the titular's photo is described by the name beside it).
  images: DEPARTMENT_IMAGE_FIELDS,
  alts: { page_first_image: "page_first_image_alt", page_second_image: "page_second_image_alt" },
  texts: (input: DepartmentEditInput) => ({
    page_title: input.page_title,
    summary: input.summary,
    tipo_departamento: input.tipo_departamento,
    page_titular: input.page_titular || null,
    page_titular_grade: input.page_titular_grade || null,
    page_first_content: input.page_first_content ?? "",
    page_second_content: input.page_second_content ?? "",
    page_staff: input.page_staff,
  }),
  byLine: ["page_first_content", "page_second_content", "page_staff"],
  extra: (_db, row) => ({ path: `/direccion/${row.slug}` }),
  restoreChecks: (old) => ({ page_staff: Array.isArray(old.page_staff) ? old.page_staff.filter((s) => isSafeStaffLink(s.link)) : [] }),
  restoreNotFound: "No encontramos esa versión de la página.",
});

/** The publication rule of this kind (publication.server.ts; page-history.server.ts serves its discard and unpublish); its audit prefix written here as a literal, which the audit registry test reads. */
export const DEPARTMENT_KIND = { ...department.kind, audit: "department_page" };
/** The editor's largest body (its images and texts): the route's `maxBodyBytes`. */
export const DEPARTMENT_FORM_MAX_BYTES = department.formMaxBytes;
/** The first step of the editor's action (parseEditorForm). */
export const parseDepartmentForm = department.parseForm;
export const getDepartmentPageForEditor = department.forEditor;
export const { listRevisions: listDepartmentRevisions, diffRevisions: diffDepartmentRevisions } = department;
/** Saves an edit of a department or direction page (texts, images, staff rows). */
export const updateDepartmentPage = department.update;
/** Brings back an earlier version of a department page (every field) as a new revision. */
export const restoreDepartmentRevision = department.restore;
/** Publishes the department pages whose scheduled time has come (see scheduledPublisher). */
export const publishDueDepartmentPages = department.publishDue;
