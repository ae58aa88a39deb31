import { refuse, type Outcome } from "~/actions/outcome";
import { sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { endOfDayInMexicoCity, startOfDayInMexicoCity } from "~/utils/mexico-city";
import { describeAuditEntry, type AuditEntryView, type AuditRow } from "./audit-entry";
import { findAuditRecords } from "./audit-records.server";
import { auditFilterChoices } from "./audit-registry";
import { STAFF_ROLE_LABELS } from "./staff";

/**
 * Reading the audit log (/admin/bitacora; issues 21 and 22). Newest first, 25 entries a page,
 * paged by keyset: "Anteriores" carries `antes=<created_at>_<id>` of the last entry shown,
 * "Más recientes" `despues=<created_at>_<id>` of the first, so a page costs the same at any depth
 * and at any size of the log (no OFFSET, no count of the whole log). Every filter combination
 * reads through an index (migrations 0012 and 0033; tests/integration/audit-log.test.ts reads the
 * EXPLAIN QUERY PLAN of each). The filter choices come from the registry and staff_members, never
 * from the log itself.
 */
export const AUDIT_PAGE_SIZE = 25;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

const code = z
  .string()
  .trim()
  .regex(/^[a-z0-9_.]{1,80}$/);

const filterSchema = z.object({
  actor: z
    .union([z.literal("cli"), z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)])
    .optional()
    .catch(undefined),
  entity: code.optional().catch(undefined),
  action: code.optional().catch(undefined),
  from: isoDate.optional().catch(undefined),
  to: isoDate.optional().catch(undefined),
});

export type AuditFilters = z.infer<typeof filterSchema>;

/** Where a page starts: entries older than (`antes`) or newer than (`despues`) one entry. */
export interface AuditCursor {
  direction: "older" | "newer";
  createdAt: string;
  id: number;
}

// The stored form of created_at (strftime('%Y-%m-%dT%H:%M:%fZ')) and the row id, joined by "_".
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_(\d{1,15})$/;

export function cursorParam(entry: { createdAt: string; id: number }): string {
  return `${entry.createdAt}_${entry.id}`;
}

function parseCursor(value: string, direction: AuditCursor["direction"]): AuditCursor | null {
  const match = CURSOR.exec(value);
  if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 ? { direction, createdAt: match[1]!, id } : null;
}

export const BAD_CURSOR_MESSAGE =
  "La dirección de esta página de la bitácora no es válida (quizá se copió incompleta). Vuelva a la primera página de la bitácora.";

export type AuditQuery = Outcome<{ filters: AuditFilters; cursor: AuditCursor | null }>;

/**
 * The page asked for. Unknown or malformed filters are dropped (a bookmarked address keeps
 * working); a cursor that is not one the page wrote is refused (400), never guessed.
 */
export function parseAuditQuery(searchParams: URLSearchParams): AuditQuery {
  const raw: Record<string, string> = {};
  for (const key of ["actor", "entity", "action", "from", "to"]) {
    const value = searchParams.get(key);
    if (value) raw[key] = value;
  }
  const filters = filterSchema.parse(raw);
  const older = searchParams.getAll("antes");
  const newer = searchParams.getAll("despues");
  if (older.length + newer.length === 0) return { ok: true, filters, cursor: null };
  if (older.length + newer.length > 1) return refuse(400, BAD_CURSOR_MESSAGE);
  const cursor = older.length ? parseCursor(older[0]!, "older") : parseCursor(newer[0]!, "newer");
  return cursor ? { ok: true, filters, cursor } : refuse(400, BAD_CURSOR_MESSAGE);
}

/**
 * An equality filter, marked as keeping few rows. The database has no statistics (no ANALYZE),
 * so SQLite rates every index alike and, given a date range, would walk a person's whole history
 * through (actor_staff_id, created_at) rather than (actor_staff_id, entity, created_at);
 * likelihood() is its documented hint, and the index is still used for the term.
 */
const selective = (condition: RawBuilder<unknown>) => sql<SqlBool>`likelihood(${condition}, 0.05)`;

/**
 * The query of one page (exported for the query-plan test). Two steps in one statement: the ids
 * of the page, newest first, from the one index that fits the filters (covering, so the walk
 * reads no rows), then those few rows by primary key. For "newer" pages the order is reversed in
 * SQL (the nearest newer entries first) and put back by the caller.
 */
export function auditPageQuery(db: Kysely<DB>, filters: AuditFilters, cursor: AuditCursor | null, limit: number) {
  const order = cursor?.direction === "newer" ? "asc" : "desc";
  let ids = db.selectFrom("audit_log").select("audit_log.id");
  if (filters.actor === "cli") ids = ids.where(selective(sql`${sql.ref("audit_log.actor_staff_id")} IS NULL`));
  else if (filters.actor !== undefined) ids = ids.where(selective(sql`${sql.ref("audit_log.actor_staff_id")} = ${filters.actor}`));
  if (filters.entity) ids = ids.where(selective(sql`${sql.ref("audit_log.entity")} = ${filters.entity}`));
  if (filters.action) ids = ids.where(selective(sql`${sql.ref("audit_log.action")} = ${filters.action}`));
  if (filters.from) ids = ids.where("audit_log.created_at", ">=", startOfDayInMexicoCity(filters.from));
  if (filters.to) ids = ids.where("audit_log.created_at", "<", endOfDayInMexicoCity(filters.to));
  if (cursor) {
    ids = ids.where((eb) =>
      eb(eb.refTuple("audit_log.created_at", "audit_log.id"), cursor.direction === "older" ? "<" : ">", eb.tuple(cursor.createdAt, cursor.id)),
    );
  }
  ids = ids.orderBy("audit_log.created_at", order).orderBy("audit_log.id", order).limit(limit);
  return db
    .selectFrom("audit_log as a")
    .leftJoin("staff_members as s", "s.id", "a.actor_staff_id")
    .where("a.id", "in", ids)
    .select([
      "a.id",
      "a.actor_staff_id",
      "a.actor_email",
      "a.actor_role",
      "s.name as actor_name",
      "a.action",
      "a.entity",
      "a.entity_id",
      "a.before_json",
      "a.after_json",
      "a.request_id",
      "a.created_at",
    ])
    .orderBy("a.created_at", order)
    .orderBy("a.id", order);
}

/** Is there an entry older (or newer) than this one with the same filters? One index probe. */
async function hasEntryBeyond(db: Kysely<DB>, filters: AuditFilters, edge: AuditRow, direction: AuditCursor["direction"]): Promise<boolean> {
  const rows = await auditPageQuery(db, filters, { direction, createdAt: edge.createdAt, id: edge.id }, 1).execute();
  return rows.length > 0;
}

export interface AuditPage {
  entries: AuditEntryView[];
  /** The `antes` cursor of the next older page, or null at the end of the log. */
  olderCursor: string | null;
  /** The `despues` cursor of the page of newer entries, or null on the newest page. */
  newerCursor: string | null;
}

/** One page of the log in words. */
export async function readAuditPage(db: Kysely<DB>, filters: AuditFilters, cursor: AuditCursor | null): Promise<AuditPage> {
  const fetched = (await auditPageQuery(db, filters, cursor, AUDIT_PAGE_SIZE + 1).execute()).map((row): AuditRow => ({
    id: row.id,
    actorStaffId: row.actor_staff_id,
    actorName: row.actor_name,
    actorEmail: row.actor_email,
    actorRole: row.actor_role,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    before: row.before_json,
    after: row.after_json,
    requestId: row.request_id,
    createdAt: row.created_at,
  }));
  const more = fetched.length > AUDIT_PAGE_SIZE;
  const rows = fetched.slice(0, AUDIT_PAGE_SIZE);
  if (cursor?.direction === "newer") rows.reverse();
  const first = rows[0];
  const last = rows[rows.length - 1];
  let hasOlder: boolean;
  let hasNewer: boolean;
  if (!cursor) [hasOlder, hasNewer] = [more, false];
  else if (cursor.direction === "older") [hasOlder, hasNewer] = [more, first ? await hasEntryBeyond(db, filters, first, "newer") : true];
  else [hasOlder, hasNewer] = [last ? await hasEntryBeyond(db, filters, last, "older") : true, more];
  const records = await findAuditRecords(db, rows);
  return {
    entries: rows.map((row) => describeAuditEntry(row, records.get(`${row.entity}:${row.entityId}`))),
    olderCursor: hasOlder && last ? cursorParam(last) : hasOlder && cursor ? cursorParam(cursor) : null,
    newerCursor: hasNewer && first ? cursorParam(first) : hasNewer && cursor ? cursorParam(cursor) : null,
  };
}

/**
 * The filter form's choices: people by name (every staff member, from staff_members, with their
 * role; the system and the command line as one more choice), and the registry's record types and
 * actions in words.
 */
export async function auditFilterOptions(db: Kysely<DB>) {
  const members = await db.selectFrom("staff_members").select(["id", "name", "email", "role"]).orderBy("name").orderBy("id").execute();
  const names = new Map<string, number>();
  for (const member of members) names.set(`${member.name}|${member.role}`, (names.get(`${member.name}|${member.role}`) ?? 0) + 1);
  const people = members.map((member) => ({
    value: String(member.id),
    // Two people with the same name and role are told apart by their e-mail.
    label: `${member.name} (${STAFF_ROLE_LABELS[member.role]})${names.get(`${member.name}|${member.role}`)! > 1 ? ` · ${member.email}` : ""}`,
  }));
  return { people: [...people, { value: "cli", label: "El sistema o la línea de comandos" }], ...auditFilterChoices() };
}
