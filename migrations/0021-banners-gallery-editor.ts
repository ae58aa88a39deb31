import { sql, type Kysely } from "kysely";
import { contentVersionTriggers } from "./0014-content-version";

// The communications office edits the home banners and the galleries (issue 12, decision 0023).
//
// - banners is rebuilt (SQLite cannot relax NOT NULL nor add CHECKs in place): the heading
//   (`title`) becomes optional, the link may only be an http(s) address or a path on this site
//   (one leading "/"), and a banner may have a visible window (`visible_from`/`visible_until`,
//   UTC ISO, either open). A seeded link that breaks the new rule is dropped, never the banner.
// - gallery_items.is_visible: "Ocultar" keeps the image (and its address answers 404 while
//   hidden); the search view drops hidden images, so search and sitemap follow by the triggers of
//   migration 0015.
// - galleries: the title, description and introduction of the three galleries move out of code
//   (app/gallery/galleries.ts) with today's values. The names stay a closed set: each gallery's
//   address is mounted by remix.config.js, so no address changes.
// Every table here feeds public pages, so each gets the content_version triggers (decision 0017).

const UTC_INSTANT = (column: string) => `(${column} IS NULL OR ${column} GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:*Z')`;
const SAFE_LINK = (column: string) =>
  `(${column} IS NULL OR (length(${column}) <= 500 AND ${column} NOT GLOB '*[ <>"''\\]*' AND (` +
  `(${column} GLOB 'https://?*' OR ${column} GLOB 'http://?*') OR (${column} GLOB '/*' AND ${column} NOT GLOB '//*'))))`;

export const GALLERY_SEED = [
  {
    name: "legado-artistico",
    title: "Legado artístico",
    description:
      "Murales, esculturas, pinturas y obras musicales que artistas como Diego Rivera, Francisco Eppens, Fanny Rabel y Juan O'Gorman dejaron al Hospital Infantil de México Federico Gómez.",
    intro:
      "Desde su fundación en 1943, el hospital ha reunido obras que artistas mexicanos dedicaron a la infancia y a quienes la cuidan: murales, esculturas, pinturas, bocetos y hasta un himno y una suite sinfónica. Seleccione una imagen para verla en grande con su descripción.",
  },
  {
    name: "galeria",
    title: "Galería: Open house de la Dirección de Enseñanza",
    description: "Imágenes del Open house de la Dirección de Enseñanza del Hospital Infantil de México Federico Gómez.",
    intro:
      "Imágenes del Open house de la Dirección de Enseñanza, en el que estudiantes y aspirantes conocieron las sedes y los programas académicos del hospital.",
  },
  {
    name: "dia-del-nino",
    title: "Día del niño: Chiquitúnel de la CIENCIA",
    description: "Imágenes del Chiquitúnel de la CIENCIA con que el hospital celebró el Día del Niño.",
    intro: "Imágenes del Chiquitúnel de la CIENCIA, el recorrido con que niñas y niños celebraron su día en el hospital.",
  },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  // ---- banners
  await sql
    .raw(
      `CREATE TABLE banners_new (
        id INTEGER PRIMARY KEY,
        title TEXT CHECK (title IS NULL OR length(title) BETWEEN 1 AND 200),
        alt_text TEXT NOT NULL CHECK (length(alt_text) BETWEEN 1 AND 300),
        link_url TEXT CHECK ${SAFE_LINK("link_url")},
        image_file_id TEXT NOT NULL REFERENCES stored_files (id),
        position INTEGER NOT NULL DEFAULT 0,
        is_active INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
        visible_from TEXT CHECK ${UTC_INSTANT("visible_from")},
        visible_until TEXT CHECK ${UTC_INSTANT("visible_until")},
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        CHECK (visible_from IS NULL OR visible_until IS NULL OR visible_until > visible_from)
      ) STRICT`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO banners_new (id, title, alt_text, link_url, image_file_id, position, is_active, created_at, updated_at)
       SELECT id, title, alt_text, CASE WHEN ${SAFE_LINK("link_url")} THEN link_url END, image_file_id, position, is_active, created_at, updated_at
       FROM banners`,
    )
    .execute(db);
  await sql`DROP TABLE banners`.execute(db);
  await sql`ALTER TABLE banners_new RENAME TO banners`.execute(db);
  await sql`CREATE INDEX banners_position ON banners (position, id)`.execute(db);
  for (const statement of contentVersionTriggers("banners")) await sql.raw(statement).execute(db);
  // The carousel changed (a link dropped): pages kept with the old one must go.
  await sql`UPDATE content_version SET version = version + 1 WHERE id = 1`.execute(db);

  // ---- gallery items: hide without deleting
  await sql`ALTER TABLE gallery_items ADD COLUMN is_visible INTEGER NOT NULL DEFAULT 1 CHECK (is_visible IN (0, 1))`.execute(db);
  // search_source (the union) reads this view by name, so replacing it needs no change there.
  await sql`DROP VIEW search_source_gallery_items`.execute(db);
  await sql`
    CREATE VIEW search_source_gallery_items AS
      SELECT (5000000000000 + id) AS search_rowid, id AS source_id, '/' || gallery || '/' || id AS path, 'imagen' AS kind,
        CASE gallery WHEN 'legado-artistico' THEN 'Legado artístico' WHEN 'galeria' THEN 'Galería' ELSE 'Día del Niño' END AS context,
        title, caption || ' ' || coalesce(author, '') AS body,
        NULL AS last_modified, 1 AS in_sitemap
      FROM gallery_items WHERE is_visible = 1`.execute(db);

  // ---- galleries: the texts staff edit
  await sql`
    CREATE TABLE galleries (
      name TEXT PRIMARY KEY CHECK (name IN ('legado-artistico', 'galeria', 'dia-del-nino')),
      title TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
      description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 300),
      intro TEXT NOT NULL CHECK (length(intro) BETWEEN 1 AND 2000),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  for (const gallery of GALLERY_SEED) {
    await sql`INSERT INTO galleries (name, title, description, intro) VALUES (${gallery.name}, ${gallery.title}, ${gallery.description}, ${gallery.intro})`.execute(
      db,
    );
  }
  // gallery_items has had its triggers since migration 0014.
  for (const statement of contentVersionTriggers("galleries")) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE galleries`.execute(db);
  await sql`DROP VIEW search_source_gallery_items`.execute(db);
  await sql`
    CREATE VIEW search_source_gallery_items AS
      SELECT (5000000000000 + id) AS search_rowid, id AS source_id, '/' || gallery || '/' || id AS path, 'imagen' AS kind,
        CASE gallery WHEN 'legado-artistico' THEN 'Legado artístico' WHEN 'galeria' THEN 'Galería' ELSE 'Día del Niño' END AS context,
        title, caption || ' ' || coalesce(author, '') AS body,
        NULL AS last_modified, 1 AS in_sitemap
      FROM gallery_items`.execute(db);
  await sql`ALTER TABLE gallery_items DROP COLUMN is_visible`.execute(db);
  // The banners' new columns and relaxed heading stay: narrowing back could lose banners.
}
