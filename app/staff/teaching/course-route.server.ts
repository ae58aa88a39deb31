import type { AppLoadContext } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { courseConflicts, saveCourse } from "~/courses/course-admin.server";
import { courseCrossFieldErrors, courseSchema } from "~/courses/course-form";
import { db } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { COURSE_FILE_RULES, parseAdminForm } from "./admin-uploads.server";
import { mergeErrors, staffContextFor } from "./route-helpers.server";

export type CourseFormOutcome =
  { ok: true; courseId: number; created: boolean } | { ok: false; status: 400 | 404 | 413; result: SubmissionResult<string[]> };

/**
 * The course form's post (new and edit): the multipart body with the image and programme, the
 * zod schema, the checks between fields and against the database — every error at once, the
 * typed values kept (never the files) — then saveCourse, which checks again in its transaction.
 */
export async function handleCourseForm(
  request: Request,
  context: AppLoadContext,
  staff: StaffUser,
  courseId: number | null,
): Promise<CourseFormOutcome> {
  const form = await parseAdminForm(request, COURSE_FILE_RULES);
  if (!form.ok) {
    const result = parseWithZod(new FormData(), { schema: courseSchema }).reply({
      formErrors: [
        form.reason === "too-large"
          ? "Los archivos pesan más de lo permitido (imagen 2 MB, programa 10 MB)."
          : "No pudimos leer el formulario. Vuelva a intentarlo.",
      ],
    });
    return { ok: false, status: form.reason === "too-large" ? 413 : 400, result };
  }
  const submission = parseWithZod(form.fields, { schema: courseSchema });
  const raw = (name: string) => {
    const value = form.fields.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const capacityText = raw("course_max_range")?.trim() ?? "";
  const conflicts = await courseConflicts(db, courseId, {
    courseUrl: raw("course_url"),
    capacity: /^\d{1,7}$/.test(capacityText) ? Number(capacityText) : null,
  });
  const crossField = courseCrossFieldErrors({
    start: raw("course_start_date"),
    finish: raw("course_finish_date"),
    modality: raw("modality_id"),
    venue: raw("venue"),
  });
  const schemaErrors = submission.status === "success" ? {} : (submission.error ?? {});
  const fieldErrors = mergeErrors(schemaErrors, crossField, conflicts, form.fileErrors);
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    return { ok: false, status: 400, result: submission.reply({ fieldErrors }) };
  }
  const saved = await saveCourse(db, staffContextFor(staff, context), {
    courseId,
    value: submission.value,
    image: form.files.get("course_image"),
    pdf: form.files.get("course_pdf"),
  });
  if (!saved.ok) {
    if (saved.reason === "not-found") return { ok: false, status: 404, result: submission.reply({ formErrors: ["El curso no existe."] }) };
    return { ok: false, status: 400, result: submission.reply({ fieldErrors: saved.fieldErrors }) };
  }
  return saved;
}
