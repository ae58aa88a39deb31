import { sql, type Kysely } from "kysely";

// Documents and gallery: document collections (transparency, procurement, yearbooks, research
// calls, general-direction documents, archives) made of titled groups (a year or a label) whose
// items point either to a stored file or to an external URL; and gallery items (an image with
// its caption, title, author and intrinsic size, so pages can reserve space before it loads).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE document_collections (
      key TEXT PRIMARY KEY CHECK (key GLOB '[a-z]*' AND key NOT GLOB '*[^a-z0-9-]*' AND length(key) <= 60),
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description TEXT,
      position INTEGER NOT NULL DEFAULT 0
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE document_groups (
      id INTEGER PRIMARY KEY,
      collection_key TEXT NOT NULL REFERENCES document_collections (key) ON DELETE CASCADE ON UPDATE CASCADE,
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      empty_message TEXT,
      position INTEGER NOT NULL DEFAULT 0
    ) STRICT`.execute(db);
  await sql`CREATE INDEX document_groups_collection ON document_groups (collection_key, position)`.execute(db);

  await sql`
    CREATE TABLE document_items (
      id INTEGER PRIMARY KEY,
      group_id INTEGER NOT NULL REFERENCES document_groups (id) ON DELETE CASCADE,
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 400),
      file_id TEXT REFERENCES stored_files (id),
      external_url TEXT CHECK (external_url IS NULL OR external_url GLOB 'http://*' OR external_url GLOB 'https://*'),
      -- Optional picture shown as the link (e.g. the national transparency platform banners).
      image_file_id TEXT REFERENCES stored_files (id),
      position INTEGER NOT NULL DEFAULT 0,
      -- Exactly one target: a stored file or an external address.
      CHECK ((file_id IS NULL) <> (external_url IS NULL))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX document_items_group ON document_items (group_id, position)`.execute(db);
  await sql`CREATE INDEX document_items_file ON document_items (file_id)`.execute(db);

  await sql`
    CREATE TABLE gallery_items (
      id INTEGER PRIMARY KEY,
      gallery TEXT NOT NULL CHECK (gallery IN ('legado-artistico', 'galeria', 'dia-del-nino')),
      image_file_id TEXT NOT NULL REFERENCES stored_files (id),
      caption TEXT NOT NULL CHECK (length(caption) BETWEEN 1 AND 400),
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      author TEXT,
      alt_text TEXT NOT NULL CHECK (length(alt_text) BETWEEN 1 AND 400),
      width INTEGER NOT NULL CHECK (width > 0),
      height INTEGER NOT NULL CHECK (height > 0),
      position INTEGER NOT NULL DEFAULT 0
    ) STRICT`.execute(db);
  await sql`CREATE INDEX gallery_items_gallery ON gallery_items (gallery, position)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["gallery_items", "document_items", "document_groups", "document_collections"]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
