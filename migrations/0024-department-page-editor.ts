import { sql, type Kysely } from "kysely";

// The pages editor covers department and direction pages, research units and the three profile
// records (issue 12, decision 0026). Their rows already live in department_pages, research_units
// and profile_pages (seeded, with content_version triggers since migration 0014), so no data moves.
//
// - page_revisions keeps their history too: `entity` gains 'research_unit' and 'profile_page', and
//   `action` gains 'inicial' (the state a record had before its first edit, kept so the seeded
//   text can be restored like any other version). SQLite cannot change a CHECK in place, so the
//   table is rebuilt (foreign keys off outside any transaction, copy, drop, rename, triggers
//   again, foreign_key_check), as migration 0010 did.
// - The text of a profile record shows on the information page that uses it (/medica…), so the
//   search entry of that page now reads it too, and an edit of the record refreshes that entry.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await rebuildRevisions(
        db,
        ["content_page", "department_page", "research_unit", "profile_page"],
        ["inicial", "crear", "editar", "restaurar", "publicar"],
      );
      const problems = await sql`PRAGMA foreign_key_check`.execute(db);
      if (problems.rows.length > 0) throw new Error(`0024: foreign key check failed: ${JSON.stringify(problems.rows)}`);
      await searchProfiles(db);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

async function rebuildRevisions(db: Kysely<any>, entities: string[], actions: string[]): Promise<void> {
  const list = (values: string[]) => values.map((value) => `'${value}'`).join(", ");
  await sql`DROP TRIGGER page_revisions_no_update`.execute(db);
  await sql`DROP TRIGGER page_revisions_no_delete`.execute(db);
  await sql
    .raw(
      `CREATE TABLE page_revisions_new (
        id INTEGER PRIMARY KEY,
        entity TEXT NOT NULL CHECK (entity IN (${list(entities)})),
        entity_id INTEGER NOT NULL,
        number INTEGER NOT NULL CHECK (number >= 1),
        action TEXT NOT NULL CHECK (action IN (${list(actions)})),
        restored_from INTEGER REFERENCES page_revisions (id),
        author_staff_id INTEGER REFERENCES staff_members (id),
        author_name TEXT NOT NULL,
        snapshot TEXT NOT NULL CHECK (json_valid(snapshot) AND json_type(snapshot) = 'object'),
        changed_fields TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(changed_fields) AND json_type(changed_fields) = 'array'),
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        UNIQUE (entity, entity_id, number),
        CHECK ((action = 'restaurar') = (restored_from IS NOT NULL))
      ) STRICT`,
    )
    .execute(db);
  await sql`INSERT INTO page_revisions_new SELECT * FROM page_revisions`.execute(db);
  await sql`DROP TABLE page_revisions`.execute(db);
  await sql`ALTER TABLE page_revisions_new RENAME TO page_revisions`.execute(db);
  await sql`
    CREATE TRIGGER page_revisions_no_update BEFORE UPDATE ON page_revisions
    BEGIN SELECT RAISE(ABORT, 'page_revisions is append-only'); END`.execute(db);
  await sql`
    CREATE TRIGGER page_revisions_no_delete BEFORE DELETE ON page_revisions
    BEGIN SELECT RAISE(ABORT, 'page_revisions is append-only'); END`.execute(db);
}

// Same rowids and columns as migration 0015's view; only the body adds the profile's texts.
const CONTENT_PAGES_VIEW = (withProfile: boolean) => `
  CREATE VIEW search_source_content_pages AS
    SELECT (1000000000000 + c.id) AS search_rowid, c.id AS source_id, c.path, 'pagina' AS kind,
      coalesce(c.parent_label, 'Información') AS context, c.title,
      c.summary || char(10) || c.body${
        withProfile ? ` || coalesce(char(10) || p.banner_content || char(10) || p.first_content || char(10) || p.second_content, '')` : ""
      } AS body,
      c.updated_at AS last_modified, 1 AS in_sitemap
    FROM content_pages c${withProfile ? " LEFT JOIN profile_pages p ON p.id = c.profile_page_id" : ""}
    WHERE c.is_published = 1`;

async function searchProfiles(db: Kysely<any>): Promise<void> {
  await sql`DROP VIEW search_source_content_pages`.execute(db);
  await sql.raw(CONTENT_PAGES_VIEW(true)).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_profile_pages_update AFTER UPDATE ON profile_pages BEGIN
        DELETE FROM search_index WHERE rowid IN (SELECT 1000000000000 + id FROM content_pages WHERE profile_page_id = new.id);
        INSERT INTO search_index (rowid, path, kind, context, title, body)
          SELECT search_rowid, path, kind, context, title, body FROM search_source_content_pages
          WHERE source_id IN (SELECT id FROM content_pages WHERE profile_page_id = new.id);
      END`,
    )
    .execute(db);
  // Entries written before this migration lack the profile text: re-read the pages that have one.
  await sql`DELETE FROM search_index WHERE rowid IN (SELECT 1000000000000 + id FROM content_pages WHERE profile_page_id IS NOT NULL)`.execute(db);
  await sql`
    INSERT INTO search_index (rowid, path, kind, context, title, body)
    SELECT search_rowid, path, kind, context, title, body FROM search_source_content_pages
    WHERE source_id IN (SELECT id FROM content_pages WHERE profile_page_id IS NOT NULL)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER search_profile_pages_update`.execute(db);
  await sql`DROP VIEW search_source_content_pages`.execute(db);
  await sql.raw(CONTENT_PAGES_VIEW(false)).execute(db);
  // Revisions of the new kinds cannot survive the old CHECK; down is for development databases only.
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`DROP TRIGGER page_revisions_no_delete`.execute(db);
    await sql`DELETE FROM page_revisions WHERE entity IN ('research_unit', 'profile_page') OR action = 'inicial'`.execute(db);
    await sql`
      CREATE TRIGGER page_revisions_no_delete BEFORE DELETE ON page_revisions
      BEGIN SELECT RAISE(ABORT, 'page_revisions is append-only'); END`.execute(db);
    await rebuildRevisions(db, ["content_page", "department_page"], ["crear", "editar", "restaurar", "publicar"]);
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
