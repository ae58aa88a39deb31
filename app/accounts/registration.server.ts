import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { PublicCourse } from "~/courses/courses.server";
import { db } from "~/db.server";
import {
  registrationSchema,
  resolveGradeAndInstitution,
  type FieldErrors,
  type ModalityChoice,
} from "./account-forms";
import { DOCUMENT_FIELDS, DOCUMENTS_BY_ROLE, FILE_MESSAGES } from "./documents";
import { isEmailRegistered, registerParticipant, type ParticipantSummary } from "./participants.server";
import { parseUploadForm } from "./uploads.server";

export const EMAIL_TAKEN_MESSAGE =
  "Ya existe una cuenta con este correo electrónico. Inicie sesión o recupere su contraseña si la olvidó.";

/** What the registration form needs to know about the course chosen in the catalogue. */
export interface RegistrationCourse {
  id: number;
  name: string;
  modalityId: 1 | 2 | 3;
  /** In-person seats are left now (capacity minus confirmed and held seats). */
  presencialAvailable: boolean;
}

/** `seatsLeft`: free in-person seats now (freeSeats in app/enrolment/enrolment.server.ts). */
export function toRegistrationCourse(course: PublicCourse, seatsLeft: number): RegistrationCourse {
  return {
    id: course.course_id,
    name: course.course_name,
    modalityId: course.modality_id,
    presencialAvailable: course.modality_id !== 2 && seatsLeft > 0,
  };
}

export type RegistrationOutcome =
  | { ok: true; participant: ParticipantSummary; modality: ModalityChoice | null }
  | { ok: false; status: 400 | 413; result: SubmissionResult<string[]> };

function mergeErrors(...sources: (Record<string, string[] | null> | undefined)[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const source of sources) {
    for (const [name, messages] of Object.entries(source ?? {})) {
      if (!messages?.length) continue;
      merged[name] = [...(merged[name] ?? []), ...messages.filter((m) => !merged[name]?.includes(m))];
    }
  }
  return merged;
}

/**
 * The registration: reads the multipart form (files checked by content), validates every field
 * at once, and creates the account with its documents in one transaction. On any problem nothing
 * is stored and the result carries every message, the typed values, and never the password.
 */
export async function submitRegistration(request: Request, course: RegistrationCourse | null): Promise<RegistrationOutcome> {
  const form = await parseUploadForm(request, DOCUMENT_FIELDS);
  if (!form.ok) {
    const submission = parseWithZod(new FormData(), { schema: registrationSchema });
    const message =
      form.reason === "too-large"
        ? "El envío es demasiado grande. Cada archivo debe pesar como máximo 1 MB."
        : "No pudimos leer el formulario. Vuelva a intentarlo.";
    return { ok: false, status: form.reason === "too-large" ? 413 : 400, result: submission.reply({ formErrors: [message] }) };
  }

  const submission = parseWithZod(form.fields, { schema: registrationSchema });
  const field = (name: string) => {
    const value = form.fields.get(name);
    return typeof value === "string" ? value : null;
  };
  const role = submission.status === "success" ? submission.value.student_role : registrationSchema.shape.student_role.safeParse(field("student_role")).data;
  const resolved = resolveGradeAndInstitution({
    role: role ?? null,
    grade: field("student_grade"),
    gradeOther: field("student_grade_other"),
    institution: field("student_institution"),
    institutionOther: field("student_institution_other"),
  });

  // Documents: the profile says which; a refused file keeps its own message.
  const documentErrors: FieldErrors = {};
  const required = role ? DOCUMENTS_BY_ROLE[role] : [];
  for (const document of required) {
    if (form.fileErrors[document.field]) documentErrors[document.field] = form.fileErrors[document.field]!;
    else if (!form.files.has(document.field)) documentErrors[document.field] = [FILE_MESSAGES.missing];
  }
  if (!role) Object.assign(documentErrors, form.fileErrors);

  const modalityErrors: FieldErrors = {};
  let modality: ModalityChoice | null = null;
  if (course) {
    if (course.modalityId === 1) modality = "presencial";
    else if (course.modalityId === 2) modality = "en_linea";
    else {
      const chosen = registrationSchema.shape.student_modality.safeParse(field("student_modality") ?? undefined).data ?? null;
      if (!chosen) modalityErrors.student_modality = ["Elija cómo tomará el curso: presencial o en línea."];
      else if (chosen === "presencial" && !course.presencialAvailable) modalityErrors.student_modality = ["No quedan lugares presenciales en este curso. Elija en línea."];
      else modality = chosen;
    }
  }

  const emailErrors: FieldErrors = {};
  if (submission.status === "success" && (await isEmailRegistered(db, submission.value.student_email))) {
    emailErrors.student_email = [EMAIL_TAKEN_MESSAGE];
  }

  const fieldErrors = mergeErrors(
    submission.status === "success" ? undefined : (submission.error ?? undefined),
    resolved.errors,
    documentErrors,
    modalityErrors,
    emailErrors,
  );
  const refuse = (errors: FieldErrors) =>
    ({ ok: false, status: 400, result: submission.reply({ fieldErrors: errors, hideFields: ["student_password"] }) }) as const;

  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0 || !resolved.grade || !resolved.institution) {
    return refuse(fieldErrors);
  }

  const value = submission.value;
  const outcome = await registerParticipant(
    db,
    {
      name: value.student_name,
      grade: resolved.grade,
      institution: resolved.institution,
      email: value.student_email,
      password: value.student_password,
      age: value.student_age,
      graduated: value.student_graduated,
      nationality: value.student_nationality,
      state: value.student_state,
      phone: value.student_phone,
      role: value.student_role,
    },
    DOCUMENTS_BY_ROLE[value.student_role].map((document) => ({ kind: document.kind, file: form.files.get(document.field)! })),
  );
  // Someone registered the same e-mail between the check and the insert.
  if (!outcome.ok) return refuse({ student_email: [EMAIL_TAKEN_MESSAGE] });
  return { ok: true, participant: outcome.participant, modality };
}
