import crypto from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Kysely } from "kysely";
import type { z } from "zod";
import { refuse, type Outcome } from "~/actions/outcome";
import { registrationSchema, resolveGradeAndInstitution, type FieldErrors } from "~/accounts/account-forms";
import { DOCUMENTS_BY_ROLE, FILE_MESSAGES } from "~/accounts/documents";
import { isEmailRegistered } from "~/accounts/participants.server";
import { createResetToken, RESET_PATH } from "~/accounts/password-reset.server";
import { EMAIL_TAKEN_MESSAGE, registerAccount, registrationInputFrom, type RegistrationInput } from "~/accounts/registration.server";
import { canonicalStateName, STATE_NAMES_MESSAGE } from "~/accounts/state-names";
import { siteUrl } from "~/config.server";
import type { DB } from "~/db.server";
import { mailLog } from "~/mail/mail-log.server";
import { mailFor } from "~/mail/message";
import { sendMail } from "~/mail/mailer.server";
import { accountPasswordChoice } from "~/mail/messages/account-password-choice";
import { claimStagedUploads, consumeStagedUploads, releaseStagedUploads } from "./staged-uploads.server";

/** The seed's JSON student payload: the text fields (documents and the ignored id apart). */
const TEXT_FIELDS = [
  "student_name",
  "student_grade",
  "student_institution",
  "student_email",
  "student_password",
  "student_age",
  "student_graduated",
  "student_nationality",
  "student_state",
  "student_phone",
  "student_role",
] as const;

/**
 * /register's schema, except that student_graduated may be missing: the old site's client can
 * register without it. The answer is then unknown (stored as NULL, never invented) and asked for
 * at the participant's first sign-in (/profile/egresado).
 */
const apiRegistrationSchema = registrationSchema.extend({ student_graduated: registrationSchema.shape.student_graduated.optional() });

/** "Sí", "si", "SI" → "SÍ"; "no" → "NO"; anything else as sent (the schema refuses it). */
function graduatedAnswer(value: string): string {
  const folded = value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toUpperCase();
  if (folded === "SI") return "SÍ";
  if (folded === "NO") return "NO";
  return value;
}

/** Refused 400 with one message per field (the API answers `{ "errors": { field: message } }`). */
export type CreateUserResult = Outcome<{ participantId: number; passwordMailed: boolean }>;

/** A payload that passed every check a registration can make before it claims files and counts. */
export interface PreparedApiRegistration {
  value: z.output<typeof apiRegistrationSchema>;
  grade: string;
  institution: string;
  fileUrls: Record<string, unknown>;
  passwordGiven: boolean;
}

/** The refused registration's messages as the API answers them: one string per field. */
export function apiFieldErrors(fields: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, messages]) => [name, messages.join(" ")]));
}

/** The API answers one message per field: the form's list joined, and "Otro" folded into its field. */
function flatten(errors: FieldErrors): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors)) {
    if (!messages?.length) continue;
    const field = name.replace(/_other$/, "");
    flat[field] = [flat[field], ...messages].filter(Boolean).join(" ");
  }
  return flat;
}

/**
 * POST /api/auth/create-user: the seed's JSON payload through the very rules of /register — the
 * same zod schema (registrationSchema, read by conform as the form is), the same grade and
 * institution rules, and the same domain function (registerAccount) that checks the documents
 * by content and creates the account in one transaction. The documents come as fileUrls from
 * POST /api/files/upload and are claimed atomically; a refused registration releases them and
 * stores nothing. Without a password the account gets an unusable random one and the participant
 * an e-mail with a link to choose theirs (the password-reset token). `student_id` is ignored: the
 * server makes ids.
 */
export async function createUserFromApi(
  db: Kysely<DB>,
  payload: Record<string, unknown>,
  context: { clientAddress: string; origin: string },
): Promise<CreateUserResult> {
  const prepared = await prepareApiRegistration(db, payload);
  return prepared.ok ? completeApiRegistration(db, prepared.registration, context) : prepared;
}

/**
 * The checks of createUserFromApi that need no file and write nothing (schema, grade and
 * institution, document fields present, e-mail free). The route counts the registration
 * throttle after them (an invalid payload does not count), then calls completeApiRegistration.
 */
export async function prepareApiRegistration(
  db: Kysely<DB>,
  payload: Record<string, unknown>,
): Promise<Outcome<{ registration: PreparedApiRegistration }>> {
  const errors: FieldErrors = {};
  const form = new FormData();
  for (const name of TEXT_FIELDS) {
    const value = payload[name];
    if (value === undefined || value === null) continue;
    if (typeof value === "string") form.set(name, value);
    else if (typeof value === "number" && Number.isFinite(value)) form.set(name, String(value));
    else errors[name] = ["Envíe este campo como texto."];
  }

  // Blank is unknown, like missing; otherwise Sí/No in any case and with or without the accent.
  const graduated = form.get("student_graduated");
  if (typeof graduated === "string") {
    if (graduated.trim() === "") form.delete("student_graduated");
    else form.set("student_graduated", graduatedAnswer(graduated));
  }
  // "Lugar de residencia" is free text in the old client: CDMX, Edo. Méx.… become the canonical name.
  const state = form.get("student_state");
  const canonicalState = typeof state === "string" ? canonicalStateName(state) : null;
  if (canonicalState) form.set("student_state", canonicalState);
  else if (!errors.student_state) errors.student_state = [STATE_NAMES_MESSAGE];

  // No password: the participant chooses one through the e-mailed link; until then no password opens the account.
  const passwordGiven = form.has("student_password") && String(form.get("student_password")) !== "";
  if (!passwordGiven) form.set("student_password", crypto.randomBytes(32).toString("base64url"));

  const submission = parseWithZod(form, { schema: apiRegistrationSchema });
  const text = (name: string) => (typeof form.get(name) === "string" ? (form.get(name) as string) : null);
  const role =
    submission.status === "success"
      ? submission.value.student_role
      : (registrationSchema.shape.student_role.safeParse(text("student_role")).data ?? null);
  const resolved = resolveGradeAndInstitution({
    role,
    grade: text("student_grade"),
    gradeOther: null,
    institution: text("student_institution"),
    institutionOther: null,
  });
  // A field sent as something other than text keeps that message (the schema only saw it missing).
  for (const [name, messages] of Object.entries(submission.status === "success" ? {} : (submission.error ?? {}))) {
    if (messages?.length && !errors[name]) errors[name] = messages;
  }
  for (const [name, messages] of Object.entries(resolved.errors)) errors[name] = [...(errors[name] ?? []), ...messages];

  const fileUrls: Record<string, unknown> = {};
  for (const document of role ? DOCUMENTS_BY_ROLE[role] : []) {
    const value = payload[document.field];
    if (value === undefined || value === null || value === "")
      errors[document.field] = [`${FILE_MESSAGES.missing} Súbalo con POST /api/files/upload y envíe aquí su fileUrl.`];
    else fileUrls[document.field] = value;
  }
  const email = registrationSchema.shape.student_email.safeParse(text("student_email") ?? undefined);
  if (email.success && !errors.student_email && (await isEmailRegistered(db, email.data))) errors.student_email = [EMAIL_TAKEN_MESSAGE];

  if (submission.status !== "success" || Object.keys(errors).length > 0 || !resolved.grade || !resolved.institution || !role) {
    return refuse(400, { fields: flatten(errors) });
  }
  return { ok: true, registration: { value: submission.value, grade: resolved.grade, institution: resolved.institution, fileUrls, passwordGiven } };
}

/** Claims the staged files and creates the account (registerAccount); a refusal releases the files. */
export async function completeApiRegistration(
  db: Kysely<DB>,
  { value, grade, institution, fileUrls, passwordGiven }: PreparedApiRegistration,
  context: { origin: string },
): Promise<CreateUserResult> {
  const claim = await claimStagedUploads(db, fileUrls, context.origin);
  if (!claim.ok) return claim;

  const documents: RegistrationInput["documents"] = {};
  for (const [field, upload] of claim.uploads)
    documents[field as keyof RegistrationInput["documents"]] = { fileName: upload.fileName, bytes: upload.bytes };
  const outcome = await registerAccount(db, registrationInputFrom(value, { grade, institution }, { modality: null, documents, course: null }));
  if (!outcome.ok) {
    await releaseStagedUploads(db, claim.uploads.values());
    return refuse(400, { fields: flatten(outcome.problem.fields) });
  }
  await consumeStagedUploads(db, claim.uploads.values());

  if (!passwordGiven) await mailPasswordChoice(db, outcome.participantId, value.student_email, value.student_name, context.origin);
  return { ok: true, participantId: outcome.participantId, passwordMailed: !passwordGiven };
}

/** The account exists; the link (the password-reset token, one hour) lets its owner choose a password. */
async function mailPasswordChoice(db: Kysely<DB>, participantId: number, email: string, name: string, origin: string): Promise<void> {
  const token = await createResetToken(db, participantId);
  const link = siteUrl(`${RESET_PATH}?token=${encodeURIComponent(token)}`, origin);
  const resetRequestUrl = siteUrl("/recuperar-contrasena", origin);
  const sent = await sendMail(mailFor(accountPasswordChoice, { name, participantId, link, resetRequestUrl }, { to: email }));
  if (!sent.ok) mailLog("error", "account password mail not sent", { participantId, code: sent.problem.code });
}
