// Applies pending migrations and the seed steps to DATABASE_PATH (the server also does this at start).
import { readConfig } from "../app/config.server";
import { db, migrateToLatest } from "../app/db.server";
import { seedDatabase } from "../seeds/index";

const migrations = await migrateToLatest(db);
const seeds = await seedDatabase(db, { includeDemoContent: readConfig().SEED_DEMO_CONTENT });
console.log(`Migrations applied: ${migrations.join(", ") || "none"}. Seed steps applied: ${seeds.join(", ") || "none"}.`);
await db.destroy();
