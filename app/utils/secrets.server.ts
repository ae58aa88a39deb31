import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db.server";

/**
 * A server-side secret: the environment variable when set, otherwise one generated on first run
 * and kept in the database (so it survives restarts and travels with the backup).
 */
export async function getOrCreateSecret(db: Kysely<DB>, name: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  const fresh = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("app_secrets")
    .values({ name, value: fresh })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}
