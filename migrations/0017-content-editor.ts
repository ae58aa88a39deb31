import { sql, type Kysely } from "kysely";

// The communications office edits the public pages (issue 12, decision 0021).
//
// - content_pages.publish_at: a page waiting for its publication time (UTC ISO). `is_published`
//   stays the one truth every public reader, the search views and the sitemap use; the scheduler
//   (publishDuePages) flips it when the time comes, so the search triggers of migration 0015 keep
//   the index right with no change here. A scheduled page is never published at the same time.
// - page_revisions: every save of a page keeps the whole editable state as JSON, with its author
//   and the fields that changed. Append-only (triggers), so nothing an edit replaces is lost.
// - path_redirects: an old public path that answers with a permanent redirect to its new one
//   (a renamed direction slug, a moved page).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE content_pages ADD COLUMN publish_at TEXT CHECK (publish_at IS NULL OR (is_published = 0 AND publish_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'))`.execute(
    db,
  );
  await sql`CREATE INDEX content_pages_publish_at ON content_pages (publish_at) WHERE publish_at IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE page_revisions (
      id INTEGER PRIMARY KEY,
      entity TEXT NOT NULL CHECK (entity IN ('content_page', 'department_page')),
      entity_id INTEGER NOT NULL,
      number INTEGER NOT NULL CHECK (number >= 1),
      action TEXT NOT NULL CHECK (action IN ('crear', 'editar', 'restaurar', 'publicar')),
      restored_from INTEGER REFERENCES page_revisions (id),
      author_staff_id INTEGER REFERENCES staff_members (id),
      author_name TEXT NOT NULL,
      snapshot TEXT NOT NULL CHECK (json_valid(snapshot) AND json_type(snapshot) = 'object'),
      changed_fields TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(changed_fields) AND json_type(changed_fields) = 'array'),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      UNIQUE (entity, entity_id, number),
      CHECK ((action = 'restaurar') = (restored_from IS NOT NULL))
    ) STRICT`.execute(db);
  await sql`
    CREATE TRIGGER page_revisions_no_update BEFORE UPDATE ON page_revisions
    BEGIN SELECT RAISE(ABORT, 'page_revisions is append-only'); END`.execute(db);
  await sql`
    CREATE TRIGGER page_revisions_no_delete BEFORE DELETE ON page_revisions
    BEGIN SELECT RAISE(ABORT, 'page_revisions is append-only'); END`.execute(db);

  await sql`
    CREATE TABLE path_redirects (
      from_path TEXT PRIMARY KEY CHECK (substr(from_path, 1, 1) = '/' AND from_path NOT GLOB '*[^a-z0-9/-]*'),
      to_path TEXT NOT NULL CHECK (substr(to_path, 1, 1) = '/' AND substr(to_path, 2, 1) <> '/'),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK (from_path <> to_path)
    ) STRICT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE path_redirects`.execute(db);
  await sql`DROP TABLE page_revisions`.execute(db);
  await sql`DROP INDEX content_pages_publish_at`.execute(db);
  await sql`ALTER TABLE content_pages DROP COLUMN publish_at`.execute(db);
}
