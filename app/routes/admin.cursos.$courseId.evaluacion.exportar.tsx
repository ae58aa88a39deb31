import type { LoaderFunctionArgs } from "@remix-run/node";
import { evaluationResults, recordResultsExport, resultColumns } from "~/completion/evaluation-results.server";
import { getAdminCourse } from "~/courses/course-admin.server";
import { staffContextOf } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import { csvFile, requestedSpreadsheetFormat, spreadsheetResponse, xlsxFile } from "~/staff/spreadsheet.server";
import { staffAccessOf } from "~/staff/access-registry";
import { idParam, requireStaffForResource } from "~/staff/teaching/route-helpers.server";

export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.evaluacion.exportar");

/** A course's evaluation results and survey answers, one row per participant, as CSV or XLSX; audited. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const course = await getAdminCourse(db, idParam(params.courseId));
  if (!course) throw new Response("No encontrado", { status: 404 });
  const format = requestedSpreadsheetFormat(request);
  const evaluation = await db
    .selectFrom("course_evaluations")
    .select("attempts_allowed")
    .where("course_id", "=", course.course_id)
    .executeTakeFirst();
  const rows = await evaluationResults(db, course.course_id);
  const columns = resultColumns(evaluation?.attempts_allowed ?? 2);
  const body = format === "csv" ? csvFile(columns, rows) : await xlsxFile(columns, rows);
  await recordResultsExport(db, staffContextOf(staff, context), course.course_id, format, rows.length);
  return spreadsheetResponse(body, format, `evaluacion-${course.course_url ?? course.course_id}.${format}`);
}
