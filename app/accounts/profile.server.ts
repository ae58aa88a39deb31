import type { Kysely } from "kysely";
import { refuse, type Outcome } from "~/actions/outcome";
import type { DB, Graduated } from "~/db.server";
import { replaceDocument, updateProfile } from "./participants.server";
import type { UploadedDocument } from "./registration.server";
import { checkUpload } from "./uploads.server";

/** The editable part of the profile, parsed and validated (grade and institution resolved). */
export interface ProfileInput {
  name: string;
  grade: string;
  institution: string;
  age: number;
  graduated: Graduated;
  nationality: string;
  state: string;
  phone: string;
}

/** Refused 404 when the participant no longer exists. */
export type SaveProfileResult = Outcome;

/** Saves the participant's editable data (never the e-mail nor the profile: they decide prices and documents). */
export async function saveProfile(db: Kysely<DB>, participantId: number, input: ProfileInput): Promise<SaveProfileResult> {
  return updateProfile(db, participantId, input);
}

/** Refused 400 with the file's message on the field "document", 400 "approved", or 404. */
export type ReplaceDocumentResult = Outcome;

/**
 * Replaces one of the participant's documents while it is not approved: the file is checked by
 * content, stored, and the document goes back to "pendiente" (one transaction in replaceDocument).
 */
export async function replaceParticipantDocument(
  db: Kysely<DB>,
  participantId: number,
  documentId: number,
  upload: UploadedDocument,
): Promise<ReplaceDocumentResult> {
  const check = checkUpload(upload.fileName, upload.bytes);
  if (!check.ok) return refuse(400, { fields: { document: check.problem.form }, code: "invalid-file" });
  return replaceDocument(db, participantId, documentId, check.file);
}
