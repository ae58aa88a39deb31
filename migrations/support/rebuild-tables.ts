import { sql, type Kysely } from "kysely";

/**
 * Runs a table rebuild (SQLite's 12-step procedure: create the new table, copy, drop, rename,
 * indexes and triggers again) the way SQLite requires it: foreign keys off OUTSIDE the
 * transaction (with them on, dropping the old table would cascade or SET NULL into the tables
 * that reference it), then one transaction that checks every reference before it commits, and
 * foreign keys back on whatever happens. `name` labels the error of a failed check.
 *
 * Migrations 0010 and 0019 spell this out inline and are never edited once landed; every
 * rebuild since 0027 uses this one.
 */
export async function rebuildTables(db: Kysely<any>, name: string, rebuild: (db: Kysely<any>) => Promise<void>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await rebuild(db);
      const problems = await sql`PRAGMA foreign_key_check`.execute(db);
      if (problems.rows.length > 0) throw new Error(`${name}: foreign key check failed: ${JSON.stringify(problems.rows)}`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}
