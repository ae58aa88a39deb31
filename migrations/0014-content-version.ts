import { sql, type Kysely } from "kysely";

/**
 * One counter that every write to a table feeding the public pages bumps, by trigger. The
 * anonymous page cache (server/page-cache.ts) compares it on each request, so every write —
 * seeds, enrolments, the coming staff screens, a hand-made UPDATE in the sqlite3 shell —
 * invalidates the cached pages without anyone having to remember to call a function
 * (docs/decisions/0017-anonymous-page-cache.md). A new table that public pages read must get the
 * same three triggers in its own migration (see `contentVersionTriggers`).
 */
export const PUBLIC_CONTENT_TABLES = [
  "site_settings",
  "stored_files",
  "direction_nodes",
  "banners",
  "department_pages",
  "research_units",
  "profile_pages",
  "content_pages",
  "document_collections",
  "document_groups",
  "document_items",
  "gallery_items",
  "courses",
  "enrolments",
] as const;

/** The three statements that make writes to `table` bump content_version. */
export function contentVersionTriggers(table: string): string[] {
  return (["INSERT", "UPDATE", "DELETE"] as const).map(
    (event) =>
      `CREATE TRIGGER ${table}_content_version_${event.toLowerCase()} AFTER ${event} ON ${table}
       BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END`,
  );
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE content_version (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      version INTEGER NOT NULL CHECK (version >= 0)
    ) STRICT`.execute(db);
  await sql`INSERT INTO content_version (id, version) VALUES (1, 0)`.execute(db);
  for (const table of PUBLIC_CONTENT_TABLES) {
    for (const statement of contentVersionTriggers(table)) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of PUBLIC_CONTENT_TABLES) {
    for (const event of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_content_version_${event}`).execute(db);
  }
  await sql`DROP TABLE content_version`.execute(db);
}
