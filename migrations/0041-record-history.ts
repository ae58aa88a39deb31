import { sql, type Kysely } from "kysely";
import { rebuildTables } from "./support/rebuild-tables";

// Issue 23: banners, gallery images, menu links, library panels and collection introductions
// get restorable history through the one revisions table (page_revisions, decision 0048).
//
// - page_revisions.entity gains 'banner', 'gallery_image', 'menu_link', 'library_panel' and
//   'collection_intro'. SQLite cannot change a CHECK in place, so the append-only table is
//   rebuilt as 0024 and 0032 did, through rebuildTables. pending_revisions keeps its four kinds
//   (these records have no publication states).
// - revision_keys: a stable number for a record whose key is text (library panels, document
//   collections), so its revisions are keyed (entity, entity_id) like every other one. A rowid
//   would not do: VACUUM may renumber the rows of a table without an INTEGER PRIMARY KEY.
const ENTITIES = [
  "content_page",
  "department_page",
  "research_unit",
  "profile_page",
  "banner",
  "gallery_image",
  "menu_link",
  "library_panel",
  "collection_intro",
];
const ACTIONS = ["inicial", "crear", "editar", "restaurar", "publicar", "descartar", "retirar"];

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildTables(db, "0041", async (db) => {
    await rebuildRevisions(db, ENTITIES);
    await sql`
      CREATE TABLE revision_keys (
        id INTEGER PRIMARY KEY,
        entity TEXT NOT NULL CHECK (entity IN ('library_panel', 'collection_intro')),
        key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 60),
        UNIQUE (entity, key)
      ) STRICT`.execute(db);
  });
}

async function rebuildRevisions(db: Kysely<any>, entities: string[]): Promise<void> {
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
        action TEXT NOT NULL CHECK (action IN (${list(ACTIONS)})),
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

export async function down(db: Kysely<any>): Promise<void> {
  // Revisions of the new kinds cannot survive the old CHECK; down is for development databases only.
  await rebuildTables(db, "0041 down", async (db) => {
    await sql`DROP TABLE revision_keys`.execute(db);
    await sql`DROP TRIGGER page_revisions_no_delete`.execute(db);
    await sql`DELETE FROM page_revisions WHERE entity NOT IN ('content_page', 'department_page', 'research_unit', 'profile_page')`.execute(db);
    await sql`
      CREATE TRIGGER page_revisions_no_delete BEFORE DELETE ON page_revisions
      BEGIN SELECT RAISE(ABORT, 'page_revisions is append-only'); END`.execute(db);
    await rebuildRevisions(db, ENTITIES.slice(0, 4));
  });
}
