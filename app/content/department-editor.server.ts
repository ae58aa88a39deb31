import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { column, textContains } from "~/utils/text-search.server";
import type { DB } from "~/db.server";
import { contentRecord, storedAs, type RecordForEditor } from "./content-record.server";
import { DEPARTMENT_FIELD_LABELS, DEPARTMENT_IMAGE_FIELDS, MAX_STAFF_ROWS, type DepartmentSnapshot } from "./department-forms";
import { parseStaffLinks } from "./department-pages.server";
import { linkTargetProblem } from "./link-target";
import { renderMarkdown } from "./markdown.server";
import * as rules from "./record-editor.server";

/**
 * The department and direction pages as a content record (issue 12, decisions 0026 and 0057): the
 * seed's department fields of /direccion/{slug}, their form rules, columns and list; the writer,
 * history, publication and the editor screens come from content-record.server.ts. Every save is
 * one transaction: the uploaded images, the row, a revision in page_revisions (entity
 * department_page) and an audit row; the search index and the anonymous page cache follow by the
 * triggers of migrations 0014 and 0015.
 */

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
    page_title: rules.requiredLine("Título", 200, "Escriba el título de la página."),
    summary: rules.requiredLine("Resumen", 300, "Escriba el resumen (la descripción que muestran los buscadores)."),
    tipo_departamento: z.enum(["1", "2"], { error: "Elija el tipo de página." }).transform((value) => Number(value) as 1 | 2),
    page_titular: rules.oneLine("Titular", 200),
    page_titular_grade: rules.oneLine("Cargo o grado del titular", 200),
    page_first_content: rules.markdownText("Primer texto"),
    page_second_content: rules.markdownText("Segundo texto"),
    page_first_image_alt: rules.oneLine("Texto alternativo de la primera imagen", 300),
    page_second_image_alt: rules.oneLine("Texto alternativo de la segunda imagen", 300),
    quitar_page_titular_photo: rules.removeFlag,
    quitar_page_first_image: rules.removeFlag,
    quitar_page_second_image: rules.removeFlag,
    page_staff: z.array(staffRow).max(MAX_STAFF_ROWS, `La lista de personal admite ${MAX_STAFF_ROWS} filas como máximo.`).optional(),
    ...rules.publicationFields,
  })
  .superRefine((value, ctx) => {
    rules.requirePublishAt(value, ctx);
    if (value.page_titular_grade && !value.page_titular) {
      ctx.addIssue({ code: "custom", path: ["page_titular"], message: "Escriba el nombre del titular, o borre su cargo." });
    }
    (value.page_staff ?? []).forEach((row, index) => {
      const name = row.name ?? "";
      const link = (row.link ?? "").trim();
      if (!name.trim() && !link) return; // a blank row is no row
      const who = name.trim() ? `«${name.trim().slice(0, 40)}»` : `la fila ${index + 1}`;
      if (rules.hasControlCharacters(name) || rules.hasControlCharacters(row.link ?? "")) {
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

// ---------------------------------------------------------------- the definition

async function readDepartment(db: Kysely<DB> | Transaction<DB>, id: number) {
  return db.selectFrom("department_pages").selectAll().where("id", "=", id).executeTakeFirst();
}

type DepartmentRow = NonNullable<Awaited<ReturnType<typeof readDepartment>>>;

export const DEPARTMENT_RECORD = contentRecord({
  entity: "department_page",
  table: "department_pages",
  audit: "department_page",
  labels: DEPARTMENT_FIELD_LABELS,
  read: readDepartment,
  ...storedAs<DepartmentRow, DepartmentSnapshot>({
    page_title: "title",
    summary: "summary",
    tipo_departamento: { column: "tipo_departamento", load: (value) => (value === 2 ? 2 : 1), store: (value) => value },
    page_titular: "head_name",
    page_titular_grade: "head_grade",
    page_titular_photo: "head_photo_file_id",
    page_first_content: "first_content",
    page_second_content: "second_content",
    page_first_image: "first_image_file_id",
    page_first_image_alt: "first_image_alt",
    page_second_image: "second_image_file_id",
    page_second_image_alt: "second_image_alt",
    page_staff: { column: "staff_links", load: (value) => parseStaffLinks(String(value)), store: (value) => JSON.stringify(value) },
  }),
  name: (row) => `/direccion/${row.slug}`,
  editSchema: departmentEditSchema,
  preview: (fields) => ({
    title: rules.formText(fields, "page_title").trim() || "(sin título)",
    sections: [renderMarkdown(rules.formText(fields, "page_first_content")), renderMarkdown(rules.formText(fields, "page_second_content"))],
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
  editor: { base: "/admin/contenido/departamentos", title: (page) => page.page_title, path: (page) => page.path },
});

/** The editor's largest body (its images and texts): the routes' `maxBodyBytes` (a plain value: the browser bundle has no records). */
export const DEPARTMENT_FORM_MAX_BYTES = DEPARTMENT_RECORD.formMaxBytes;

/** The page as the editor opens it: its latest state (a pending revision, or the page), with the live state beside it. */
export type DepartmentForEditor = RecordForEditor<DepartmentSnapshot, { path: string }>;

/** Department and direction pages for the editor's list, filtered by words in the title or slug; directions first. */
export const listDepartmentPagesForEditor = DEPARTMENT_RECORD.lister(
  (db, words) =>
    db
      .selectFrom("department_pages")
      .select(["id", "slug", "title", "tipo_departamento", "is_published", "publish_at", "updated_at"])
      .where((eb) => eb.and(words.map((word) => eb.or([textContains(column("title", true), word), textContains(column("slug"), word)]))))
      .orderBy("tipo_departamento", "desc")
      .orderBy("title")
      .execute(),
  (row) => ({ id: row.id, slug: row.slug, path: `/direccion/${row.slug}`, title: row.title, tipoDepartamento: row.tipo_departamento === 2 ? 2 : 1 }),
);

export type DepartmentListItem = Awaited<ReturnType<typeof listDepartmentPagesForEditor>>[number];
