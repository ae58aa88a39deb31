import { sql, type Kysely } from "kysely";

// Department pages, research units and profile records get the information pages' publication
// states (issue 12, decisions 0021 and 0026): draft, published, or waiting for a Mexico City date
// and time.
//
// - department_pages.publish_at, research_units.publish_at: as content_pages.publish_at (migration
//   0017): UTC ISO, only while not published. `is_published` stays the one truth the public
//   readers, the search views (0015) and the sitemap use; publishDueRecords flips it when the time
//   comes, an ordinary UPDATE the content_version (0014) and search triggers already follow.
// - profile_pages gains is_published (1 for every existing record, so nothing changes on the
//   site) and publish_at. A profile that is not published is left out of the information page
//   that shows it, and out of that page's search entry: the content pages' search view (0024)
//   reads the profile's texts only when it is published. The 0024 trigger on profile_pages
//   already refreshes those entries on every update, publication included.
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ["department_pages", "research_units"]) {
    await sql
      .raw(
        `ALTER TABLE ${table} ADD COLUMN publish_at TEXT CHECK (publish_at IS NULL OR (is_published = 0 AND publish_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'))`,
      )
      .execute(db);
    await sql.raw(`CREATE INDEX ${table}_publish_at ON ${table} (publish_at) WHERE publish_at IS NOT NULL`).execute(db);
  }
  await sql`ALTER TABLE profile_pages ADD COLUMN is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1))`.execute(db);
  await sql`ALTER TABLE profile_pages ADD COLUMN publish_at TEXT CHECK (publish_at IS NULL OR (is_published = 0 AND publish_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'))`.execute(
    db,
  );
  await sql`CREATE INDEX profile_pages_publish_at ON profile_pages (publish_at) WHERE publish_at IS NOT NULL`.execute(db);
  await sql`DROP VIEW search_source_content_pages`.execute(db);
  await sql.raw(CONTENT_PAGES_VIEW(true)).execute(db);
}

// Same rowids and columns as migrations 0015 and 0024; `onlyPublishedProfiles` adds the profile's state.
const CONTENT_PAGES_VIEW = (onlyPublishedProfiles: boolean) => `
  CREATE VIEW search_source_content_pages AS
    SELECT (1000000000000 + c.id) AS search_rowid, c.id AS source_id, c.path, 'pagina' AS kind,
      coalesce(c.parent_label, 'Información') AS context, c.title,
      c.summary || char(10) || c.body || coalesce(char(10) || p.banner_content || char(10) || p.first_content || char(10) || p.second_content, '') AS body,
      c.updated_at AS last_modified, 1 AS in_sitemap
    FROM content_pages c LEFT JOIN profile_pages p ON p.id = c.profile_page_id${onlyPublishedProfiles ? " AND p.is_published = 1" : ""}
    WHERE c.is_published = 1`;

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP VIEW search_source_content_pages`.execute(db);
  await sql.raw(CONTENT_PAGES_VIEW(false)).execute(db);
  await sql`DROP INDEX profile_pages_publish_at`.execute(db);
  await sql`ALTER TABLE profile_pages DROP COLUMN publish_at`.execute(db);
  await sql`ALTER TABLE profile_pages DROP COLUMN is_published`.execute(db);
  for (const table of ["research_units", "department_pages"]) {
    await sql.raw(`DROP INDEX ${table}_publish_at`).execute(db);
    await sql.raw(`ALTER TABLE ${table} DROP COLUMN publish_at`).execute(db);
  }
}
