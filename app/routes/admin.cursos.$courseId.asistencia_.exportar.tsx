import type { LoaderFunctionArgs } from "@remix-run/node";
import { attendanceCourse, attendanceExportBatches, attendanceExportColumns, recordDailyAttendanceExport } from "~/completion/attendance.server";
import { db } from "~/db.server";
import { openReadSnapshot } from "~/staff/read-snapshot.server";
import { requestedSpreadsheetFormat, spreadsheetResponse, spreadsheetStream } from "~/staff/spreadsheet.server";
import type { StaffAccess } from "~/staff/staff";
import { idParam, requireStaffForResource, staffContextFor } from "~/staff/teaching/route-helpers.server";

/** The Teaching office. */
export const staffAccess = ["ensenanza"] as const satisfies StaffAccess;

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
        await recordDailyAttendanceExport(db, staffContextFor(staff, context), course.id, format, rows);
      } finally {
        await snapshot.close();
      }
    },
  });
  return spreadsheetResponse(body, format, `asistencia-por-dia-${course.id}.${format}`);
}
