import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { db } from "~/db.server";
import { profileUpdateSchema, resolveGradeAndInstitution, type FieldErrors } from "./account-forms";
import { FILE_MESSAGES } from "./documents";
import { replaceDocument, updateProfile } from "./participants.server";
import type { SessionUser } from "./session.server";
import { parseUploadForm } from "./uploads.server";

export type ProfileActionOutcome =
  | { ok: true; intent: "update-profile" | "replace-document"; message: string }
  | { ok: false; status: 400 | 404 | 413; intent: "update-profile" | "replace-document" | null; documentId: number | null; result: SubmissionResult<string[]> };

/**
 * The two forms of /profile: the editable data (intent=update-profile) and one document's
 * replacement (intent=replace-document, multipart, the same checks as registration).
 */
export async function handleProfileAction(request: Request, user: SessionUser): Promise<ProfileActionOutcome> {
  const form = await parseUploadForm(request, ["document"]);
  if (!form.ok) {
    const result = parseWithZod(new FormData(), { schema: profileUpdateSchema }).reply({
      formErrors: [form.reason === "too-large" ? FILE_MESSAGES.tooLarge : "No pudimos leer el formulario. Vuelva a intentarlo."],
    });
    return { ok: false, status: form.reason === "too-large" ? 413 : 400, intent: null, documentId: null, result };
  }
  const intent = form.fields.get("intent");

  if (intent === "replace-document") {
    const documentId = Number(form.fields.get("documentId"));
    const submission = parseWithZod(form.fields, { schema: profileUpdateSchema.pick({}) });
    const fileErrors: FieldErrors = { ...form.fileErrors };
    const file = form.files.get("document");
    if (!file && !fileErrors.document) fileErrors.document = [FILE_MESSAGES.missing];
    if (!Number.isInteger(documentId) || documentId <= 0) {
      return { ok: false, status: 404, intent, documentId: null, result: submission.reply({ formErrors: ["El documento no existe."] }) };
    }
    if (!file) return { ok: false, status: 400, intent, documentId, result: submission.reply({ fieldErrors: fileErrors }) };
    const outcome = await replaceDocument(db, user.id, documentId, file);
    if (!outcome.ok) {
      const message = outcome.reason === "approved" ? "Este documento ya fue aprobado y no se puede reemplazar." : "El documento no existe.";
      return { ok: false, status: outcome.reason === "approved" ? 400 : 404, intent, documentId, result: submission.reply({ formErrors: [message] }) };
    }
    return { ok: true, intent, message: "Recibimos su documento. Quedó pendiente de revisión." };
  }

  const submission = parseWithZod(form.fields, { schema: profileUpdateSchema });
  const field = (name: string) => {
    const value = form.fields.get(name);
    return typeof value === "string" ? value : null;
  };
  const resolved = resolveGradeAndInstitution({
    role: user.profile,
    grade: field("student_grade"),
    gradeOther: field("student_grade_other"),
    institution: field("student_institution"),
    institutionOther: field("student_institution_other"),
  });
  if (submission.status !== "success" || Object.keys(resolved.errors).length > 0 || !resolved.grade || !resolved.institution) {
    const fieldErrors: FieldErrors = { ...resolved.errors };
    const schemaErrors = submission.status === "success" ? {} : (submission.error ?? {});
    for (const [name, messages] of Object.entries(schemaErrors)) if (messages?.length) fieldErrors[name] = messages;
    return { ok: false, status: 400, intent: "update-profile", documentId: null, result: submission.reply({ fieldErrors }) };
  }
  const value = submission.value;
  await updateProfile(db, user.id, {
    name: value.student_name,
    grade: resolved.grade,
    institution: resolved.institution,
    age: value.student_age,
    graduated: value.student_graduated,
    nationality: value.student_nationality,
    state: value.student_state,
    phone: value.student_phone,
  });
  return { ok: true, intent: "update-profile", message: "Guardamos sus datos." };
}
