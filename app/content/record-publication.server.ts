import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { DEPARTMENT_RECORD } from "./department-editor.server";
import { PROFILE_RECORD } from "./profile-page-editor.server";
import { RESEARCH_UNIT_RECORD } from "./research-unit-editor.server";

/**
 * Publishes every department page, research unit and profile record whose scheduled time has come
 * (decision 0026), as publishDuePages does for the information pages. The public routes that show
 * them, /buscar and the sitemap call it before they read, so a record appears at its time and the
 * search index and page cache follow (the flip is an ordinary UPDATE their triggers see).
 */
export async function publishDueRecords(db: Kysely<DB>, now: Date): Promise<number> {
  let published = 0;
  for (const record of [DEPARTMENT_RECORD, RESEARCH_UNIT_RECORD, PROFILE_RECORD]) published += await record.publishDue(db, now);
  return published;
}
