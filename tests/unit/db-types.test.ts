import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db, migrateToLatest, openDatabase } from "~/db.server";
import { compareSchemas, readDatabaseSchema, readDbInterface, type DbSchema, type TsSchema } from "../support/schema-check";

// Virtual tables kept out of the DB interface on purpose, and why. Any other virtual table fails.
const VIRTUAL_TABLES_OUTSIDE_DB = {
  search_index: "FTS5 index, queried with raw SQL in app/search/site-index.server.ts",
  participants_search:
    "FTS5 trigram index of participants' names and e-mails, queried with raw SQL in app/staff/teaching/participants-admin.server.ts",
};

let types: TsSchema;
beforeAll(() => {
  // The TypeScript program over app/db.server.ts and its imports takes a few seconds to check.
  types = readDbInterface();
}, 60_000);

describe("the DB interface in app/db.server.ts", () => {
  test("matches the migrated database: tables, columns, types, NULL and defaults", async () => {
    const { tables, virtualTables } = await readDatabaseSchema(db);
    expect(Object.keys(types).length).toBeGreaterThan(20);
    expect(compareSchemas(tables, types)).toEqual([]);
    expect(virtualTables).toEqual(Object.keys(VIRTUAL_TABLES_OUTSIDE_DB).sort());
  });

  describe("reports drift", () => {
    const file = path.join(os.tmpdir(), `himfg-drift-${process.pid}-${crypto.randomUUID()}.db`);
    const drifted = openDatabase(file);
    afterAll(async () => {
      await drifted.destroy();
      for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
    });

    test("when a migration adds a column or a table, or drops a column, the DB interface lacks", async () => {
      await migrateToLatest(drifted);
      // What a new migration might do without the matching change to app/db.server.ts.
      await sql`ALTER TABLE courses ADD COLUMN certificate_template TEXT`.execute(drifted);
      await sql`ALTER TABLE enrolments DROP COLUMN modality_note`.execute(drifted);
      await sql`CREATE TABLE certificates (id INTEGER PRIMARY KEY, folio TEXT NOT NULL) STRICT`.execute(drifted);
      const { tables } = await readDatabaseSchema(drifted);
      expect(compareSchemas(tables, types)).toEqual([
        "table certificates: in the database, not in the DB interface",
        "courses.certificate_template: in the database, not in the DB interface",
        "enrolments.modality_note: in the DB interface, not in the database",
      ]);
    });
  });

  test("reports a wrong type, NULL in either direction, and a Generated column the database requires", () => {
    const column = { declaredType: "TEXT", notNull: true, hasDefault: false, primaryKey: false };
    const database: DbSchema = {
      t: {
        id: { declaredType: "INTEGER", notNull: false, hasDefault: false, primaryKey: true },
        amount: { ...column, declaredType: "INTEGER" },
        note: { ...column, notNull: false },
        email: column,
        code: column,
        photo: { ...column, declaredType: "BLOB" },
      },
    };
    const tsColumn = { kinds: ["string" as const], nullable: false, optionalOnInsert: false, text: "string" };
    const typesWithMistakes: TsSchema = {
      t: {
        id: { kinds: ["number"], nullable: false, optionalOnInsert: true, text: "number" },
        amount: tsColumn,
        note: tsColumn,
        email: { ...tsColumn, nullable: true, text: "string | null" },
        code: { ...tsColumn, optionalOnInsert: true },
        photo: { kinds: ["blob"], nullable: false, optionalOnInsert: false, text: "Buffer" },
      },
    };
    expect(compareSchemas(database, typesWithMistakes)).toEqual([
      "t.amount: typed string, but the column is INTEGER (number or bigint)",
      "t.note: the column allows NULL, the type lacks | null",
      "t.email: the column is NOT NULL, the type allows null",
      "t.code: typed Generated (optional on insert), but the column has no default and is NOT NULL",
    ]);
  });
});
