import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB, FileVisibility } from "~/db.server";

export interface NewStoredFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/**
 * Stores a file in the SQLite file itself (one backup holds everything). Returns its id. Every
 * caller says who may see it: "public" files are served by /archivos to anyone; "private" ones
 * (participants' documents, tax certificates) only by their own guarded routes.
 */

export async function storeFile(db: Kysely<DB>, file: NewStoredFile, visibility: FileVisibility): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .insertInto("stored_files")
    .values({
      id,
      file_name: file.fileName,
      content_type: file.contentType,
      byte_size: file.data.byteLength,
      sha256: crypto.createHash("sha256").update(file.data).digest("hex"),
      data: file.data,
      visibility,
    })
    .execute();
  return id;
}

export async function getStoredFile(db: Kysely<DB>, id: string) {
  return db.selectFrom("stored_files").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A file the public route may serve, or undefined (also for private files). */
export async function getPublicFile(db: Kysely<DB>, id: string) {
  return db.selectFrom("stored_files").selectAll().where("id", "=", id).where("visibility", "=", "public").executeTakeFirst();
}

/** The public URL of a stored file that is meant to be public (banners, documents). */
export function publicFileUrl(id: string): string {
  return `/archivos/${id}`;
}

/** The declared type of a public file (without reading its bytes), or null. */
export async function getPublicFileType(db: Kysely<DB>, id: string): Promise<string | null> {
  const row = await db.selectFrom("stored_files").select("content_type").where("id", "=", id).where("visibility", "=", "public").executeTakeFirst();
  return row?.content_type ?? null;
}
