import { sql, type Kysely } from "kysely";

// Foundation: site settings, stored files, the directions tree, home banners, sessions, and
// server-side secrets generated on first run, and the log of content seeds. Timestamps are ISO-8601 UTC text.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE site_settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL CHECK (json_valid(value)),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE stored_files (
      id TEXT PRIMARY KEY,
      file_name TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
      content_type TEXT NOT NULL,
      byte_size INTEGER NOT NULL CHECK (byte_size >= 0),
      sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
      data BLOB NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE direction_nodes (
      id INTEGER PRIMARY KEY,
      parent_id INTEGER REFERENCES direction_nodes (id) ON DELETE CASCADE,
      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      href TEXT NOT NULL UNIQUE CHECK (substr(href, 1, 1) = '/'),
      slug TEXT UNIQUE,
      level TEXT NOT NULL CHECK (level IN ('direccion', 'subdireccion', 'departamento', 'servicio', 'unidad')),
      head_name TEXT,
      position INTEGER NOT NULL DEFAULT 0
    ) STRICT`.execute(db);
  await sql`CREATE INDEX direction_nodes_parent ON direction_nodes (parent_id, position)`.execute(db);

  await sql`
    CREATE TABLE banners (
      id INTEGER PRIMARY KEY,
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      alt_text TEXT NOT NULL CHECK (length(alt_text) BETWEEN 1 AND 300),
      link_url TEXT,
      image_file_id TEXT NOT NULL REFERENCES stored_files (id),
      position INTEGER NOT NULL DEFAULT 0,
      is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      data TEXT NOT NULL CHECK (json_valid(data)),
      expires_at TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX sessions_expires_at ON sessions (expires_at)`.execute(db);

  await sql`
    CREATE TABLE app_secrets (
      name TEXT PRIMARY KEY,
      value TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE seed_log (
      name TEXT PRIMARY KEY,
      applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["seed_log", "app_secrets", "sessions", "banners", "direction_nodes", "stored_files", "site_settings"]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
