import { linkTargetProblem } from "./link-target";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { storeFile } from "~/files/files.server";
import { adminFormMaxBytes } from "~/staff/teaching/admin-uploads.server";
import type { StaffUser } from "~/staff/staff";
import type { PageStatus } from "./page-forms";
import { parseStaffLinks } from "./department-pages.server";
import {
  DEPARTMENT_FIELD_LABELS,
  DEPARTMENT_IMAGE_FIELDS,
  MAX_STAFF_ROWS,
  type DepartmentImageField,
  type DepartmentSnapshot,
} from "./department-forms";
import { renderMarkdown } from "./markdown.server";
import {
  existingFileId,
  formText,
  markdownText,
  hasControlCharacters,
  oneLine,
  PAGE_IMAGE_RULE,
  parseEditorForm,
  removeFlag,
  requiredLine,
  revisionReaders,
  unlessNoChange,
  nextPublication,
  publicationColumns,
  publicationFields,
  publicationOf,
  savedMessage,
  requirePublishAt,
  scheduledPublisher,
} from "./record-editor.server";
import {
  liveAndLatest,
  pendingSavedMessage,
  pendingSummaries,
  restoreVersion,
  saveState,
  type PendingRevision,
  type PendingSummary,
  type PublishableKind,
  type RecordPublication,
  type RestoreMode,
} from "./publication.server";

/**
 * The department and direction pages' editor (issue 12, decision 0026): the seed's department
 * fields of /direccion/{slug}. Every save is one transaction: the uploaded images, the row, a
 * revision in page_revisions (entity department_page) and an audit row; the search index and the
 * anonymous page cache follow by the triggers of migrations 0014 and 0015.
 */

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- the form

export { PAGE_IMAGE_RULE };

const IMAGE_RULES = Object.fromEntries(DEPARTMENT_IMAGE_FIELDS.map((field) => [field, PAGE_IMAGE_RULE])) as Record<DepartmentImageField, FileRule>;
/** The editor's largest body (its images and texts): the route's `maxBodyBytes`. */
export const DEPARTMENT_FORM_MAX_BYTES = adminFormMaxBytes(IMAGE_RULES);

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
export type DepartmentUploads = Partial<Record<DepartmentImageField, CheckedFile>>;

/**
 * The first step of the editor's action: reads the multipart form (images checked by content),
 * then answers "Vista previa" and conform's list buttons (Agregar/Quitar fila) with the form as
 * typed (nothing stored), or a 400 with every error at once; otherwise the parsed values.
 */
export function parseDepartmentForm(request: Request) {
  return parseEditorForm(request, departmentEditSchema, IMAGE_RULES, (fields) => ({
    title: formText(fields, "page_title").trim() || "(sin título)",
    sections: [renderMarkdown(formText(fields, "page_first_content")), renderMarkdown(formText(fields, "page_second_content"))],
  }));
}

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
  const pending = await pendingSummaries(db, "department_page");
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    path: `/direccion/${row.slug}`,
    title: row.title,
    tipoDepartamento: row.tipo_departamento === 2 ? 2 : 1,
    ...publicationOf(row),
    pending: pending.get(row.id) ?? null,
    updatedAt: row.updated_at,
  }));
}

/** The page as the editor opens it: its latest state (a pending revision, or the page), with the live state beside it. */
export interface DepartmentForEditor extends DepartmentSnapshot {
  id: number;
  path: string;
  live: RecordPublication;
  pending: PendingRevision | null;
  updatedAt: string;
}

export async function getDepartmentPageForEditor(db: Kysely<DB>, id: number): Promise<DepartmentForEditor | null> {
  const row = await readDepartment(db, id);
  if (!row) return null;
  const { live, latest, pending } = await liveAndLatest(db, DEPARTMENT_KIND, row);
  return {
    ...latest,
    id: row.id,
    path: `/direccion/${row.slug}`,
    live: { status: live.status, publishAt: live.publishAt },
    pending,
    updatedAt: row.updated_at,
  };
}

export const { list: listDepartmentRevisions, diff: diffDepartmentRevisions } = revisionReaders("department_page", DEPARTMENT_FIELD_LABELS, [
  "page_first_content",
  "page_second_content",
  "page_staff",
]);

// ---------------------------------------------------------------- writing

export type DepartmentIssues = Partial<Record<keyof DepartmentEditInput | DepartmentImageField | "form", string[]>>;
export type DepartmentSaveOutcome = { ok: true; message: string } | { ok: false; issues: DepartmentIssues } | { ok: false; notFound: true };

function columnsOf(snapshot: DepartmentSnapshot) {
  return {
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
  };
}

/** A department page as a kind of record with publication states (publication.server.ts). */
/** The publication rule of this kind (publication.server.ts; page-history.server.ts serves its discard and unpublish). */
export const DEPARTMENT_KIND: PublishableKind<DepartmentRow, DepartmentSnapshot> = {
  entity: "department_page",
  table: "department_pages",
  audit: "department_page",
  labels: DEPARTMENT_FIELD_LABELS,
  read: readDepartment,
  snapshot: snapshotOf,
  write: (trx, id, next, now) =>
    trx
      .updateTable("department_pages")
      .set({ ...columnsOf(next), updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute(),
  name: (row) => `/direccion/${row.slug}`,
};

/** Saves an edit of a department or direction page (texts, images, staff rows). */
export async function updateDepartmentPage(
  db: Kysely<DB>,
  id: number,
  input: DepartmentEditInput,
  uploads: DepartmentUploads,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<DepartmentSaveOutcome> {
  return unlessNoChange(
    db.transaction().execute(async (trx): Promise<DepartmentSaveOutcome> => {
      const row = await readDepartment(trx, id);
      if (!row) return { ok: false, notFound: true };
      // The editor showed the latest state: a pending revision's images and schedule, or the page's.
      const { latest: current } = await liveAndLatest(trx, DEPARTMENT_KIND, row);
      const removing = {
        page_titular_photo: input.quitar_page_titular_photo,
        page_first_image: input.quitar_page_first_image,
        page_second_image: input.quitar_page_second_image,
      };
      // An image a visitor sees needs its description (the titular's photo is described by the name beside it).
      const issues: DepartmentIssues = {};
      for (const [field, alt] of [
        ["page_first_image", "page_first_image_alt"],
        ["page_second_image", "page_second_image_alt"],
      ] as const) {
        const keeps = uploads[field] !== undefined || (current[field] !== null && !removing[field]);
        if (keeps && !input[alt]) issues[alt] = [`Describa la imagen en «${DEPARTMENT_FIELD_LABELS[alt]}» (lo que leen los lectores de pantalla).`];
      }
      const when = nextPublication(input, current, now);
      if (!when.ok) issues.publishAt = when.issues.publishAt;
      if (Object.keys(issues).length > 0 || !when.ok) return { ok: false, issues };

      const images = {} as Record<DepartmentImageField, string | null>;
      for (const field of DEPARTMENT_IMAGE_FIELDS) {
        const upload = uploads[field];
        images[field] = upload ? await storeFile(trx, upload, "public") : removing[field] ? null : current[field];
      }
      const next: DepartmentSnapshot = {
        page_title: input.page_title,
        summary: input.summary,
        tipo_departamento: input.tipo_departamento,
        page_titular: input.page_titular || null,
        page_titular_grade: input.page_titular_grade || null,
        page_titular_photo: images.page_titular_photo,
        page_first_content: input.page_first_content ?? "",
        page_second_content: input.page_second_content ?? "",
        page_first_image: images.page_first_image,
        page_first_image_alt: images.page_first_image ? (input.page_first_image_alt ?? "") : "",
        page_second_image: images.page_second_image,
        page_second_image_alt: images.page_second_image ? (input.page_second_image_alt ?? "") : "",
        page_staff: input.page_staff,
        ...when.state,
      };
      const result = await saveState(trx, DEPARTMENT_KIND, row, next, { action: "editar", actor, requestId, now });
      const address = `/direccion/${row.slug}`;
      return { ok: true, message: result.went === "pending" ? pendingSavedMessage(address, next) : savedMessage(address, next.status) };
    }),
  );
}

/**
 * Brings back an earlier version of a department page (every field) as a new revision; a published
 * page stays published (publication.server.ts's restoreVersion).
 */
export function restoreDepartmentRevision(
  db: Kysely<DB>,
  id: number,
  number: number,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
  mode: RestoreMode = "publicar",
) {
  return restoreVersion(
    db,
    DEPARTMENT_KIND,
    id,
    number,
    mode,
    // Files are never deleted, but a restored image must still exist (the column references it).
    async (trx, row, old) => ({
      ...snapshotOf(row),
      ...old,
      page_staff: Array.isArray(old.page_staff) ? old.page_staff.filter((s) => isSafeStaffLink(s.link)) : [],
      page_titular_photo: await existingFileId(trx, old.page_titular_photo),
      page_first_image: await existingFileId(trx, old.page_first_image),
      page_second_image: await existingFileId(trx, old.page_second_image),
    }),
    { actor, requestId, now, notFound: "No encontramos esa versión de la página." },
  );
}

/** Publishes the department pages whose scheduled time has come (see scheduledPublisher). */
export const publishDueDepartmentPages = scheduledPublisher(DEPARTMENT_KIND);
