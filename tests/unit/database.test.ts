import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { db, migrateToLatest, sqliteConnection } from "~/db.server";
import type * as DbModule from "~/db.server";

/** The same module under another address: a second instance of it, as build/server.js holds (tsc does not resolve the query). */
const SECOND_COPY = "../../app/db.server.ts?copy=remix-build";

describe("the SQLite database", () => {
  test("runs in WAL mode with foreign keys enforced", async () => {
    const journal = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(db);
    expect(journal.rows[0]?.journal_mode).toBe("wal");
    const fk = await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db);
    expect(fk.rows[0]?.foreign_keys).toBe(1);
    // A banner pointing to a file that does not exist is refused by the database itself.
    await expect(db.insertInto("banners").values({ title: "x", alt_text: "x", image_file_id: "missing" }).execute()).rejects.toThrow(/FOREIGN KEY/);
  });

  test("the Remix build's copy of this module finds the connection under the shared database handle", async () => {
    // build/server.js holds two copies of app code (the server's and the Remix build's); the
    // database handle is one (singleton), and so is the record of its connection.
    const buildCopy = (await import(/* @vite-ignore */ SECOND_COPY)) as typeof DbModule;
    expect(buildCopy.db).toBe(db);
    expect(sqliteConnection(db)).not.toBeNull();
    expect(buildCopy.sqliteConnection(db)).toBe(sqliteConnection(db));
  });

  test("has every migration applied, and applying again does nothing", async () => {
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`.execute(db);
    expect(tables.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(["site_settings", "stored_files", "direction_nodes", "banners", "sessions", "seed_log"]),
    );
    expect(await migrateToLatest(db)).toEqual([]);
  });

  test("check constraints guard closed sets", async () => {
    await expect(
      db
        .insertInto("direction_nodes")
        .values({ name: "X", href: "/x", level: "piso" as never })
        .execute(),
    ).rejects.toThrow(/CHECK/);
  });
});
