import type { Kysely } from "kysely";
import { db as defaultDb, migrateToLatest, type DB } from "../app/db.server";
import { rebuildSearchIndex } from "../app/search/site-index.server";
import { seedDatabase } from "../seeds/index";

export interface PreparedDatabase {
  migrations: string[];
  seedSteps: string[];
  searchEntries: number;
}

/**
 * Everything a database needs before the site serves it, in order: pending migrations, the seed
 * steps not yet applied, and a fresh search index. Run at every start (cheap when nothing is
 * pending) and by `npm run db:migrate`.
 */
export async function prepareDatabase(
  options: { includeDemoContent: boolean },
  database: Kysely<DB> = defaultDb,
): Promise<PreparedDatabase> {
  const migrations = await migrateToLatest(database);
  const seedSteps = await seedDatabase(database, options);
  const searchEntries = await rebuildSearchIndex(database);
  return { migrations, seedSteps, searchEntries };
}
