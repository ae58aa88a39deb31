import { sql, type Kysely } from "kysely";
import { rebuildTables } from "./support/rebuild-tables";

// Issue 21: a scheduled or draft revision never takes down the published one (decision 0033).
// A record with publication states (information pages, department pages, research units,
// profile records) keeps its live row as visitors see it; while it is published, a save as draft
// or scheduled becomes its pending (latest) revision instead.
//
// - pending_revisions: at most one per record, pointing at the page_revisions row that holds the
//   pending state (its whole snapshot, as every revision). `publish_at` (UTC ISO) when it is
//   scheduled, NULL for a draft. The scheduled publication applies it to the live row at its time
//   and deletes the pointer; «Publicar ahora», a restore that publishes, «Descartar» and
//   «Retirar de la publicación» delete it too. Public pages never read it (their rows are the
//   truth), so it needs no content_version or search trigger. A deleted record takes its pointer
//   with it (triggers), since a pointer cannot reference four tables.
// - page_revisions.action gains 'descartar' (the pending changes were dropped: the snapshot is
//   the live state again) and 'retirar' (the record was taken off the site on purpose). SQLite
//   cannot change a CHECK in place, so the append-only table is rebuilt as 0024 did, through
//   rebuildTables (foreign keys off outside the transaction, foreign_key_check before commit).
const ENTITIES = ["content_page", "department_page", "research_unit", "profile_page"];
const TABLES: Record<string, string> = {
  content_page: "content_pages",
  department_page: "department_pages",
  research_unit: "research_units",
  profile_page: "profile_pages",
};

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildTables(db, "0032", async (db) => {
    await rebuildRevisions(db, ["inicial", "crear", "editar", "restaurar", "publicar", "descartar", "retirar"]);
    await sql
      .raw(
        `CREATE TABLE pending_revisions (
          entity TEXT NOT NULL CHECK (entity IN (${ENTITIES.map((e) => `'${e}'`).join(", ")})),
          entity_id INTEGER NOT NULL,
          revision_id INTEGER NOT NULL UNIQUE REFERENCES page_revisions (id),
          publish_at TEXT CHECK (publish_at IS NULL OR publish_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'),
          created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
          PRIMARY KEY (entity, entity_id)
        ) STRICT`,
      )
      .execute(db);
    await sql`CREATE INDEX pending_revisions_publish_at ON pending_revisions (entity, publish_at) WHERE publish_at IS NOT NULL`.execute(db);
    for (const [entity, table] of Object.entries(TABLES)) {
      await sql
        .raw(
          `CREATE TRIGGER pending_revisions_${table}_delete AFTER DELETE ON ${table}
          BEGIN DELETE FROM pending_revisions WHERE entity = '${entity}' AND entity_id = old.id; END`,
        )
        .execute(db);
    }
  });
}

async function rebuildRevisions(db: Kysely<any>, actions: string[]): Promise<void> {
  const list = (values: string[]) => values.map((value) => `'${value}'`).join(", ");
  await sql`DROP TRIGGER page_revisions_no_update`.execute(db);
  await sql`DROP TRIGGER page_revisions_no_delete`.execute(db);
  await sql
    .raw(
      `CREATE TABLE page_revisions_new (
        id INTEGER PRIMARY KEY,
        entity TEXT NOT NULL CHECK (entity IN (${list(ENTITIES)})),
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

export async function down(db: Kysely<any>): Promise<void> {
  // Revisions with the new actions cannot survive the old CHECK; down is for development databases only.
  await rebuildTables(db, "0032 down", async (db) => {
    for (const table of Object.values(TABLES)) await sql.raw(`DROP TRIGGER pending_revisions_${table}_delete`).execute(db);
    await sql`DROP TABLE pending_revisions`.execute(db);
    await sql`DROP TRIGGER page_revisions_no_delete`.execute(db);
    await sql`DELETE FROM page_revisions WHERE action IN ('descartar', 'retirar')`.execute(db);
    await sql`
      CREATE TRIGGER page_revisions_no_delete BEFORE DELETE ON page_revisions
      BEGIN SELECT RAISE(ABORT, 'page_revisions is append-only'); END`.execute(db);
    await rebuildRevisions(db, ["inicial", "crear", "editar", "restaurar", "publicar"]);
  });
}
