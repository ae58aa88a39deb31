import type { Kysely } from "kysely";
import { z } from "zod";
import type { DB, StaffRoleColumn } from "~/db.server";
import { endOfDayInMexicoCity, startOfDayInMexicoCity } from "~/utils/mexico-city";

/** Reading the audit log (/admin/bitacora): filters from the query string, 50 rows a page. */
export const AUDIT_PAGE_SIZE = 50;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

const filterSchema = z.object({
  actor: z
    .union([z.literal("cli"), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
  entity: z.string().trim().min(1).max(80).optional().catch(undefined),
  action: z.string().trim().min(1).max(80).optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export type AuditFilters = z.infer<typeof filterSchema>;

/** Unknown or malformed filters are dropped (a bookmarked URL never fails). */
export function parseAuditFilters(searchParams: URLSearchParams): AuditFilters {
  const raw: Record<string, string> = {};
  for (const key of ["actor", "entity", "action", "from", "to", "page"]) {
    const value = searchParams.get(key);
    if (value) raw[key] = value;
  }
  return filterSchema.parse(raw);
}

export interface AuditRow {
  id: number;
  actorEmail: string | null;
  actorRole: StaffRoleColumn | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: string | null;
  after: string | null;
  requestId: string | null;
  createdAt: string;
}

export async function listAuditEntries(db: Kysely<DB>, filters: AuditFilters): Promise<{ rows: AuditRow[]; total: number; pages: number }> {
  let query = db.selectFrom("audit_log").leftJoin("staff_members", "staff_members.id", "audit_log.actor_staff_id");
  if (filters.actor === "cli") query = query.where("audit_log.actor_staff_id", "is", null);
  else if (filters.actor !== undefined) query = query.where("audit_log.actor_staff_id", "=", filters.actor);
  if (filters.entity) query = query.where("audit_log.entity", "=", filters.entity);
  if (filters.action) query = query.where("audit_log.action", "=", filters.action);
  if (filters.from) query = query.where("audit_log.created_at", ">=", startOfDayInMexicoCity(filters.from));
  if (filters.to) query = query.where("audit_log.created_at", "<", endOfDayInMexicoCity(filters.to));
  const count = await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const total = Number(count.n);
  const rows = await query
    .select([
      "audit_log.id",
      "audit_log.actor_email",
      "audit_log.actor_role",
      "staff_members.name as actor_name",
      "audit_log.action",
      "audit_log.entity",
      "audit_log.entity_id",
      "audit_log.before_json",
      "audit_log.after_json",
      "audit_log.request_id",
      "audit_log.created_at",
    ])
    .orderBy("audit_log.id", "desc")
    .limit(AUDIT_PAGE_SIZE)
    .offset((filters.page - 1) * AUDIT_PAGE_SIZE)
    .execute();
  return {
    total,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    rows: rows.map((row) => ({
      id: row.id,
      actorEmail: row.actor_email,
      actorRole: row.actor_role,
      actorName: row.actor_name,
      action: row.action,
      entity: row.entity,
      entityId: row.entity_id,
      before: row.before_json,
      after: row.after_json,
      requestId: row.request_id,
      createdAt: row.created_at,
    })),
  };
}

/** The choices for the filter form: every staff member, and the entities and actions logged so far. */
export async function auditFilterOptions(db: Kysely<DB>) {
  const [actors, entities, actions] = await Promise.all([
    db.selectFrom("staff_members").select(["id", "name", "email"]).orderBy("name").execute(),
    db.selectFrom("audit_log").select("entity").distinct().orderBy("entity").execute(),
    db.selectFrom("audit_log").select("action").distinct().orderBy("action").execute(),
  ]);
  return { actors, entities: entities.map((row) => row.entity), actions: actions.map((row) => row.action) };
}
