import type { Kysely } from "kysely";
import { db, type DB } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffRole } from "~/staff/staff";

/**
 * The loader of an editor's list screen (decision 0026): the staff guard first, then the list,
 * filtered by the words of `?q=` (at most 200 characters).
 */
export async function loadEditorList<T>(request: Request, access: readonly StaffRole[], list: (db: Kysely<DB>, q: string) => Promise<T[]>) {
  await requireStaff(request, access);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  return { q, items: await list(db, q) };
}
