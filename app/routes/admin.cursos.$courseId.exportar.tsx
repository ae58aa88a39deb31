import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { getAdminCourse } from "~/courses/course-admin.server";
import { db } from "~/db.server";
import { openReadSnapshot } from "~/staff/read-snapshot.server";
import { requestedSpreadsheetFormat, spreadsheetResponse, spreadsheetStream } from "~/staff/spreadsheet.server";
import { ENROLMENT_EXPORT_COLUMNS, enrolmentExportBatches, recordAttendanceExport } from "~/staff/teaching/enrolments-admin.server";
import { idParam, requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { staffContextOf } from "~/actions/pipeline.server";

/** Exports: the Teaching office and finance. */
export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.exportar");

/**
 * A course's enrolments with their payments (the attendance list) as CSV (UTF-8 with BOM, for
 * Excel) or XLSX, streamed from one read snapshot (decision 0040); audited when it ends.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const course = await getAdminCourse(db, idParam(params.courseId));
  if (!course) throw new Response("No encontrado", { status: 404 });
  const format = requestedSpreadsheetFormat(request);
  const snapshot = await openReadSnapshot();
  const body = spreadsheetStream(format, ENROLMENT_EXPORT_COLUMNS, enrolmentExportBatches(snapshot.db, course.course_id), {
    drained: context.responseDrained,
    // The audit row, once the file is out: how many rows left (all of them, or as many as were
    // written before the download stopped).
    onEnd: async (rows) => {
      try {
        await recordAttendanceExport(db, staffContextOf(staff, context), course.course_id, format, rows);
      } finally {
        await snapshot.close();
      }
    },
  });
  return spreadsheetResponse(body, format, `asistencia-${course.course_url ?? course.course_id}.${format}`);
}
