import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db.server";

export interface NewStoredFile {
  fileName: string;
  contentType: string;
  data: Buffer;
}

/** Stores a file in the SQLite file itself (one backup holds everything). Returns its id. */
export async function storeFile(db: Kysely<DB>, file: NewStoredFile): Promise<string> {
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
    })
    .execute();
  return id;
}

export async function getStoredFile(db: Kysely<DB>, id: string) {
  return db.selectFrom("stored_files").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The public URL of a stored file that is meant to be public (banners, documents). */
export function publicFileUrl(id: string): string {
  return `/archivos/${id}`;
}
