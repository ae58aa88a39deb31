import crypto from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DB, Graduated, ParticipantDocumentKind, ParticipantDocumentsTable, ParticipantRole } from "~/db.server";
import { storeFile } from "~/files/files.server";
import { isConstraintError } from "~/utils/sqlite-errors.server";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.server";
import type { CheckedUpload } from "./uploads.server";
import * as clock from "~/utils/clock.server";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import { EMAIL_TAKEN_MESSAGE } from "./account-options";
import { compiledOnce } from "~/utils/compiled-query.server";

export const PARTICIPANT_ID_MIN = 450000;
export const PARTICIPANT_ID_MAX = 899999;

/** What the rest of the site may know about a participant (never the password hash). */
export interface ParticipantSummary {
  id: number;
  name: string;
  email: string;
  role: ParticipantRole;
}

const PUBLIC_COLUMNS = [
  "id",
  "name",
  "grade",
  "institution",
  "email",
  "age",
  "graduated",
  "nationality",
  "state",
  "phone",
  "role",
  "created_at",
  "updated_at",
] as const;

export interface NewParticipant {
  name: string;
  grade: string;
  institution: string;
  email: string;
  password: string;
  age: number;
  /** null: unknown (an API registration without it). */
  graduated: Graduated | null;
  nationality: string;
  state: string;
  phone: string;
  role: ParticipantRole;
}

export interface NewDocument {
  kind: ParticipantDocumentKind;
  file: CheckedUpload;
}

/** Refused with code "email-taken" (409) when the e-mail already has an account. */
export type RegisterOutcome = Outcome<{ participant: ParticipantSummary }>;

/** A random participant id (the seed's student_id), from a secure generator. */
export function randomParticipantId(): number {
  return crypto.randomInt(PARTICIPANT_ID_MIN, PARTICIPANT_ID_MAX + 1);
}

export async function isEmailRegistered(db: Kysely<DB>, email: string): Promise<boolean> {
  // The column is COLLATE NOCASE, so any letter case matches.
  const row = await db.selectFrom("participants").select("id").where("email", "=", email.trim()).executeTakeFirst();
  return Boolean(row);
}

/**
 * Creates the account and stores its documents in one transaction: all of it, or nothing. The id
 * is drawn on the server and drawn again on the (rare) collision.
 */
export async function registerParticipant(db: Kysely<DB>, input: NewParticipant, documents: NewDocument[]): Promise<RegisterOutcome> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      let id = 0;
      for (let attempt = 0; ; attempt++) {
        id = randomParticipantId();
        try {
          await trx
            .insertInto("participants")
            .values({
              id,
              name: input.name,
              grade: input.grade,
              institution: input.institution,
              email: input.email.trim().toLowerCase(),
              password_hash: passwordHash,
              age: input.age,
              graduated: input.graduated,
              nationality: input.nationality,
              state: input.state,
              phone: input.phone,
              role: input.role,
            })
            .execute();
          break;
        } catch (error) {
          if (attempt < 20 && isConstraintError(error, "SQLITE_CONSTRAINT_PRIMARYKEY", "participants.id")) continue;
          throw error;
        }
      }
      for (const document of documents) {
        const fileId = await storeFile(trx, document.file, "private");
        await trx
          .insertInto("participant_documents")
          .values({ participant_id: id, kind: document.kind, file_id: fileId, rejection_reason: null, reviewed_at: null })
          .execute();
      }
      return { ok: true as const, participant: { id, name: input.name, email: input.email.trim().toLowerCase(), role: input.role } };
    });
  } catch (error) {
    if (isConstraintError(error, "SQLITE_CONSTRAINT_UNIQUE", "participants.email"))
      return refuse(409, { fields: { student_email: EMAIL_TAKEN_MESSAGE }, code: "email-taken" });
    throw error;
  }
}

// A valid hash of a random password: checking it when the e-mail is unknown takes as long as a
// real check, so response times do not tell which e-mails have an account.
let dummyHash: Promise<string> | null = null;

/** The participant whose e-mail and password match, or null (one answer for both mistakes). */
export async function verifyLogin(db: Kysely<DB>, email: string, password: string): Promise<ParticipantSummary | null> {
  const row = await db
    .selectFrom("participants")
    .select(["id", "name", "email", "role", "password_hash"])
    .where("email", "=", email.trim())
    .executeTakeFirst();
  if (!row) {
    dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
    await verifyPassword(password, await dummyHash);
    return null;
  }
  if (!(await verifyPassword(password, row.password_hash))) return null;
  if (needsRehash(row.password_hash)) {
    await db
      .updateTable("participants")
      .set({ password_hash: await hashPassword(password) })
      .where("id", "=", row.id)
      .execute();
  }
  return { id: row.id, name: row.name, email: row.email, role: row.role };
}

// getParticipant and listDocuments run on every /profile: compiled once (issue 22).
const participantById = compiledOnce((database, id: number) => database.selectFrom("participants").select(PUBLIC_COLUMNS).where("id", "=", id));

export async function getParticipant(db: Kysely<DB>, id: number) {
  const [participant] = await participantById(db, id);
  return participant;
}

export type Participant = NonNullable<Awaited<ReturnType<typeof getParticipant>>>;

export async function getParticipantSummary(db: Kysely<DB>, id: number): Promise<ParticipantSummary | null> {
  const row = await db.selectFrom("participants").select(["id", "name", "email", "role"]).where("id", "=", id).executeTakeFirst();
  return row ?? null;
}

/** True when the participant registered (through the API) without saying whether they graduated. */
export async function isGraduatedUnknown(db: Kysely<DB>, id: number): Promise<boolean> {
  const row = await db.selectFrom("participants").select("graduated").where("id", "=", id).executeTakeFirst();
  return row !== undefined && row.graduated === null;
}

/**
 * Records the graduated answer of a participant who had none. Only an unknown answer is set here
 * (the profile form changes a known one): false when there was nothing to answer.
 */
export async function answerGraduated(db: Kysely<DB>, id: number, graduated: Graduated): Promise<boolean> {
  const result = await db
    .updateTable("participants")
    .set({ graduated, updated_at: clock.nowIso() })
    .where("id", "=", id)
    .where("graduated", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findParticipantIdByEmail(db: Kysely<DB>, email: string): Promise<number | null> {
  const row = await db.selectFrom("participants").select("id").where("email", "=", email.trim()).executeTakeFirst();
  return row?.id ?? null;
}

export interface ProfileChanges {
  name: string;
  grade: string;
  institution: string;
  age: number;
  graduated: Graduated;
  nationality: string;
  state: string;
  phone: string;
}

/** Saves the editable part of the profile. A student's grade stays ESTUDIANTE (the caller resolves it). */
export async function updateProfile(db: Kysely<DB>, id: number, changes: ProfileChanges): Promise<Outcome> {
  const result = await db
    .updateTable("participants")
    .set({ ...changes, updated_at: clock.nowIso() })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n ? { ok: true } : notFound("El participante no existe.");
}

/** Replaces the password (the reset flow); the caller ends the participant's sessions. */
export async function setPassword(db: Kysely<DB>, id: number, password: string): Promise<void> {
  await db
    .updateTable("participants")
    .set({ password_hash: await hashPassword(password), updated_at: clock.nowIso() })
    .where("id", "=", id)
    .execute();
}

export type ParticipantDocument = Selectable<ParticipantDocumentsTable>;

export interface DocumentListItem {
  id: number;
  kind: ParticipantDocumentKind;
  status: ParticipantDocument["status"];
  rejectionReason: string | null;
  reviewedAt: string | null;
  updatedAt: string;
  fileName: string;
  contentType: string;
  byteSize: number;
}

const documentsOf = compiledOnce((database, participantId: number) =>
  database
    .selectFrom("participant_documents as d")
    .innerJoin("stored_files as f", "f.id", "d.file_id")
    .select(["d.id", "d.kind", "d.status", "d.rejection_reason", "d.reviewed_at", "d.updated_at", "f.file_name", "f.content_type", "f.byte_size"])
    .where("d.participant_id", "=", participantId)
    .orderBy("d.id"),
);

export async function listDocuments(db: Kysely<DB>, participantId: number): Promise<DocumentListItem[]> {
  const rows = await documentsOf(db, participantId);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    rejectionReason: row.rejection_reason,
    reviewedAt: row.reviewed_at,
    updatedAt: row.updated_at,
    fileName: row.file_name,
    contentType: row.content_type,
    byteSize: row.byte_size,
  }));
}

/** Refused 404 (another participant's or no document) or 400 with code "approved". */
export type ReplaceDocumentOutcome = Outcome;

/**
 * Replaces a document that is not approved yet: the new file goes back to review (pendiente) and
 * the old file is deleted, in one transaction. Another participant's document is "not-found".
 */
export const DOCUMENT_NOT_FOUND_MESSAGE = "El documento no existe.";

export async function replaceDocument(
  db: Kysely<DB>,
  participantId: number,
  documentId: number,
  file: CheckedUpload,
): Promise<ReplaceDocumentOutcome> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("participant_documents")
      .select(["id", "status", "file_id"])
      .where("id", "=", documentId)
      .where("participant_id", "=", participantId)
      .executeTakeFirst();
    if (!current) return notFound(DOCUMENT_NOT_FOUND_MESSAGE);
    if (current.status === "aprobado") return refuse(400, { form: "Este documento ya fue aprobado y no se puede reemplazar.", code: "approved" });
    const fileId = await storeFile(trx, file, "private");
    await trx
      .updateTable("participant_documents")
      .set({ file_id: fileId, status: "pendiente", rejection_reason: null, reviewed_at: null, updated_at: clock.nowIso() })
      .where("id", "=", current.id)
      .execute();
    await trx.deleteFrom("stored_files").where("id", "=", current.file_id).execute();
    return { ok: true } as const;
  });
}

export async function getDocument(db: Kysely<DB>, documentId: number): Promise<ParticipantDocument | undefined> {
  return db.selectFrom("participant_documents").selectAll().where("id", "=", documentId).executeTakeFirst();
}

/**
 * Who may download a participant's document: its owner, and staff of the Teaching office (and
 * admins), who review it. The one place this rule lives; staff views are audited by the route.
 */
export function canViewDocument(
  viewer: { id: number } | { staffRole: string } | null,
  document: Pick<ParticipantDocument, "participant_id">,
): boolean {
  if (!viewer) return false;
  if ("staffRole" in viewer) return viewer.staffRole === "admin" || viewer.staffRole === "ensenanza";
  return viewer.id === document.participant_id;
}
