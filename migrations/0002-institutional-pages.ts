import { sql, type Kysely } from "kysely";

// Institutional pages: department/direction pages (/direccion/{slug}), research units
// (/investigadores/{id}), profile records (banner + two contents), and the
// simple information pages keyed by path. Rich text columns hold Markdown; it is sanitised when
// rendered (app/content/markdown.server.ts), never trusted as HTML.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE department_pages (
      id INTEGER PRIMARY KEY,
      slug TEXT NOT NULL UNIQUE CHECK (length(slug) BETWEEN 1 AND 120 AND slug NOT GLOB '*[^a-z0-9-]*'),
      direction_node_id INTEGER UNIQUE REFERENCES direction_nodes (id) ON DELETE SET NULL,
      tipo_departamento INTEGER NOT NULL DEFAULT 1 CHECK (tipo_departamento IN (1, 2)),
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 300),
      head_photo_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      head_name TEXT,
      head_grade TEXT,
      first_content TEXT NOT NULL DEFAULT '',
      second_content TEXT NOT NULL DEFAULT '',
      first_image_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      first_image_alt TEXT NOT NULL DEFAULT '',
      second_image_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      second_image_alt TEXT NOT NULL DEFAULT '',
      staff_links TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(staff_links) AND json_type(staff_links) = 'array'),
      is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1)),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  // The id is the public number in /investigadores/{id}; live links use ids 1 to 15.
  await sql`
    CREATE TABLE research_units (
      id INTEGER PRIMARY KEY CHECK (id >= 1),
      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      kind TEXT NOT NULL CHECK (kind IN ('unidad', 'laboratorio', 'servicio')),
      name_is_illustrative INTEGER NOT NULL DEFAULT 0 CHECK (name_is_illustrative IN (0, 1)),
      summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 300),
      content TEXT NOT NULL DEFAULT '',
      lines_of_work TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(lines_of_work) AND json_type(lines_of_work) = 'array'),
      head_name TEXT,
      head_grade TEXT,
      image_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      image_alt TEXT NOT NULL DEFAULT '',
      department_page_id INTEGER REFERENCES department_pages (id) ON DELETE SET NULL,
      is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1)),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  // The seed's "page profile record": banner (and its responsive variant), banner text, two
  // contents and two images. Referenced by information pages such as /medica.
  await sql`
    CREATE TABLE profile_pages (
      id INTEGER PRIMARY KEY,
      key TEXT NOT NULL UNIQUE CHECK (length(key) BETWEEN 1 AND 80 AND key NOT GLOB '*[^a-z0-9-]*'),
      page_title TEXT NOT NULL CHECK (length(page_title) BETWEEN 1 AND 200),
      banner_image_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      banner_image_responsive_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      banner_image_alt TEXT NOT NULL DEFAULT '',
      banner_content TEXT NOT NULL DEFAULT '',
      first_content TEXT NOT NULL DEFAULT '',
      second_content TEXT NOT NULL DEFAULT '',
      first_image_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      first_image_alt TEXT NOT NULL DEFAULT '',
      second_image_file_id TEXT REFERENCES stored_files (id) ON DELETE SET NULL,
      second_image_alt TEXT NOT NULL DEFAULT '',
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  // Simple information pages, one row per public path. "section" groups sibling pages
  // (e.g. the residency call and its sub-pages) for the in-section navigation.
  await sql`
    CREATE TABLE content_pages (
      id INTEGER PRIMARY KEY,
      path TEXT NOT NULL UNIQUE CHECK (substr(path, 1, 1) = '/' AND path NOT GLOB '*[^a-z0-9/-]*'),
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      nav_label TEXT,
      summary TEXT NOT NULL CHECK (length(summary) BETWEEN 1 AND 300),
      body TEXT NOT NULL DEFAULT '',
      section TEXT,
      position INTEGER NOT NULL DEFAULT 0,
      parent_label TEXT,
      parent_href TEXT CHECK (parent_href IS NULL OR substr(parent_href, 1, 1) = '/'),
      profile_page_id INTEGER REFERENCES profile_pages (id) ON DELETE SET NULL,
      is_published INTEGER NOT NULL DEFAULT 1 CHECK (is_published IN (0, 1)),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX content_pages_section ON content_pages (section, position)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["content_pages", "profile_pages", "research_units", "department_pages"]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
