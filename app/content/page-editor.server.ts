import { sql, type ExpressionBuilder, type Kysely, type Transaction } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import { z } from "zod";
import { column, searchWords, textContains } from "~/utils/text-search.server";
import type { DB } from "~/db.server";
import {
  boundedCount,
  COUNT_LIMIT,
  keysetTerms,
  pageFrom,
  type BoundedCount,
  type KeysetPage,
  type PagePosition,
} from "~/utils/keyset-paging.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import {
  liveAndLatest,
  NoChange,
  nextPublication,
  pendingSavedMessage,
  pendingSummaries,
  publication,
  publicationColumns,
  publishedMessage,
  restoreVersion,
  saveState,
  statusOf,
  type PendingRevision,
  type PendingSummary,
  type PublishableKind,
  type RecordPublication,
  type RestoreMode,
} from "./publication.server";
import {
  changedFields as changedOf,
  diffRevisions,
  listRevisions,
  writeRevision as writeAnyRevision,
  type FieldDiff,
  type RevisionListItem,
} from "./revisions.server";
import { scheduledPublisher } from "./scheduled-publication.server";
import { SNAPSHOT_FIELD_LABELS, type PageCreateInput, type PageEditInput, type PageSnapshot, type PageStatus } from "./page-forms";

export type { PageSnapshot };

/**
 * The pages editor (issue 12, decisions 0021 and 0033): create, edit, schedule and restore the
 * information pages in content_pages. Every save is one transaction that writes the page (or,
 * for a published page saved as draft or scheduled, its pending revision: the live page stays
 * as it is; publication.server.ts), a revision with the whole editable state, and an audit row;
 * the search index follows by the triggers of migration 0015 in that same transaction, so an
 * edit is findable at once.
 */

type Db = Kysely<DB> | Transaction<DB>;

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
  "lista-de-espera",
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
  "test",
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

/** An information page as a kind of record with publication states (publication.server.ts). */
/** The publication rule of this kind (publication.server.ts; page-history.server.ts serves its discard and unpublish). */
export const PAGE_KIND: PublishableKind<PageRow, PageSnapshot> = {
  entity: "content_page",
  table: "content_pages",
  audit: "page",
  labels: SNAPSHOT_FIELD_LABELS,
  read: readPage,
  snapshot: snapshotOf,
  // The address is not edited here (a new page picks it; a direction's slug moves its own pages).
  write: (trx, id, next, now) =>
    trx
      .updateTable("content_pages")
      .set({
        title: next.title,
        nav_label: next.navLabel || null,
        summary: next.summary,
        body: next.body,
        ...publicationColumns(next),
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute(),
  name: (row) => row.path,
};

// ---------------------------------------------------------------- reading

export interface PageListItem {
  id: number;
  path: string;
  title: string;
  status: PageStatus;
  publishAt: string | null;
  /** Changes saved aside while the published page stays (decision 0033). */
  pending: PendingSummary | null;
  updatedAt: string;
}

/** How many pages the editor's list shows at a time. */
export const PAGE_LIST_SIZE = 50;

/** A position in the pages list: the address (unique), in alphabetical order. */
export const pageListCursor = z.tuple([z.string().regex(/^\/[a-z0-9/-]{0,299}$/)]);
export type PageListKey = z.infer<typeof pageListCursor>;

export interface PageListPage extends KeysetPage<PageListItem> {
  total: BoundedCount;
}

/**
 * The editor's list of pages by address, one page at a time by keyset (issue 22), optionally
 * filtered by words in the title or the address (every word, anywhere, case ignored). Both the
 * page and the bounded count read the covering index content_pages_editor_list (migration
 * 0039), never the rows with their bodies; only the page's pages get their pending changes read.
 */
export async function listPagesForEditor(
  db: Kysely<DB>,
  query = "",
  position: PagePosition<PageListKey> | null = null,
  limit = PAGE_LIST_SIZE,
): Promise<PageListPage> {
  const words = searchWords(query);
  const conditions = (eb: ExpressionBuilder<DB, "content_pages">) =>
    words.map((word) => eb.or([textContains(column("title", true), word), textContains(column("path"), word)]));
  const keyset = keysetTerms([sql`path`], "asc", position);
  const rowsQuery = db
    .selectFrom("content_pages")
    .select(["id", "path", "title", "is_published", "publish_at", "updated_at"])
    .where((eb) => eb.and([...conditions(eb), ...(keyset.where ? [keyset.where] : [])]))
    .orderBy("path", keyset.order)
    .limit(limit + 1);
  const countQuery = db
    .selectFrom(
      db
        .selectFrom("content_pages")
        .select(sql<number>`1`.as("one"))
        .where((eb) => eb.and(conditions(eb)))
        .limit(COUNT_LIMIT + 1)
        .as("counted"),
    )
    .select((eb) => eb.fn.countAll<number>().as("n"));
  const [rows, counted] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  const page = pageFrom(rows, limit, position, (row) => [row.path]);
  const pending = await pendingSummaries(
    db,
    "content_page",
    page.rows.map((row) => row.id),
  );
  return {
    ...page,
    rows: page.rows.map((row) => ({
      id: row.id,
      path: row.path,
      title: row.title,
      status: statusOf(row),
      publishAt: row.publish_at,
      pending: pending.get(row.id) ?? null,
      updatedAt: row.updated_at,
    })),
    total: boundedCount(Number(counted.n)),
  };
}

/** The page as the editor opens it: its latest state (a pending revision, or the page), with the live state beside it. */
export interface PageForEditor extends PageSnapshot {
  id: number;
  updatedAt: string;
  live: RecordPublication;
  pending: PendingRevision | null;
}

export async function getPageForEditor(db: Kysely<DB>, id: number): Promise<PageForEditor | null> {
  const row = await db
    .selectFrom("content_pages")
    .select([...PAGE_COLUMNS, "updated_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const { live, latest, pending } = await liveAndLatest(db, PAGE_KIND, row);
  // The address is the page's own (never taken from a snapshot).
  return { ...latest, id: row.id, path: row.path, updatedAt: row.updated_at, live: { status: live.status, publishAt: live.publishAt }, pending };
}

export type { FieldDiff, RevisionListItem };

export function listPageRevisions(db: Kysely<DB>, pageId: number): Promise<RevisionListItem[]> {
  return listRevisions(db, "content_page", pageId);
}

/** What changed between two revisions of a page, field by field (only the fields that differ). */
export function diffPageRevisions(db: Kysely<DB>, pageId: number, from: number, to: number): Promise<FieldDiff[] | null> {
  // Long texts compare by line (Markdown is written in lines), short ones by word.
  return diffRevisions(db, "content_page", pageId, from, to, SNAPSHOT_FIELD_LABELS, new Set(["body"]));
}

// ---------------------------------------------------------------- writing

/** A page save: its id and toast, or a refusal (400 with the fields to fix; 404 for a page that is gone). */
export type PageSaveOutcome = Outcome<{ pageId: number; message: string }>;

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
  action: "crear",
  actor: StaffUser | null,
): Promise<number> {
  return writeAnyRevision(trx, "content_page", pageId, { ...snapshot }, changed, action, actor);
}

function changedFields(before: PageSnapshot | null, after: PageSnapshot): (keyof PageSnapshot)[] {
  return changedOf(SNAPSHOT_FIELD_LABELS, before ? { ...before } : null, { ...after }) as (keyof PageSnapshot)[];
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
  return db.transaction().execute(async (trx): Promise<PageSaveOutcome> => {
    const fields: Record<string, string[]> = when.ok ? {} : { ...when.problem.fields };
    const problem = await pathProblem(trx, input.path);
    if (problem) fields.path = [problem];
    if (!when.ok || problem) return refuse(400, { fields });
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

/**
 * Saves an edit of a page: the row (or, for a published page saved as draft or scheduled, its
 * pending revision), a revision with what changed, and an audit row.
 */
export async function updatePage(
  db: Kysely<DB>,
  pageId: number,
  input: PageEditInput,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<PageSaveOutcome> {
  return db
    .transaction()
    .execute(async (trx): Promise<PageSaveOutcome> => {
      const row = await readPage(trx, pageId);
      if (!row) return notFound();
      const { latest } = await liveAndLatest(trx, PAGE_KIND, row);
      // Keeping an unchanged schedule that has meanwhile passed is not an error: the scheduler publishes it.
      const when = nextPublication(input, latest, now);
      if (!when.ok) return when;
      const next: PageSnapshot = {
        ...latest,
        title: input.title,
        navLabel: input.navLabel || null,
        summary: input.summary,
        body: input.body ?? "",
        ...when.state,
      };
      const result = await saveState(trx, PAGE_KIND, row, next, { action: "editar", actor, requestId, now });
      const message =
        result.went === "pending"
          ? pendingSavedMessage(row.path, next)
          : `Se guardaron los cambios de ${row.path}; ${publishedMessage(next.status)}.`;
      return { ok: true, pageId, message };
    })
    .catch((error: unknown): PageSaveOutcome => {
      if (error instanceof NoChange) return { ok: true, pageId, message: "No había cambios que guardar." };
      throw error;
    });
}

/**
 * Brings back the texts of an earlier revision as a new revision. A published page stays
 * published: the old texts are published at once, or (mode "borrador") kept as its pending draft.
 */
export function restorePageRevision(
  db: Kysely<DB>,
  pageId: number,
  number: number,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
  mode: RestoreMode = "publicar",
): Promise<Outcome<{ message: string }>> {
  // The texts come back; the address is the page's own.
  return restoreVersion(
    db,
    PAGE_KIND,
    pageId,
    number,
    mode,
    async (_trx, row, old) => {
      const current = snapshotOf(row);
      const text = (value: unknown, fallback: string) => (typeof value === "string" ? value : fallback);
      return {
        ...current,
        title: text(old.title, current.title),
        navLabel: old.navLabel === null ? null : text(old.navLabel, current.navLabel ?? "") || null,
        summary: text(old.summary, current.summary),
        body: text(old.body, current.body),
      };
    },
    { actor, requestId, now, notFound: "No encontramos esa versión de la página." },
  );
}

/**
 * Publishes every page whose scheduled time has come (at `now`). Called by the server's
 * scheduler every minute and by the page route before it looks a page up, so a page appears at
 * its time even between ticks. Idempotent: the conditional UPDATE publishes each page once, even
 * when two calls race. Each publication keeps a revision and an audit row with no actor (the
 * system did it; the revision says who scheduled it).
 */
export const publishDuePages = scheduledPublisher<PageRow, PageSnapshot>({
  ...PAGE_KIND,
  auditAfter: (after) => ({ status: "publicada", path: after.path }),
});
