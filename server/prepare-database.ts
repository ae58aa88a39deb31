import type { Kysely } from "kysely";
import { db as defaultDb, migrateToLatest, type DB } from "../app/db.server";
import { syncCodePages } from "../app/search/site-index.server";
import { seedDatabase } from "../seeds/index";

export interface PreparedDatabase {
  migrations: string[];
  seedSteps: string[];
  /** Search entries of pages served by code written at this start (0 when they were current). */
  searchEntries: number;
}

/**
 * Everything a database needs before the site serves it, in order: pending migrations, the seed
 * steps not yet applied, and the search entries of the pages served by code. Run at every start
 * (cheap when nothing is pending) and by `npm run db:migrate`. The rest of the search index is
 * kept current by database triggers (migrations/0015), so nothing here grows with the content.
 */
export async function prepareDatabase(options: { includeDemoContent: boolean }, database: Kysely<DB> = defaultDb): Promise<PreparedDatabase> {
  const migrations = await migrateToLatest(database);
  const seedSteps = await seedDatabase(database, options);
  const searchEntries = await syncCodePages(database);
  return { migrations, seedSteps, searchEntries };
}
