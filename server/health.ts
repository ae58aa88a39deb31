import { sql, type Kysely } from "kysely";
import type { DB } from "../app/db.server";
import { migrations } from "../migrations/index";

export type Health = { ready: true } | { ready: false; reason: string };

const EXPECTED = Object.keys(migrations);

/**
 * Ready when the database answers and every migration listed in migrations/index.ts is applied
 * (Kysely's own `kysely_migration` table). One indexed read of a few dozen short rows: cheap enough
 * for a container health check every few seconds. The reason is short and in Spanish, for whoever
 * reads `podman inspect` or a load balancer's page.
 */
export async function checkHealth(database: Kysely<DB>): Promise<Health> {
  let applied: Set<string>;
  try {
    const result = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(database);
    applied = new Set(result.rows.map((row) => row.name));
  } catch (error) {
    // Never migrated: it answers, but nothing is applied.
    if (/no such table: kysely_migration/.test(String(error))) return { ready: false, reason: `migraciones pendientes: las ${EXPECTED.length}` };
    return { ready: false, reason: `la base de datos no responde (${String(error).slice(0, 120)})` };
  }
  const missing = EXPECTED.filter((name) => !applied.has(name));
  if (missing.length > 0) return { ready: false, reason: `migraciones pendientes: ${missing.join(", ")}` };
  return { ready: true };
}
