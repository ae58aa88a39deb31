import { FIELD_MESSAGES } from "./field-messages";
import type { Kysely } from "kysely";
import { refuse, type Outcome } from "~/actions/outcome";
import type { PublicCourse } from "~/courses/courses.server";
import { fixedEnrolmentModality, MODALITY, type ModalityId } from "~/courses/modality";
import type { Profile } from "~/courses/pricing";
import type { DB, Graduated } from "~/db.server";
import type { z } from "zod";
import { EMAIL_TAKEN_MESSAGE, type FieldErrors, type ModalityChoice, type registrationSchema } from "./account-forms";
import { DOCUMENTS_BY_ROLE, MISSING_DOCUMENT_MESSAGES, type DocumentField } from "./documents";
import { isEmailRegistered, registerParticipant, type ParticipantSummary } from "./participants.server";
import { checkUpload } from "./uploads.server";

export { EMAIL_TAKEN_MESSAGE };

/** What the registration form needs to know about the course chosen in the catalogue. */
export interface RegistrationCourse {
  id: number;
  name: string;
  modalityId: ModalityId;
  /** In-person seats are left now (capacity minus confirmed and held seats). */
  presencialAvailable: boolean;
}

/** `seatsLeft`: free in-person seats now (freeSeats in app/enrolment/enrolment.server.ts). */
export function toRegistrationCourse(course: PublicCourse, seatsLeft: number): RegistrationCourse {
  return {
    id: course.course_id,
    name: course.course_name,
    modalityId: course.modality_id,
    presencialAvailable: course.modality_id !== MODALITY.EN_LINEA && seatsLeft > 0,
  };
}

/** A document as it arrived: its name and bytes (checked here by content, whoever sends it). */
export interface UploadedDocument {
  fileName: string;
  bytes: Uint8Array;
}

/**
 * A registration, already parsed and validated field by field (the form through zod and conform,
 * or the JSON API): free of Request and FormData so every client calls the same function.
 */
export interface RegistrationInput {
  name: string;
  role: Profile;
  grade: string;
  institution: string;
  email: string;
  password: string;
  age: number;
  /** null: not sent (the API allows it); asked at the participant's first sign-in. */
  graduated: Graduated | null;
  nationality: string;
  state: string;
  phone: string;
  /** The modality asked for, when the chosen course lets the participant choose. */
  modality: ModalityChoice | null;
  /** The documents by field (student_license, student_license_part_2). */
  documents: Partial<Record<DocumentField, UploadedDocument>>;
  /** The course chosen in the catalogue before registering, if any. */
  course: RegistrationCourse | null;
}

/**
 * The seed's registration payload (student_*), already parsed by `registrationSchema`, as the
 * domain's input: the one mapping that `/register` and `POST /api/auth/create-user` share. Only
 * the API may leave student_graduated out.
 */
export function registrationInputFrom(
  value: Omit<z.output<typeof registrationSchema>, "student_graduated"> & { student_graduated?: Graduated },
  resolved: { grade: string; institution: string },
  extras: Pick<RegistrationInput, "modality" | "documents" | "course">,
): RegistrationInput {
  return {
    name: value.student_name,
    role: value.student_role,
    grade: resolved.grade,
    institution: resolved.institution,
    email: value.student_email,
    password: value.student_password,
    age: value.student_age,
    graduated: value.student_graduated ?? null,
    nationality: value.student_nationality,
    state: value.student_state,
    phone: value.student_phone,
    ...extras,
  };
}

/** Refused 400 with every message by field (code "email-taken" when the e-mail was taken meanwhile). */
export type RegistrationResult = Outcome<{ participantId: number; participant: ParticipantSummary; modality: ModalityChoice | null }>;

/** The documents' messages by field: each required one present and really a JPG, PNG or PDF of at most 1 MB. */
export function documentErrors(role: Profile, documents: RegistrationInput["documents"]): FieldErrors {
  const errors: FieldErrors = {};
  for (const document of DOCUMENTS_BY_ROLE[role]) {
    const uploaded = documents[document.field];
    if (!uploaded) errors[document.field] = [MISSING_DOCUMENT_MESSAGES[document.field]];
    else {
      const check = checkUpload(uploaded.fileName, uploaded.bytes);
      if (!check.ok) errors[document.field] = check.problem.form;
    }
  }
  return errors;
}

/** The modality the enrolment will have, or the message for the field. */
export function resolveModality(
  course: RegistrationCourse | null,
  chosen: ModalityChoice | null,
): { modality: ModalityChoice | null; error?: string } {
  if (!course) return { modality: null };
  const fixed = fixedEnrolmentModality(course.modalityId);
  if (fixed) return { modality: fixed };
  if (!chosen) return { modality: null, error: FIELD_MESSAGES.modality };
  if (chosen === "presencial" && !course.presencialAvailable)
    return { modality: null, error: "No quedan lugares presenciales en este curso. Elija en línea." };
  return { modality: chosen };
}

/**
 * Registers a participant: checks what only the server can (the documents by content, the
 * modality against the course, the e-mail not taken), then creates the account with its
 * documents in one transaction (participants.server.ts registerParticipant). On any problem
 * nothing is stored and every message comes back by field.
 */
export async function registerAccount(db: Kysely<DB>, input: RegistrationInput): Promise<RegistrationResult> {
  const errors: FieldErrors = documentErrors(input.role, input.documents);
  const modality = resolveModality(input.course, input.modality);
  if (modality.error) errors.student_modality = [modality.error];
  if (await isEmailRegistered(db, input.email)) errors.student_email = [EMAIL_TAKEN_MESSAGE];
  if (Object.keys(errors).length > 0) return refuse(400, { fields: errors });

  const outcome = await registerParticipant(
    db,
    {
      name: input.name,
      grade: input.grade,
      institution: input.institution,
      email: input.email,
      password: input.password,
      age: input.age,
      graduated: input.graduated,
      nationality: input.nationality,
      state: input.state,
      phone: input.phone,
      role: input.role,
    },
    DOCUMENTS_BY_ROLE[input.role].map((document) => {
      const check = checkUpload(input.documents[document.field]!.fileName, input.documents[document.field]!.bytes);
      if (!check.ok) throw new Error("unreachable: checked above");
      return { kind: document.kind, file: check.file };
    }),
  );
  // Someone registered the same e-mail between the check and the insert.
  if (!outcome.ok) return refuse(400, outcome.problem);
  return { ok: true, participantId: outcome.participant.id, participant: outcome.participant, modality: modality.modality };
}
