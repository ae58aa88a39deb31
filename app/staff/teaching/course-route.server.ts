import type { ActionFunctionArgs, TypedResponse } from "@remix-run/node";
import { staffIntent } from "~/actions/pipeline.server";
import { courseConflicts, saveCourse } from "~/courses/course-admin.server";
import { courseCrossFieldErrors, courseSchema } from "~/courses/course-form";
import { db } from "~/db.server";

export { COURSE_FILE_RULES } from "./admin-uploads.server";

/** The 413 of a course form whose files weigh more than the page takes. */
export const COURSE_FILES_TOO_LARGE = "Los archivos pesan más de lo permitido (imagen 2 MB, programa 10 MB).";

/**
 * The course form's intent (new and edit), for a route's `staffAction` with
 * `read: uploadBody(COURSE_FILE_RULES, …)`: the zod schema, the checks between fields and against
 * the database (every error at once, the typed values kept, never the files), then saveCourse,
 * which checks again in its transaction.
 */
export function courseFormIntent(
  courseIdOf: (args: ActionFunctionArgs) => number | null,
  done: (saved: { courseId: number; created: boolean }) => Promise<TypedResponse<never>>,
) {
  return staffIntent({
    schema: courseSchema,
    precheck: async (fields, args) => {
      const raw = (name: string) => {
        const value = fields.get(name);
        return typeof value === "string" ? value : undefined;
      };
      const capacityText = raw("course_max_range")?.trim() ?? "";
      const conflicts = await courseConflicts(db, courseIdOf(args), {
        courseUrl: raw("course_url"),
        capacity: /^\d{1,7}$/.test(capacityText) ? Number(capacityText) : null,
      });
      const crossField = courseCrossFieldErrors({
        start: raw("course_start_date"),
        finish: raw("course_finish_date"),
        modality: raw("modality_id"),
        venue: raw("venue"),
      });
      const checks: Record<string, string[]> = {};
      for (const map of [crossField, conflicts] as Record<string, string[] | undefined>[]) {
        for (const [name, messages] of Object.entries(map)) if (messages?.length) checks[name] = [...(checks[name] ?? []), ...messages];
      }
      return checks;
    },
    step: (ctx, { value, files, args }) =>
      saveCourse(db, ctx, { courseId: courseIdOf(args), value, image: files.get("course_image"), pdf: files.get("course_pdf") }),
    done,
  });
}
