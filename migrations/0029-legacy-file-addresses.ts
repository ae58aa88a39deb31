import { sql, type Kysely } from "kysely";

/**
 * Addresses of files on the current site (issue 20): links people kept, other sites and search
 * engines still ask for /descargas/documentos/ANUARIOS/2007.pdf and the like. Each former address
 * answers 301 with the stored file that now stands for it (`file_id`, served at /archivos/<id>), or
 * with the page that lists what we hold no file for (`target_path`). The seed step fills it from the
 * site's facts; staff add one when they upload a replacement document ("Dirección anterior").
 * Looked up only when no route serves the path, by the primary key (case-insensitive, like the old
 * server's paths). `path` is the decoded site path.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE legacy_file_addresses (
      path TEXT NOT NULL PRIMARY KEY COLLATE NOCASE
        CHECK (substr(path, 1, 1) = '/' AND length(path) <= 300 AND instr(path, '..') = 0),
      file_id TEXT REFERENCES stored_files (id),
      target_path TEXT CHECK (target_path IS NULL OR (substr(target_path, 1, 1) = '/' AND substr(target_path, 2, 1) <> '/')),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK ((file_id IS NULL) <> (target_path IS NULL))
    ) WITHOUT ROWID`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE legacy_file_addresses`.execute(db);
}
