import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from "kysely";
import { z } from "zod";
import { column, textContains } from "~/utils/text-search.server";
import type { CoursesTable, DB } from "~/db.server";
import { seatsTaken } from "~/enrolment/enrolment.server";
import { seatFreed } from "~/enrolment/waitlist.server";
import { storeFile } from "~/files/files.server";
import type { AdminUpload } from "~/staff/teaching/admin-uploads.server";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import { audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import {
  boundedCount,
  COUNT_LIMIT,
  keysetTerms,
  pageFrom,
  type BoundedCount,
  type KeysetPage,
  type PagePosition,
} from "~/utils/keyset-paging.server";
import type { CourseFormValue } from "./course-form";
import { hasInPersonSeats, type ModalityId } from "./modality";
import * as clock from "~/utils/clock.server";

export type AdminCourse = Selectable<CoursesTable>;

export interface CourseFilters {
  q?: string | null;
  month?: number | null;
  open?: "abiertos" | "cerrados" | null;
  modality?: ModalityId | null;
  archived?: boolean;
}

export interface AdminCourseRow {
  id: number;
  name: string;
  courseUrl: string | null;
  startDate: string;
  finishDate: string;
  monthId: number;
  modalityId: ModalityId;
  open: boolean;
  archived: boolean;
  capacity: number;
  liveEnrolments: number;
  confirmed: number;
}

export const COURSES_PAGE_SIZE = 50;

/** A position in the staff course list: (start date, id), latest first. */
export const courseCursor = z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.number().int().min(1).max(999_999_999)]);
export type CourseKey = z.infer<typeof courseCursor>;

export interface AdminCoursePage extends KeysetPage<AdminCourseRow> {
  total: BoundedCount;
}

function courseConditions(eb: ExpressionBuilder<DB & { c: DB["courses"] }, "c">, filters: CourseFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const q = filters.q?.trim();
  if (q) {
    conditions.push(eb.or([textContains(column("c.course_name"), q), textContains(column("c.course_url"), q)]));
  }
  if (filters.month !== null && filters.month !== undefined) conditions.push(eb("c.month_id", "=", filters.month));
  if (filters.open === "abiertos") conditions.push(eb("c.course_able", "=", 1));
  if (filters.open === "cerrados") conditions.push(eb("c.course_able", "=", 0));
  if (filters.modality) conditions.push(eb("c.modality_id", "=", filters.modality));
  conditions.push(filters.archived ? eb("c.archived_at", "is not", null) : eb("c.archived_at", "is", null));
  return conditions;
}

/**
 * The staff list of courses: search by name or address, filter by month, open/closed, modality;
 * latest start first, one page at a time by keyset (courses_start). Only the page's courses get
 * their enrolments counted (through enrolments_course_seats).
 */
export async function listAdminCourses(
  db: Kysely<DB>,
  filters: CourseFilters,
  position: PagePosition<CourseKey> | null = null,
  limit = COURSES_PAGE_SIZE,
): Promise<AdminCoursePage> {
  const keyset = keysetTerms([sql`c.course_start_date`, sql`c.course_id`], "desc", position);
  const page = db
    .selectFrom("courses as c")
    .select(["c.course_id", "c.course_start_date"])
    .where((eb) => eb.and([...courseConditions(eb, filters), ...(keyset.where ? [keyset.where] : [])]))
    .orderBy("c.course_start_date", keyset.order)
    .orderBy("c.course_id", keyset.order)
    .limit(limit + 1);
  const rowsQuery = db
    .selectFrom(page.as("page"))
    .innerJoin("courses as c", "c.course_id", "page.course_id")
    .select([
      "c.course_id",
      "c.course_name",
      "c.course_url",
      "c.course_start_date",
      "c.course_finish_date",
      "c.month_id",
      "c.modality_id",
      "c.course_able",
      "c.archived_at",
      "c.course_max_range",
      sql<number>`(SELECT count(*) FROM enrolments e WHERE e.course_id = c.course_id AND e.status NOT IN ('rechazada', 'cancelada'))`.as("live"),
      sql<number>`(SELECT count(*) FROM enrolments e WHERE e.course_id = c.course_id AND e.status = 'confirmada')`.as("confirmed"),
    ])
    .orderBy("page.course_start_date", keyset.order)
    .orderBy("page.course_id", keyset.order);
  const countQuery = db
    .selectFrom(
      db
        .selectFrom("courses as c")
        .select(sql<number>`1`.as("one"))
        .where((eb) => eb.and(courseConditions(eb, filters)))
        .limit(COUNT_LIMIT + 1)
        .as("counted"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"));
  const [rows, counted] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  const result = pageFrom(
    rows.map((row) => ({
      id: row.course_id,
      name: row.course_name,
      courseUrl: row.course_url,
      startDate: row.course_start_date,
      finishDate: row.course_finish_date,
      monthId: row.month_id,
      modalityId: row.modality_id,
      open: row.course_able === 1,
      archived: row.archived_at !== null,
      capacity: row.course_max_range,
      liveEnrolments: Number(row.live),
      confirmed: Number(row.confirmed),
    })),
    limit,
    position,
    (row) => [row.startDate, row.id],
  );
  return { ...result, total: boundedCount(Number(counted.n)) };
}

/** How many courses the participants list's course filter offers (the latest by start date). */
export const COURSE_OPTIONS_LIMIT = 200;

/**
 * The courses a staff filter offers: not archived, the latest by start date first, at most
 * COURSE_OPTIONS_LIMIT, plus the one already chosen. Names only: no enrolment counts.
 */
export async function listCourseOptions(db: Kysely<DB>, chosen: number | null = null): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .selectFrom("courses")
    .select(["course_id", "course_name"])
    .where("archived_at", "is", null)
    .orderBy("course_start_date", "desc")
    .orderBy("course_id", "desc")
    .limit(COURSE_OPTIONS_LIMIT)
    .execute();
  if (chosen !== null && !rows.some((row) => row.course_id === chosen)) {
    const course = await db.selectFrom("courses").select(["course_id", "course_name"]).where("course_id", "=", chosen).executeTakeFirst();
    if (course) rows.push(course);
  }
  return rows.map((row) => ({ id: row.course_id, name: row.course_name }));
}

export async function getAdminCourse(db: Kysely<DB>, courseId: number): Promise<AdminCourse | undefined> {
  return db.selectFrom("courses").selectAll().where("course_id", "=", courseId).executeTakeFirst();
}

/**
 * The checks that need the database, on the raw values (so they join the form's other errors):
 * the address already taken by another course, and a capacity below the seats already taken.
 */
export async function courseConflicts(
  db: Kysely<DB>,
  courseId: number | null,
  raw: { courseUrl?: string | null; capacity?: number | null },
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const url = raw.courseUrl?.trim();
  if (url) {
    let query = db.selectFrom("courses").select("course_id").where("course_url", "=", url);
    if (courseId !== null) query = query.where("course_id", "!=", courseId);
    if (await query.executeTakeFirst()) errors.course_url = [`La dirección «${url}» ya la usa otro curso. Elija otra.`];
  }
  if (courseId !== null && typeof raw.capacity === "number" && Number.isInteger(raw.capacity)) {
    const taken = await seatsTaken(db, courseId);
    if (raw.capacity < taken) {
      errors.course_max_range = [`El cupo no puede ser menor que los ${taken} lugares presenciales ya ocupados.`];
    }
  }
  return errors;
}

/** Refused 404 (no such course) or 400 "invalid" with the messages per field (a conflict found in the transaction). */
export type SaveCourseOutcome = Outcome<{ courseId: number; created: boolean }>;

// What the audit keeps of a course: everything but the file contents and the password itself.
function auditView(course: AdminCourse | undefined) {
  if (!course) return null;
  const { course_password, ...rest } = course;
  return { ...rest, course_password: course_password ? "(definida)" : null };
}

/**
 * Creates (courseId null) or edits a course, with its new image and programme when given. One
 * transaction: the conflicts are checked again inside it (another request may have taken the
 * address or a seat), files are stored as public (the catalogue shows them), a replaced file is
 * deleted, and the audit row is written; any refusal leaves nothing stored.
 */
export async function saveCourse(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { courseId: number | null; value: CourseFormValue; image?: AdminUpload; pdf?: AdminUpload },
): Promise<SaveCourseOutcome> {
  const { value } = input;
  return db.transaction().execute(async (trx) => {
    const before = input.courseId === null ? undefined : await getAdminCourse(trx, input.courseId);
    if (input.courseId !== null && !before) return notFound("El curso no existe.");
    const fieldErrors = await courseConflicts(trx, input.courseId, { courseUrl: value.course_url, capacity: value.course_max_range });
    if (value.course_finish_date < value.course_start_date)
      fieldErrors.course_finish_date = ["La fecha de término no puede ser anterior a la de inicio."];
    if (hasInPersonSeats(value.modality_id) && !value.venue) fieldErrors.venue = ["Escriba la sede: un curso presencial necesita dónde impartirse."];
    if (Object.keys(fieldErrors).length > 0) return refuse(400, { fields: fieldErrors, code: "invalid" });

    const imageId = input.image ? await storeFile(trx, input.image, "public") : undefined;
    const pdfId = input.pdf ? await storeFile(trx, input.pdf, "public") : undefined;
    const now = clock.nowIso();
    const columns = {
      course_name: value.course_name,
      course_summary: value.course_summary ?? "",
      course_start_date: value.course_start_date,
      course_finish_date: value.course_finish_date,
      course_price: value.course_price,
      course_student_price: value.course_student_price,
      course_employee_price: value.course_employee_price,
      course_url: value.course_url ?? null,
      course_password: value.course_password ?? null,
      course_able: value.course_able === "1" ? (1 as const) : (0 as const),
      course_max_range: value.course_max_range,
      modality_id: value.modality_id,
      month_id: value.month_id,
      capacity_wording: value.capacity_wording,
      venue: value.venue ?? null,
      online_access_url: value.online_access_url ?? null,
      ...(imageId ? { course_image_file_id: imageId } : {}),
      ...(pdfId ? { course_pdf_file_id: pdfId } : {}),
      updated_at: now,
    };
    let courseId: number;
    if (before) {
      courseId = before.course_id;
      await trx.updateTable("courses").set(columns).where("course_id", "=", courseId).execute();
      await seatFreed(trx, courseId); // the capacity may have been raised: the waitlist is offered the new seats
      // The old files are no longer referenced by anything.
      if (imageId && before.course_image_file_id) await trx.deleteFrom("stored_files").where("id", "=", before.course_image_file_id).execute();
      if (pdfId && before.course_pdf_file_id) await trx.deleteFrom("stored_files").where("id", "=", before.course_pdf_file_id).execute();
    } else {
      const inserted = await trx.insertInto("courses").values(columns).returning("course_id").executeTakeFirstOrThrow();
      courseId = inserted.course_id;
    }
    const after = await getAdminCourse(trx, courseId);
    await audit(trx, ctx, {
      action: before ? "curso.editar" : "curso.crear",
      entity: "course",
      entityId: courseId,
      before: auditView(before),
      after: auditView(after),
    });
    return { ok: true, courseId, created: !before } as const;
  });
}

export type CourseActionOutcome = Outcome<{ message: string }>;

/** Opens or closes enrolment in one click (an archived course stays closed). */
export async function setCourseEnrolmentOpen(db: Kysely<DB>, ctx: StaffContext, courseId: number, open: boolean): Promise<CourseActionOutcome> {
  return db.transaction().execute(async (trx) => {
    const before = await getAdminCourse(trx, courseId);
    if (!before) return notFound("El curso no existe.");
    if (open && before.archived_at) return refuse(400, "El curso está archivado; no se pueden abrir sus inscripciones.");
    const able = open ? 1 : 0;
    if (before.course_able !== able) {
      await trx.updateTable("courses").set({ course_able: able, updated_at: clock.nowIso() }).where("course_id", "=", courseId).execute();
      await audit(trx, ctx, {
        action: open ? "curso.abrir" : "curso.cerrar",
        entity: "course",
        entityId: courseId,
        before: { course_able: before.course_able },
        after: { course_able: able },
      });
    }
    return { ok: true, message: open ? `Inscripciones abiertas: ${before.course_name}.` : `Inscripciones cerradas: ${before.course_name}.` } as const;
  });
}

/**
 * Removes a course from the offer. A course that ever had an enrolment is archived (its
 * enrolments, payments and access PDFs keep pointing at it); one that never had any is deleted
 * with its files.
 */
export async function removeCourse(db: Kysely<DB>, ctx: StaffContext, courseId: number): Promise<Outcome<{ message: string; archived: boolean }>> {
  return db.transaction().execute(async (trx) => {
    const before = await getAdminCourse(trx, courseId);
    if (!before) return notFound("El curso no existe.");
    const enrolments = await trx
      .selectFrom("enrolments")
      .select(sql<number>`count(*)`.as("n"))
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow();
    if (Number(enrolments.n) > 0) {
      if (before.archived_at) return { ok: true, archived: true, message: `El curso ya estaba archivado: ${before.course_name}.` } as const;
      const now = clock.nowIso();
      await trx.updateTable("courses").set({ archived_at: now, course_able: 0, updated_at: now }).where("course_id", "=", courseId).execute();
      await audit(trx, ctx, {
        action: "curso.archivar",
        entity: "course",
        entityId: courseId,
        before: auditView(before),
        after: { archived_at: now, course_able: 0 },
      });
      return { ok: true, archived: true, message: `El curso tiene inscripciones, así que se archivó (no se borra): ${before.course_name}.` } as const;
    }
    await trx.deleteFrom("courses").where("course_id", "=", courseId).execute();
    for (const fileId of [before.course_image_file_id, before.course_pdf_file_id]) {
      if (fileId) await trx.deleteFrom("stored_files").where("id", "=", fileId).execute();
    }
    await audit(trx, ctx, { action: "curso.eliminar", entity: "course", entityId: courseId, before: auditView(before), after: null });
    return { ok: true, archived: false, message: `Curso eliminado: ${before.course_name}.` } as const;
  });
}
