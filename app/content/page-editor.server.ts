import type { Kysely, Transaction } from "kysely";
import type { DB } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { mexicoCityLocalToInstant, SCHEDULE_TOO_LATE_MESSAGE, scheduleWindowProblem } from "~/utils/mexico-time";
import {
  changedFields as changedOf,
  diffRevisions,
  ensureInitialRevision,
  listRevisions,
  pickFields,
  readRevision as readAnyRevision,
  writeRevision as writeAnyRevision,
  type FieldDiff,
  type RevisionListItem,
} from "./revisions.server";
import { scheduledPublisher } from "./scheduled-publication.server";
import { SNAPSHOT_FIELD_LABELS, type PageCreateInput, type PageEditInput, type PageSnapshot, type PageStatus } from "./page-forms";

export type { PageSnapshot };

/**
 * The pages editor (issue 12, decision 0021): create, edit, schedule and restore the information
 * pages in content_pages. Every save is one transaction that writes the page, a revision with
 * the whole editable state, and an audit row; the search index follows by the triggers of
 * migration 0015 in that same transaction, so an edit is findable at once.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** The fields "Restaurar" brings back: the texts. The publication state stays as it is now. */
const RESTORED_FIELDS = ["title", "navLabel", "summary", "body"] as const;

/**
 * First path segments the site's code routes (and static files) own. A new page may not live
 * under them, so it can never hide, or be hidden by, a page served by code. Checked against
 * app/routes by tests/integration/page-editor.test.ts.
 */
export const RESERVED_FIRST_SEGMENTS = new Set([
  "admin",
  "adquisiciones",
  "anuarios-estadisticos",
  "api",
  "archivos",
  "build",
  "buscar",
  "calendario",
  "cursos2025",
  "dev",
  "dia-del-nino",
  "direccion",
  "donacion",
  "direcciones",
  "ensenanza",
  "fonts",
  "galeria",
  "healthz",
  "hemerobiblioteca",
  "investigadores",
  "legado-artistico",
  "logout",
  "mision-y-vision",
  "organizacion-de-archivos",
  "payment",
  "pdf",
  "profile",
  "recuperar-contrasena",
  "register",
  "restablecer-contrasena",
  "robots",
  "simulador-banorte",
  "sitemap",
  "transparencia",
  "userlogin",
  "verificar",
]);

interface PageRow {
  id: number;
  path: string;
  title: string;
  nav_label: string | null;
  summary: string;
  body: string;
  is_published: 0 | 1;
  publish_at: string | null;
}

export function statusOf(row: Pick<PageRow, "is_published" | "publish_at">): PageStatus {
  return row.is_published ? "publicada" : row.publish_at ? "programada" : "borrador";
}

function snapshotOf(row: PageRow): PageSnapshot {
  return {
    path: row.path,
    title: row.title,
    navLabel: row.nav_label,
    summary: row.summary,
    body: row.body,
    status: statusOf(row),
    publishAt: row.publish_at,
  };
}

const PAGE_COLUMNS = ["id", "path", "title", "nav_label", "summary", "body", "is_published", "publish_at"] as const;

async function readPage(db: Db, id: number): Promise<PageRow | undefined> {
  return db.selectFrom("content_pages").select(PAGE_COLUMNS).where("id", "=", id).executeTakeFirst();
}

// ---------------------------------------------------------------- reading

export interface PageListItem {
  id: number;
  path: string;
  title: string;
  status: PageStatus;
  publishAt: string | null;
  updatedAt: string;
}

/** Pages for the editor's list, optionally filtered by words in the title or the path. */
export async function listPagesForEditor(db: Kysely<DB>, query = ""): Promise<PageListItem[]> {
  let select = db.selectFrom("content_pages").select(["id", "path", "title", "is_published", "publish_at", "updated_at"]);
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  for (const word of words) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) => eb.or([eb(eb.fn("lower", ["title"]), "like", eb.val(like)), eb("path", "like", like)]));
  }
  // LIKE … ESCAPE needs raw SQL in Kysely; the escaped characters are rare enough in titles that
  // treating "\" literally (SQLite's default without ESCAPE) only widens a search, never breaks it.
  const rows = await select.orderBy("path").execute();
  return rows.map((row) => ({
    id: row.id,
    path: row.path,
    title: row.title,
    status: statusOf(row),
    publishAt: row.publish_at,
    updatedAt: row.updated_at,
  }));
}

export interface PageForEditor extends PageSnapshot {
  id: number;
  updatedAt: string;
}

export async function getPageForEditor(db: Kysely<DB>, id: number): Promise<PageForEditor | null> {
  const row = await db
    .selectFrom("content_pages")
    .select([...PAGE_COLUMNS, "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return row ? { id: row.id, updatedAt: row.updated_at, ...snapshotOf(row) } : null;
}

export type { FieldDiff, RevisionListItem };

export function listPageRevisions(db: Kysely<DB>, pageId: number): Promise<RevisionListItem[]> {
  return listRevisions(db, "content_page", pageId);
}

function readRevision(db: Db, pageId: number, number: number) {
  return readAnyRevision<PageSnapshot & Record<string, unknown>>(db, "content_page", pageId, number);
}

/** What changed between two revisions of a page, field by field (only the fields that differ). */
export function diffPageRevisions(db: Kysely<DB>, pageId: number, from: number, to: number): Promise<FieldDiff[] | null> {
  // Long texts compare by line (Markdown is written in lines), short ones by word.
  return diffRevisions(db, "content_page", pageId, from, to, SNAPSHOT_FIELD_LABELS, new Set(["body"]));
}

// ---------------------------------------------------------------- writing

export type PageIssues = Partial<Record<"path" | "publishAt" | "form", string[]>>;

export type PageSaveOutcome = { ok: true; pageId: number; message: string } | { ok: false; issues: PageIssues };

export function publication(
  input: { status: PageStatus; publishAt?: string },
  now: Date,
): { ok: true; isPublished: 0 | 1; publishAt: string | null } | { ok: false; issues: PageIssues } {
  if (input.status === "publicada") return { ok: true, isPublished: 1, publishAt: null };
  if (input.status === "borrador") return { ok: true, isPublished: 0, publishAt: null };
  const instant = input.publishAt ? mexicoCityLocalToInstant(input.publishAt) : null;
  if (!instant) return { ok: false, issues: { publishAt: ["Escriba una fecha y hora de publicación que existan."] } };
  if (instant.getTime() <= now.getTime()) {
    return { ok: false, issues: { publishAt: ["La fecha y hora de publicación ya pasaron. Elija una futura, o elija «Publicar ahora»."] } };
  }
  if (scheduleWindowProblem(instant, now) === "too-late") return { ok: false, issues: { publishAt: [SCHEDULE_TOO_LATE_MESSAGE] } };
  return { ok: true, isPublished: 0, publishAt: instant.toISOString() };
}

/** Why a path cannot hold a new page, or null when it is free. */
export async function pathProblem(db: Db, path: string): Promise<string | null> {
  const first = path.split("/")[1] ?? "";
  if (RESERVED_FIRST_SEGMENTS.has(first))
    return `La dirección ${path} pertenece a una sección del sitio que no se edita aquí (/${first}). Elija otra.`;
  const taken = await db.selectFrom("content_pages").select("id").where("path", "=", path).executeTakeFirst();
  if (taken) return `Ya existe una página en ${path}. Edítela desde la lista de páginas o elija otra dirección.`;
  const node = await db.selectFrom("direction_nodes").select("id").where("href", "=", path).executeTakeFirst();
  if (node) return `La dirección ${path} ya la usa el menú de direcciones. Elija otra.`;
  const redirect = await db.selectFrom("path_redirects").select("to_path").where("from_path", "=", path).executeTakeFirst();
  if (redirect) return `La dirección ${path} ya redirige a ${redirect.to_path} (era el nombre anterior de una página). Elija otra.`;
  return null;
}

function writeRevision(
  trx: Transaction<DB>,
  pageId: number,
  snapshot: PageSnapshot,
  changed: (keyof PageSnapshot)[],
  action: "crear" | "editar" | "restaurar" | "publicar",
  actor: StaffUser | null,
  restoredFrom: number | null = null,
): Promise<number> {
  return writeAnyRevision(trx, "content_page", pageId, { ...snapshot }, changed, action, actor, restoredFrom);
}

function changedFields(before: PageSnapshot | null, after: PageSnapshot): (keyof PageSnapshot)[] {
  return changedOf(SNAPSHOT_FIELD_LABELS, before ? { ...before } : null, { ...after }) as (keyof PageSnapshot)[];
}

export function publishedMessage(status: PageStatus): string {
  return status === "publicada" ? "ya está publicada" : status === "programada" ? "quedó programada" : "quedó como borrador";
}

/** Creates a page at a new path, with its first revision. */
export async function createPage(
  db: Kysely<DB>,
  input: PageCreateInput,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<PageSaveOutcome> {
  const when = publication(input, now);
  return db.transaction().execute(async (trx) => {
    const issues: PageIssues = when.ok ? {} : when.issues;
    const problem = await pathProblem(trx, input.path);
    if (problem) issues.path = [problem];
    if (!when.ok || problem) return { ok: false, issues };
    const stamp = now.toISOString();
    const { id } = await trx
      .insertInto("content_pages")
      .values({
        path: input.path,
        title: input.title,
        nav_label: input.navLabel || null,
        summary: input.summary,
        body: input.body ?? "",
        // A new page lives under its first segment's section, like the seeded sub-pages.
        parent_label: null,
        parent_href: null,
        is_published: when.isPublished,
        publish_at: when.publishAt,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = (await readPage(trx, id))!;
    const snapshot = snapshotOf(row);
    await writeRevision(trx, id, snapshot, changedFields(null, snapshot), "crear", actor);
    await recordAudit(trx, { actor, action: "page.create", entity: "content_page", entityId: id, after: snapshot, requestId });
    return { ok: true, pageId: id, message: `Se creó la página ${input.path}; ${publishedMessage(snapshot.status)}.` };
  });
}

/** Saves an edit of a page: the row, a revision with what changed, and an audit row. */
export async function updatePage(
  db: Kysely<DB>,
  pageId: number,
  input: PageEditInput,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<PageSaveOutcome | { ok: false; notFound: true }> {
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await readPage(trx, pageId);
      if (!row) return { ok: false as const, notFound: true as const };
      const before = snapshotOf(row);
      // A page seeded before the editor keeps its original text as version 1.
      await ensureInitialRevision(trx, "content_page", pageId, { ...before });
      // Keeping an unchanged schedule that has meanwhile passed is not an error: the scheduler publishes it.
      const keepsSchedule =
        input.status === "programada" &&
        before.status === "programada" &&
        input.publishAt !== undefined &&
        mexicoCityLocalToInstant(input.publishAt)?.toISOString() === before.publishAt;
      const when = keepsSchedule ? ({ ok: true, isPublished: 0, publishAt: before.publishAt } as const) : publication(input, now);
      if (!when.ok) return { ok: false as const, issues: when.issues };
      await trx
        .updateTable("content_pages")
        .set({
          title: input.title,
          nav_label: input.navLabel || null,
          summary: input.summary,
          body: input.body ?? "",
          is_published: when.isPublished,
          publish_at: when.publishAt,
          updated_at: now.toISOString(),
        })
        .where("id", "=", pageId)
        .execute();
      const after = snapshotOf((await readPage(trx, pageId))!);
      const changed = changedFields(before, after);
      if (changed.length === 0) {
        // Nothing to keep: undo the updated_at bump by rolling back.
        throw new NoChange();
      }
      await writeRevision(trx, pageId, after, changed, "editar", actor);
      await recordAudit(trx, {
        actor,
        action: "page.update",
        entity: "content_page",
        entityId: pageId,
        before: pick(before, changed),
        after: pick(after, changed),
        requestId,
      });
      return { ok: true as const, pageId, message: `Se guardaron los cambios de ${after.path}; ${publishedMessage(after.status)}.` };
    })
    .catch((error: unknown) => {
      if (error instanceof NoChange) return { ok: true as const, pageId, message: "No había cambios que guardar." };
      throw error;
    });
}

class NoChange extends Error {}

function pick(snapshot: PageSnapshot, fields: (keyof PageSnapshot)[]): Partial<PageSnapshot> {
  return pickFields({ ...snapshot }, fields) as Partial<PageSnapshot>;
}

/** Brings back the texts of an earlier revision as a new revision (the publication state stays). */
export async function restorePageRevision(
  db: Kysely<DB>,
  pageId: number,
  number: number,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<{ ok: true; message: string } | { ok: false; message: string }> {
  return db.transaction().execute(async (trx) => {
    const row = await readPage(trx, pageId);
    const revision = row ? await readRevision(trx, pageId, number) : null;
    if (!row || !revision) return { ok: false as const, message: "No encontramos esa versión de la página." };
    const before = snapshotOf(row);
    const old = revision.snapshot;
    await trx
      .updateTable("content_pages")
      .set({ title: old.title, nav_label: old.navLabel, summary: old.summary, body: old.body, updated_at: now.toISOString() })
      .where("id", "=", pageId)
      .execute();
    const after = snapshotOf((await readPage(trx, pageId))!);
    const changed = changedFields(before, after).filter((field) => (RESTORED_FIELDS as readonly string[]).includes(field));
    const newNumber = await writeRevision(trx, pageId, after, changed, "restaurar", actor, revision.id);
    await recordAudit(trx, {
      actor,
      action: "page.restore",
      entity: "content_page",
      entityId: pageId,
      before: pick(before, changed),
      after: { ...pick(after, changed), restoredFrom: number, revision: newNumber },
      requestId,
    });
    return {
      ok: true as const,
      message: changed.length
        ? `Se restauró la versión ${number} como versión ${newNumber}.`
        : `La versión ${number} ya era igual a la actual; se registró como versión ${newNumber}.`,
    };
  });
}

/**
 * Publishes every page whose scheduled time has come (at `now`). Called by the server's
 * scheduler every minute and by the page route before it looks a page up, so a page appears at
 * its time even between ticks. Idempotent: the conditional UPDATE publishes each page once, even
 * when two calls race. Each publication keeps a revision and an audit row with no actor (the
 * system did it; the revision says who scheduled it).
 */
export const publishDuePages = scheduledPublisher<PageRow, PageSnapshot>({
  entity: "content_page",
  table: "content_pages",
  read: readPage,
  snapshot: snapshotOf,
  auditAction: "page.publish_scheduled",
  auditAfter: (after) => ({ status: "publicada", path: after.path }),
});
