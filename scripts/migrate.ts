// Applies pending migrations and seed steps and writes the search entries of code pages (the server also does
// this at start): npm run db:migrate
import { readConfig } from "../app/config.server";
import { db } from "../app/db.server";
import { prepareDatabase } from "../server/prepare-database";

const result = await prepareDatabase({ includeDemoContent: readConfig().SEED_DEMO_CONTENT });
console.log(
  `Migrations applied: ${result.migrations.join(", ") || "none"}. Seed steps applied: ${result.seedSteps.join(", ") || "none"}. Search entries of code pages written: ${result.searchEntries}.`,
);
await db.destroy();
