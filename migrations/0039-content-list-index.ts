import { sql, type Kysely } from "kysely";

/**
 * The information pages' editor list at scale (issue 22): a covering index in the list's order
 * (the address) with the columns it shows and searches. A page of the list walks it from the
 * keyset position and stops after 51 rows; a search by title or address reads this narrow index,
 * never the rows with their bodies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX content_pages_editor_list ON content_pages (path, title, is_published, publish_at, updated_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX content_pages_editor_list`.execute(db);
}
