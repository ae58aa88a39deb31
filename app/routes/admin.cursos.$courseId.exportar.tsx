import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminCourse } from "~/courses/course-admin.server";
import { db } from "~/db.server";
import { requestedSpreadsheetFormat, spreadsheetResponse } from "~/staff/spreadsheet.server";
import type { StaffAccess } from "~/staff/staff";
import { enrolmentExportRows, enrolmentsCsv, enrolmentsXlsx, recordAttendanceExport } from "~/staff/teaching/enrolments-admin.server";
import { idParam, requireStaffForResource, staffContextFor } from "~/staff/teaching/route-helpers.server";

/** Exports: the Teaching office and finance. */
export const staffAccess = ["ensenanza", "finanzas"] as const satisfies StaffAccess;

/** A course's enrolments with their payments (the attendance list) as CSV (UTF-8 with BOM, for Excel) or XLSX. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const course = await getAdminCourse(db, idParam(params.courseId));
  if (!course) throw new Response("No encontrado", { status: 404 });
  const format = requestedSpreadsheetFormat(request);
  const rows = await enrolmentExportRows(db, course.course_id);
  await recordAttendanceExport(db, staffContextFor(staff, context), course.course_id, format, rows.length);
  const body = format === "csv" ? enrolmentsCsv(rows) : await enrolmentsXlsx(rows);
  return spreadsheetResponse(body, format, `asistencia-${course.course_url ?? course.course_id}.${format}`);
}
