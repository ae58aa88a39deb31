import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { db, migrateToLatest, openDatabase, sqliteConnection } from "~/db.server";
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

  test("a transaction holds the write lock from its start: a write by another connection between its read and its write cannot make it fail", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-lock-"));
    const site = openDatabase(path.join(dir, "lock.db"));
    // Another process in real use (a script, a test's factories): its own connection to the file.
    const other = openDatabase(path.join(dir, "lock.db"));
    try {
      await sql`CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)`.execute(site);
      await sql`INSERT INTO counter (id, n) VALUES (1, 0)`.execute(site);
      // The other writer gives up at once instead of waiting (both connections share this thread).
      sqliteConnection(other)!.pragma("busy_timeout = 0");
      let otherWrite = "";
      await site.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`SELECT n FROM counter WHERE id = 1`.execute(trx);
        try {
          await sql`UPDATE counter SET n = 100 WHERE id = 1`.execute(other);
          otherWrite = "written";
        } catch (error) {
          otherWrite = String((error as { code?: unknown }).code);
        }
        // With a deferred BEGIN, the other write would land and this one fail: SQLITE_BUSY_SNAPSHOT.
        await sql`UPDATE counter SET n = ${rows[0]!.n + 1} WHERE id = 1`.execute(trx);
      });
      expect(otherWrite).toBe("SQLITE_BUSY");
      const { rows } = await sql<{ n: number }>`SELECT n FROM counter WHERE id = 1`.execute(other);
      expect(rows[0]!.n).toBe(1);
    } finally {
      await other.destroy();
      await site.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
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
