/**
 * Run in a process of its own (the app's database handle is bound to one file per process): a
 * signed-in session of the first active admin of the database at DATABASE_PATH (a grown one has
 * them: bench/grow-database.ts). Prints `{ "cookie": "<name=value>", "staffId": <id> }`. Used by
 * the 100× export figures (bench/at-scale.ts) and tests/load/export-while-serving.test.ts.
 */
import { db } from "../app/db.server";
import { createStaffSession } from "../app/staff/session.server";

const admin = await db
  .selectFrom("staff_members")
  .select("id")
  .where("role", "=", "admin")
  .where("status", "=", "activa")
  .orderBy("id")
  .executeTakeFirst();
if (!admin) throw new Error("the database has no active admin");
const cookie = (await createStaffSession(null, admin.id, "activa")).split(";")[0]!;
await db.destroy();
process.stdout.write(JSON.stringify({ cookie, staffId: admin.id }));
