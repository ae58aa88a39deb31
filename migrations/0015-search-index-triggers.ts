import { sql, type Kysely } from "kysely";

// Site search kept current by the writes (docs/decisions/0018-search-index-by-triggers.md).
//
// Until now the server rebuilt the FTS5 table from every content table at each start, so start-up
// grew with the content and an edit was invisible to search until the next restart. From here on:
//
// - One view per source table says, in SQL, which rows are public and how each one reads as a
//   search entry (path, kind, context, title, body). The same views feed the sitemap, so search
//   and sitemap cannot disagree about what is public.
// - Triggers on each source table delete the entry of the old row and insert the entry of the new
//   row, in the writer's own transaction. They use built-in SQL only, so an edit made from any
//   SQLite client (the app, a script, the sqlite3 shell) keeps the index right.
// - Each entry's rowid says where it came from: source number × 10¹² + the row's id. Deleting
//   the old entry is then a rowid lookup, never a scan of the index.
// - Bodies are stored as the Markdown they are written in: the FTS5 tokenizer treats Markdown's
//   punctuation as separators, and snippets are turned into plain text when shown.
//
// Pages served by code (the home page, the catalogue…) have no table; the server writes their
// fixed handful of entries (source 9) at start when their text changed.

const SOURCE = {
  contentPages: 1,
  departmentPages: 2,
  researchUnits: 3,
  directionNodes: 4,
  galleryItems: 5,
  documentItems: 6,
  courses: 7,
} as const;

const rowidOf = (source: number, id: string) => `(${source}000000000000 + ${id})`;

const ENTRY_COLUMNS = "search_rowid, path, kind, context, title, body";

/** Statements that re-read the entries a set of rows produce: delete the old ones, insert the current ones. */
function refresh(view: string, source: number, idColumn: string, condition: string): string {
  return `
    DELETE FROM search_index WHERE rowid IN (SELECT ${rowidOf(source, idColumn)} FROM ${view}_keys WHERE ${condition});
    INSERT INTO search_index (rowid, path, kind, context, title, body)
      SELECT ${ENTRY_COLUMNS} FROM ${view} WHERE ${condition};`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE search_index`.execute(db);
  await sql`
    CREATE VIRTUAL TABLE search_index USING fts5(
      path UNINDEXED,
      kind UNINDEXED,
      context UNINDEXED,
      title,
      body,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);

  // The views. Each has source_id (the row's id) so a trigger can pick one row by its key.
  await sql
    .raw(
      `CREATE VIEW search_source_content_pages AS
        SELECT ${rowidOf(SOURCE.contentPages, "id")} AS search_rowid, id AS source_id, path, 'pagina' AS kind,
          coalesce(parent_label, 'Información') AS context, title, summary || char(10) || body AS body,
          updated_at AS last_modified, 1 AS in_sitemap
        FROM content_pages WHERE is_published = 1`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE VIEW search_source_department_pages AS
        SELECT ${rowidOf(SOURCE.departmentPages, "id")} AS search_rowid, id AS source_id, '/direccion/' || slug AS path, 'pagina' AS kind,
          CASE tipo_departamento WHEN 2 THEN 'Direcciones' ELSE 'Departamentos y servicios' END AS context, title,
          summary || char(10) || coalesce(head_name, '') || char(10) || first_content || char(10) || second_content AS body,
          updated_at AS last_modified, 1 AS in_sitemap
        FROM department_pages WHERE is_published = 1`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE VIEW search_source_research_units AS
        SELECT ${rowidOf(SOURCE.researchUnits, "id")} AS search_rowid, id AS source_id, '/investigadores/' || id AS path, 'pagina' AS kind,
          'Investigación' AS context, name AS title, summary || char(10) || content AS body,
          updated_at AS last_modified, 1 AS in_sitemap
        FROM research_units WHERE is_published = 1`,
    )
    .execute(db);
  // A menu entry gets its own result only when no page row owns its address (e.g. /general is
  // served by code). When a page row owns it, published or not, the page decides: an unpublished
  // department is not found through its menu entry either.
  await sql
    .raw(
      `CREATE VIEW search_source_direction_nodes AS
        SELECT ${rowidOf(SOURCE.directionNodes, "n.id")} AS search_rowid, n.id AS source_id, n.href AS path, 'pagina' AS kind,
          'Direcciones' AS context, n.name AS title, coalesce(n.head_name, '') AS body,
          NULL AS last_modified, 1 AS in_sitemap
        FROM direction_nodes n
        WHERE NOT EXISTS (SELECT 1 FROM content_pages c WHERE c.path = n.href)
          AND NOT (n.href GLOB '/direccion/*' AND EXISTS (SELECT 1 FROM department_pages d WHERE d.slug = substr(n.href, 12)))
          AND NOT (n.href GLOB '/investigadores/*' AND EXISTS (
            SELECT 1 FROM research_units r WHERE r.id = CAST(substr(n.href, 17) AS INTEGER) AND '/investigadores/' || r.id = n.href))`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE VIEW search_source_gallery_items AS
        SELECT ${rowidOf(SOURCE.galleryItems, "id")} AS search_rowid, id AS source_id, '/' || gallery || '/' || id AS path, 'imagen' AS kind,
          CASE gallery WHEN 'legado-artistico' THEN 'Legado artístico' WHEN 'galeria' THEN 'Galería' ELSE 'Día del Niño' END AS context,
          title, caption || ' ' || coalesce(author, '') AS body,
          NULL AS last_modified, 1 AS in_sitemap
        FROM gallery_items`,
    )
    .execute(db);
  // The path of a stored file keeps its raw name here; the app percent-encodes it when it shows
  // the link (SQL has no encodeURIComponent). Files are not listed in the sitemap.
  await sql
    .raw(
      `CREATE VIEW search_source_document_items AS
        SELECT ${rowidOf(SOURCE.documentItems, "i.id")} AS search_rowid, i.id AS source_id, i.group_id, i.file_id,
          CASE WHEN i.file_id IS NOT NULL THEN '/archivos/' || i.file_id || '/' || f.file_name ELSE i.external_url END AS path,
          'documento' AS kind, g.title AS context, i.title, g.title AS body,
          NULL AS last_modified, 0 AS in_sitemap
        FROM document_items i
        JOIN document_groups g ON g.id = i.group_id
        LEFT JOIN stored_files f ON f.id = i.file_id
        WHERE i.external_url IS NOT NULL OR f.file_name IS NOT NULL`,
    )
    .execute(db);
  // Every course with an entry page, as the catalogue shows it: open or closed (the page says which).
  await sql
    .raw(
      `CREATE VIEW search_source_courses AS
        SELECT ${rowidOf(SOURCE.courses, "course_id")} AS search_rowid, course_id AS source_id, '/cursos2025/' || course_url AS path, 'curso' AS kind,
          CASE course_able WHEN 1 THEN 'Oferta académica' ELSE 'Oferta académica · inscripción cerrada' END AS context,
          course_name AS title, course_summary AS body,
          updated_at AS last_modified, 1 AS in_sitemap
        FROM courses WHERE course_url IS NOT NULL`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE VIEW search_source AS
        SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM search_source_content_pages
        UNION ALL SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM search_source_department_pages
        UNION ALL SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM search_source_research_units
        UNION ALL SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM search_source_direction_nodes
        UNION ALL SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM search_source_gallery_items
        UNION ALL SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM search_source_document_items
        UNION ALL SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM search_source_courses`,
    )
    .execute(db);

  // "Keys" views: every row of a source with the columns triggers select by, published or not, so
  // a trigger can delete an entry whatever state the row was in.
  await sql.raw(`CREATE VIEW search_source_content_pages_keys AS SELECT id AS source_id, path FROM content_pages`).execute(db);
  await sql.raw(`CREATE VIEW search_source_department_pages_keys AS SELECT id AS source_id FROM department_pages`).execute(db);
  await sql.raw(`CREATE VIEW search_source_research_units_keys AS SELECT id AS source_id FROM research_units`).execute(db);
  await sql.raw(`CREATE VIEW search_source_direction_nodes_keys AS SELECT id AS source_id, href AS path FROM direction_nodes`).execute(db);
  await sql.raw(`CREATE VIEW search_source_gallery_items_keys AS SELECT id AS source_id FROM gallery_items`).execute(db);
  await sql.raw(`CREATE VIEW search_source_document_items_keys AS SELECT id AS source_id, group_id, file_id FROM document_items`).execute(db);
  await sql.raw(`CREATE VIEW search_source_courses_keys AS SELECT course_id AS source_id FROM courses`).execute(db);

  const nodes = (paths: string) => refresh("search_source_direction_nodes", SOURCE.directionNodes, "source_id", `path IN (${paths})`);

  // One trigger per table and event. `own(key)` re-reads the row's own entry; page tables also
  // re-read the menu entry at their old and new address, which they hide or reveal.
  const tables: { table: string; view: string; source: number; key: string; paths?: (row: "old" | "new") => string }[] = [
    { table: "content_pages", view: "search_source_content_pages", source: SOURCE.contentPages, key: "id", paths: (row) => `${row}.path` },
    {
      table: "department_pages",
      view: "search_source_department_pages",
      source: SOURCE.departmentPages,
      key: "id",
      paths: (row) => `'/direccion/' || ${row}.slug`,
    },
    {
      table: "research_units",
      view: "search_source_research_units",
      source: SOURCE.researchUnits,
      key: "id",
      paths: (row) => `'/investigadores/' || ${row}.id`,
    },
    { table: "direction_nodes", view: "search_source_direction_nodes", source: SOURCE.directionNodes, key: "id" },
    { table: "gallery_items", view: "search_source_gallery_items", source: SOURCE.galleryItems, key: "id" },
    { table: "document_items", view: "search_source_document_items", source: SOURCE.documentItems, key: "id" },
    { table: "courses", view: "search_source_courses", source: SOURCE.courses, key: "course_id" },
  ];
  for (const { table, view, source, key, paths } of tables) {
    const deleteOwn = (row: "old") => `DELETE FROM search_index WHERE rowid = ${rowidOf(source, `${row}.${key}`)};`;
    const insertOwn = (row: "new") =>
      `INSERT INTO search_index (rowid, path, kind, context, title, body) SELECT ${ENTRY_COLUMNS} FROM ${view} WHERE source_id = ${row}.${key};`;
    await sql
      .raw(
        `CREATE TRIGGER search_${table}_insert AFTER INSERT ON ${table} BEGIN
          ${insertOwn("new")}
          ${paths ? nodes(paths("new")) : ""}
        END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER search_${table}_update AFTER UPDATE ON ${table} BEGIN
          ${deleteOwn("old")}
          ${insertOwn("new")}
          ${paths ? nodes(`${paths("old")}, ${paths("new")}`) : ""}
        END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER search_${table}_delete AFTER DELETE ON ${table} BEGIN
          ${deleteOwn("old")}
          ${paths ? nodes(paths("old")) : ""}
        END`,
      )
      .execute(db);
  }

  // A document's entry also shows its group's title and its file's name.
  const documents = (condition: string) => refresh("search_source_document_items", SOURCE.documentItems, "source_id", condition);
  await sql
    .raw(
      `CREATE TRIGGER search_document_groups_update AFTER UPDATE OF title ON document_groups BEGIN
        ${documents("group_id = new.id")}
      END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_stored_files_update AFTER UPDATE OF file_name ON stored_files BEGIN
        ${documents("file_id = new.id")}
      END`,
    )
    .execute(db);

  // The initial fill, once; pages served by code are added by the server at start.
  await sql`
    INSERT INTO search_index (rowid, path, kind, context, title, body)
    SELECT search_rowid, path, kind, context, title, body FROM search_source`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = ["content_pages", "department_pages", "research_units", "direction_nodes", "gallery_items", "document_items", "courses"];
  for (const table of tables) {
    for (const event of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER search_${table}_${event}`).execute(db);
  }
  await sql`DROP TRIGGER search_document_groups_update`.execute(db);
  await sql`DROP TRIGGER search_stored_files_update`.execute(db);
  await sql`DROP VIEW search_source`.execute(db);
  for (const table of tables) {
    await sql.raw(`DROP VIEW search_source_${table}`).execute(db);
    await sql.raw(`DROP VIEW search_source_${table}_keys`).execute(db);
  }
}
