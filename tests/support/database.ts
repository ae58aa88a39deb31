import Database from "better-sqlite3";
import { inject } from "vitest";

/**
 * Replaces the test file's database (a copy of the migrated template) with the run's seeded
 * template: the demo content of `seedDatabase`, seeded once per run by tests/setup/template-database.ts.
 * Call it first in the file's `beforeAll`, before any data is made: SQLite's backup writes the
 * template into the open database file, and the process's connection reads it from then on.
 */
export async function useSeededDatabase(): Promise<void> {
  const template = new Database(inject("templateDatabases").seeded, { readonly: true });
  try {
    await template.backup(process.env.DATABASE_PATH!);
  } finally {
    template.close();
  }
}
