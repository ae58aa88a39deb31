import type { Kysely } from "kysely";
import { db as defaultDb, migrateToLatest, type DB } from "../app/db.server";
import { syncCodePages } from "../app/search/site-index.server";
import { sealStoredTotpSecrets, type SealReport } from "../app/staff/totp-secrets.server";
import { seedDatabase } from "../seeds/index";

export interface PreparedDatabase {
  migrations: string[];
  seedSteps: string[];
  /** Search entries of pages served by code written at this start (0 when they were current). */
  searchEntries: number;
  /** Staff TOTP secrets encrypted (a database from before 0034) or moved to the current key at this start. */
  totpSecrets: SealReport;
}

/**
 * Everything a database needs before the site serves it, in order: pending migrations, the seed
 * steps not yet applied, and the search entries of the pages served by code. Run at every start
 * (cheap when nothing is pending) and by `npm run db:migrate`. The rest of the search index is
 * kept current by database triggers (migrations/0015), so nothing here grows with the content.
 * Then the staff TOTP secrets still stored bare (written before migration 0034, which has no key)
 * are encrypted, once, and those under a previous key move to the current one (decision 0034).
 */
export async function prepareDatabase(options: { includeDemoContent: boolean }, database: Kysely<DB> = defaultDb): Promise<PreparedDatabase> {
  const migrations = await migrateToLatest(database);
  const seedSteps = await seedDatabase(database, options);
  const searchEntries = await syncCodePages(database);
  const totpSecrets = await sealStoredTotpSecrets(database);
  return { migrations, seedSteps, searchEntries, totpSecrets };
}
