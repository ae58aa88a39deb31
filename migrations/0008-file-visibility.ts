import { sql, type Kysely } from "kysely";

// Every stored file says whether the public file route may serve it. Private is the default, so a
// file nobody marked public (an ID card, a tax certificate) can never leak through /archivos.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE stored_files
    ADD COLUMN visibility TEXT NOT NULL DEFAULT 'private' CHECK (visibility IN ('public', 'private'))`.execute(db);
  // Files stored before this migration: everything but participants' documents was public content.
  await sql`
    UPDATE stored_files SET visibility = 'public'
    WHERE id NOT IN (SELECT file_id FROM participant_documents)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE stored_files DROP COLUMN visibility`.execute(db);
}
