import type { Kysely } from "kysely";
import type { DB, ModalityId } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";

/**
 * One course as the old client reads it from GET /api/courses/all-courses. The field names are
 * the old back end's; the values are decided here: prices in pesos (the database keeps
 * centavos), absolute URLs, calendar dates. Nothing else leaves: never course_password,
 * online_access_url or course_content (the query below does not even select them).
 */
export interface ApiCourse {
  course_id: number;
  course_name: string;
  course_image: string | null;
  course_start_date: string;
  course_finish_date: string;
  month_id: number;
  modality_id: ModalityId;
  course_price: number;
  course_student_price: number;
  course_employee_price: number;
  course_max_range: number;
  course_aditionals: string | null;
  course_pdf: string | null;
  course_able: 0 | 1;
  course_url: string | null;
}

const pesos = (centavos: number) => centavos / 100;

/**
 * Every course of the catalogue (the catalogue has no drafts: a course in the table is published),
 * by start date. `origin` makes the image, programme and course-page URLs absolute.
 */
export async function listApiCourses(db: Kysely<DB>, origin: string): Promise<ApiCourse[]> {
  const rows = await db
    .selectFrom("courses")
    .select([
      "course_id",
      "course_name",
      "course_summary",
      "course_image_file_id",
      "course_pdf_file_id",
      "course_start_date",
      "course_finish_date",
      "month_id",
      "modality_id",
      "course_price",
      "course_student_price",
      "course_employee_price",
      "course_max_range",
      "course_able",
      "course_url",
    ])
    .orderBy("course_start_date")
    .orderBy("course_id")
    .execute();
  const absolute = (path: string) => new URL(path, origin).href;
  return rows.map((row) => ({
    course_id: row.course_id,
    course_name: row.course_name,
    course_image: row.course_image_file_id ? absolute(publicFileUrl(row.course_image_file_id)) : null,
    course_start_date: row.course_start_date,
    course_finish_date: row.course_finish_date,
    month_id: row.month_id,
    modality_id: row.modality_id,
    course_price: pesos(row.course_price),
    course_student_price: pesos(row.course_student_price),
    course_employee_price: pesos(row.course_employee_price),
    course_max_range: row.course_max_range,
    // The old "additional information" text: the course's public summary.
    course_aditionals: row.course_summary.trim() || null,
    course_pdf: row.course_pdf_file_id ? absolute(publicFileUrl(row.course_pdf_file_id)) : null,
    course_able: row.course_able === 1 ? 1 : 0,
    course_url: row.course_url,
  }));
}
