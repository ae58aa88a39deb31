import { sql, type Kysely } from "kysely";

// Site search: one FTS5 table over every public page and document title. unicode61 with
// remove_diacritics 2 makes "pediatria" find "Pediatría" and "nino" find "niño".
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE VIRTUAL TABLE search_index USING fts5(
      path UNINDEXED,
      kind UNINDEXED,
      context UNINDEXED,
      title,
      body,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE search_index`.execute(db);
}
