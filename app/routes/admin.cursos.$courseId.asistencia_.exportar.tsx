import type { LoaderFunctionArgs } from "@remix-run/node";
import { attendanceCourse, attendanceExportBatches, attendanceExportColumns, recordDailyAttendanceExport } from "~/completion/attendance.server";
import { staffContextOf } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import { openReadSnapshot } from "~/staff/read-snapshot.server";
import { requestedSpreadsheetFormat, spreadsheetResponse, spreadsheetStream } from "~/staff/spreadsheet.server";
import { staffAccessOf } from "~/staff/access-registry";
import { idParam, requireStaffForResource } from "~/staff/teaching/route-helpers.server";

/** The Teaching office. */
export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.asistencia_.exportar");

/**
 * A course's attendance, days × people (one column per course day with the check-in's time), as
 * CSV or XLSX, streamed from one read snapshot like the other exports (decision 0040); audited
 * when it ends.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const course = await attendanceCourse(db, idParam(params.courseId));
  if (!course) throw new Response("No encontrado", { status: 404 });
  const format = requestedSpreadsheetFormat(request);
  const snapshot = await openReadSnapshot();
  const body = spreadsheetStream(format, attendanceExportColumns(course.days), attendanceExportBatches(snapshot.db, course), {
    drained: context.responseDrained,
    onEnd: async (rows) => {
      try {
        await recordDailyAttendanceExport(db, staffContextOf(staff, context), course.id, format, rows);
      } finally {
        await snapshot.close();
      }
    },
  });
  return spreadsheetResponse(body, format, `asistencia-por-dia-${course.id}.${format}`);
}
