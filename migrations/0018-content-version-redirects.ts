import { sql, type Kysely } from "kysely";
import { contentVersionTriggers } from "./0014-content-version";

/**
 * Redirects (migration 0017) change what a public address answers, so writes to them must
 * invalidate the anonymous page cache like every other public table (decision 0017).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of contentVersionTriggers("path_redirects")) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER IF EXISTS path_redirects_content_version_${event}`).execute(db);
}
