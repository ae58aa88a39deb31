import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { databasePath } from "~/config.server";
import { db as siteDb, withStatementCache, type DB } from "~/db.server";

/**
 * A consistent view of the database for a long read (the staff exports, decision 0040): a
 * read-only connection of its own, inside one read transaction. SQLite in WAL mode keeps what that
 * transaction sees fixed from its first read to `close()`, whatever the site writes meanwhile, so
 * an export's count (in its audit row) and its rows, read in many batches across many turns of the
 * event loop, are the same set. The site's own connection is never left inside a transaction.
 *
 * An in-memory database (no file to open twice) gets the site's connection, without a snapshot.
 */
export interface ReadSnapshot {
  db: Kysely<DB>;
  close: () => Promise<void>;
}

export async function openReadSnapshot(path = databasePath()): Promise<ReadSnapshot> {
  if (path.endsWith(":memory:")) return { db: siteDb, close: async () => {} };
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  // Deferred: the snapshot is taken at the first read, which is the next statement.
  sqlite.exec("BEGIN");
  sqlite.prepare("SELECT 1 FROM sqlite_schema LIMIT 1").get();
  // Each batch of an export runs the same SQL: prepared once, as on the site's connection (a
  // ledger batch's query took ~1 ms of the event loop to prepare, each time).
  const snapshotDb = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  let closed = false;
  return {
    db: snapshotDb,
    close: async () => {
      if (closed) return;
      closed = true;
      if (sqlite.inTransaction) sqlite.exec("COMMIT");
      await snapshotDb.destroy();
    },
  };
}
