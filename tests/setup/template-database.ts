import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { TestProject } from "vitest/node";

/**
 * vitest's globalSetup: migrates one template SQLite file per run, and seeds a copy of it with
 * the demo seed, once. Each test file then starts on a file copy of the migrated template
 * (tests/setup/fresh-database.ts), and a file that needs the demo content copies the seeded one
 * over its database with `useSeededDatabase()` (tests/support/database.ts), instead of every file
 * migrating and seeding for itself.
 */
declare module "vitest" {
  export interface ProvidedContext {
    templateDatabases: { migrated: string; seeded: string };
  }
}

export default async function setup(project: TestProject) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `himfg-test-templates-${process.pid}-`));
  const migrated = path.join(directory, "migrated.db");
  const seeded = path.join(directory, "seeded.db");
  const saved = { DATABASE_PATH: process.env.DATABASE_PATH, STAFF_TOTP_KEY: process.env.STAFF_TOTP_KEY };
  // app/db.server opens the process database on import: point it at the template, not ./data.
  process.env.DATABASE_PATH = migrated;
  process.env.STAFF_TOTP_KEY ??= crypto.randomBytes(32).toString("base64");
  try {
    const { db, migrateToLatest, openDatabase } = await import("../../app/db.server");
    const { seedDatabase } = await import("../../seeds/index");
    await migrateToLatest(db);
    await db.destroy();
    closeAsOneFile(migrated);
    fs.copyFileSync(migrated, seeded);
    const seededDb = openDatabase(seeded);
    await seedDatabase(seededDb);
    await seededDb.destroy();
    closeAsOneFile(seeded);
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
  project.provide("templateDatabases", { migrated, seeded });
  return () => fs.rmSync(directory, { recursive: true, force: true });
}

/** Leaves the template as one self-contained file (no -wal beside it), so a file copy is whole. */
function closeAsOneFile(file: string) {
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = DELETE");
  sqlite.close();
}
