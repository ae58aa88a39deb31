import crypto from "node:crypto";
import { refuse, type Outcome } from "~/actions/outcome";
import type { Kysely } from "kysely";
import type { CheckedUpload } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import * as clock from "~/utils/clock.server";

/** A staged upload waits this long for a registration to claim it. */
export const STAGED_UPLOAD_TTL_MS = 60 * 60 * 1000;
/** The path of a fileUrl; the last segment is the token. It serves nothing (see the route). */
export const STAGED_UPLOAD_PATH = "/api/files/staged/";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/**
 * Keeps a checked file for one hour and returns its fileUrl. The token is 256 random bits; only
 * its hash is stored, so the table alone cannot be turned back into usable URLs. Expired rows
 * are removed on the way.
 */
export async function stageUpload(
  db: Kysely<DB>,
  file: CheckedUpload,
  clientAddress: string,
  origin: string,
  now = clock.now(),
): Promise<{ fileUrl: string; expiresAt: string }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + STAGED_UPLOAD_TTL_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("staged_uploads").where("expires_at", "<=", now.toISOString()).where("claimed_at", "is", null).execute();
    await trx
      .insertInto("staged_uploads")
      .values({
        token_hash: hashToken(token),
        file_name: file.fileName,
        content_type: file.contentType,
        data: file.data,
        client_address: clientAddress.slice(0, 300) || "-",
        created_at: now.toISOString(),
        expires_at: expiresAt,
        claimed_at: null,
      })
      .execute();
  });
  return { fileUrl: new URL(STAGED_UPLOAD_PATH + token, origin).href, expiresAt };
}

/** The token of a fileUrl this site issued (same origin, our path), or null for anything else. */
export function tokenFromFileUrl(value: unknown, origin: string): string | null {
  if (typeof value !== "string" || value.length > 500) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin || url.search || url.hash || !url.pathname.startsWith(STAGED_UPLOAD_PATH)) return null;
  const token = url.pathname.slice(STAGED_UPLOAD_PATH.length);
  return TOKEN_PATTERN.test(token) ? token : null;
}

export interface ClaimedUpload {
  tokenHash: string;
  fileName: string;
  bytes: Uint8Array;
}

/** Refused 400 with one message per field whose file could not be claimed. */
export type ClaimOutcome = Outcome<{ uploads: Map<string, ClaimedUpload> }>;

export const STAGED_UPLOAD_MESSAGES = {
  notOurs: "Envíe la dirección (fileUrl) que le devolvió POST /api/files/upload; no se aceptan otros enlaces.",
  unknown: "Ese archivo no existe o ya venció (se guarda una hora). Súbalo de nuevo con POST /api/files/upload.",
  inUse: "Ese archivo ya se usó en otro registro. Súbalo de nuevo con POST /api/files/upload.",
  repeated: "Use un archivo distinto para cada documento.",
} as const;

/**
 * Claims the staged uploads named by `fileUrls` (field → fileUrl) for one registration, in one
 * transaction and atomically (`claimed_at IS NULL` in the UPDATE): two registrations racing for
 * the same file cannot both get it. Either every file is claimed or none is.
 */
export async function claimStagedUploads(
  db: Kysely<DB>,
  fileUrls: Record<string, unknown>,
  origin: string,
  now = clock.now(),
): Promise<ClaimOutcome> {
  const errors: Record<string, string> = {};
  const tokens = new Map<string, string>();
  for (const [field, value] of Object.entries(fileUrls)) {
    const token = tokenFromFileUrl(value, origin);
    if (!token) errors[field] = STAGED_UPLOAD_MESSAGES.notOurs;
    else if ([...tokens.values()].includes(token)) errors[field] = STAGED_UPLOAD_MESSAGES.repeated;
    else tokens.set(field, token);
  }
  if (Object.keys(errors).length > 0) return refuse(400, { fields: errors });

  return db.transaction().execute(async (trx) => {
    const uploads = new Map<string, ClaimedUpload>();
    for (const [field, token] of tokens) {
      const tokenHash = hashToken(token);
      const row = await trx
        .updateTable("staged_uploads")
        .set({ claimed_at: now.toISOString() })
        .where("token_hash", "=", tokenHash)
        .where("claimed_at", "is", null)
        .where("expires_at", ">", now.toISOString())
        .returning(["file_name", "data"])
        .executeTakeFirst();
      if (row) {
        uploads.set(field, { tokenHash, fileName: row.file_name, bytes: new Uint8Array(row.data) });
        continue;
      }
      const existing = await trx
        .selectFrom("staged_uploads")
        .select(["claimed_at", "expires_at"])
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      errors[field] =
        existing && existing.claimed_at !== null && existing.expires_at > now.toISOString()
          ? STAGED_UPLOAD_MESSAGES.inUse
          : STAGED_UPLOAD_MESSAGES.unknown;
    }
    if (Object.keys(errors).length > 0) {
      // Undo the claims of this call: nothing changes when any file is refused.
      for (const upload of uploads.values()) {
        await trx.updateTable("staged_uploads").set({ claimed_at: null }).where("token_hash", "=", upload.tokenHash).execute();
      }
      return refuse(400, { fields: errors });
    }
    return { ok: true as const, uploads };
  });
}

/** A registration stored the files as the participant's documents: the staged copies go. */
export async function consumeStagedUploads(db: Kysely<DB>, uploads: Iterable<ClaimedUpload>): Promise<void> {
  const hashes = [...uploads].map((upload) => upload.tokenHash);
  if (hashes.length > 0) await db.deleteFrom("staged_uploads").where("token_hash", "in", hashes).execute();
}

/** A registration was refused: the files may be used again (until they expire). */
export async function releaseStagedUploads(db: Kysely<DB>, uploads: Iterable<ClaimedUpload>): Promise<void> {
  const hashes = [...uploads].map((upload) => upload.tokenHash);
  if (hashes.length > 0) await db.updateTable("staged_uploads").set({ claimed_at: null }).where("token_hash", "in", hashes).execute();
}

/** The «archivos temporales» job: staged uploads nobody claimed in time are deleted. */
export async function deleteExpiredStagedUploads(db: Kysely<DB>, now: Date = clock.now()): Promise<number> {
  const result = await db
    .deleteFrom("staged_uploads")
    .where("expires_at", "<=", now.toISOString())
    .where("claimed_at", "is", null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
