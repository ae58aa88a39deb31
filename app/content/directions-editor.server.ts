import type { Kysely, Transaction } from "kysely";
import type { DB, DirectionLevel } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { DEPARTMENT_DOCUMENT_COLLECTIONS, RESEARCH_DIRECTION_SLUG } from "./department-pages.server";
import type { DirectionNodeInput } from "./direction-forms.server";

/**
 * The directions tree editor (issue 12, decision 0025): a node's name, address (slug), parent
 * and order. A node whose slug changes moves its /direccion/{slug} page with it, and its old
 * address answers with a permanent redirect from `path_redirects` (decision 0021), in the same
 * transaction as the audit row; the search index and the page cache follow by triggers.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** Where a department page lives. */
export const directionPath = (slug: string) => `/direccion/${slug}`;

/**
 * Slugs under /direccion that code routes own (app/routes/direccion.<slug>.tsx): Remix prefers
 * them to /direccion/$slug, so no node may take them and their nodes keep them. Checked against
 * app/routes by tests/integration/directions-menus-settings.test.ts.
 */
export const DIRECTION_CODE_SLUGS = new Set(["hemerobiblioteca", "subdireccion-recursos-financieros"]);

/** Slugs the code looks pages up by (document collections, the research direction): fixed too. */
export const FIXED_DIRECTION_SLUGS = new Set([...DIRECTION_CODE_SLUGS, ...Object.keys(DEPARTMENT_DOCUMENT_COLLECTIONS), RESEARCH_DIRECTION_SLUG]);

export interface DirectionNodeForEditor {
  id: number;
  parentId: number | null;
  name: string;
  href: string;
  slug: string | null;
  level: DirectionLevel;
  position: number;
  depth: number;
  /** The slug is fixed (code depends on it); name, parent and order are still editable. */
  slugFixed: boolean;
}

async function readNodes(db: Db) {
  return db
    .selectFrom("direction_nodes")
    .select(["id", "parent_id", "name", "href", "slug", "level", "position"])
    .orderBy("position")
    .orderBy("id")
    .execute();
}

/** Every node in tree order (a parent before its children), with its depth. */
export async function listDirectionNodesForEditor(db: Kysely<DB>): Promise<DirectionNodeForEditor[]> {
  const rows = await readNodes(db);
  const list: DirectionNodeForEditor[] = [];
  const visit = (parentId: number | null, depth: number) => {
    for (const row of rows.filter((r) => r.parent_id === parentId)) {
      list.push({
        id: row.id,
        parentId: row.parent_id,
        name: row.name,
        href: row.href,
        slug: row.slug,
        level: row.level,
        position: row.position,
        depth,
        slugFixed: row.slug !== null && FIXED_DIRECTION_SLUGS.has(row.slug),
      });
      visit(row.id, depth + 1);
    }
  };
  visit(null, 0);
  return list;
}

export type DirectionIssues = Partial<Record<"name" | "slug" | "parentId" | "position", string[]>>;

export type DirectionSaveOutcome = { ok: true; message: string } | { ok: false; issues: DirectionIssues } | { ok: false; notFound: true };

/** Why `slug` cannot be the new slug of node `nodeId` (whose page is now at `currentPath`), or null. */
async function slugProblem(db: Db, nodeId: number, slug: string, currentPath: string): Promise<string | null> {
  const path = directionPath(slug);
  if (FIXED_DIRECTION_SLUGS.has(slug)) return `La dirección ${path} la usa una sección del sitio que no se edita aquí. Elija otra.`;
  const node = await db
    .selectFrom("direction_nodes")
    .select("name")
    .where("id", "<>", nodeId)
    .where((eb) => eb.or([eb("slug", "=", slug), eb("href", "=", path)]))
    .executeTakeFirst();
  if (node) return `La dirección ${path} ya la usa «${node.name}». Elija otra.`;
  const page = await db.selectFrom("department_pages").select(["title", "direction_node_id"]).where("slug", "=", slug).executeTakeFirst();
  if (page && page.direction_node_id !== nodeId) return `La dirección ${path} ya la usa la página «${page.title}». Elija otra.`;
  const redirect = await db.selectFrom("path_redirects").select("to_path").where("from_path", "=", path).executeTakeFirst();
  // Taking back this node's own earlier address is fine; taking another page's old one would
  // break that page's old links.
  if (redirect && redirect.to_path !== currentPath) {
    return `La dirección ${path} era el nombre anterior de otra página y redirige a ${redirect.to_path}. Elija otra.`;
  }
  return null;
}

/** Saves a node's name, slug, parent and order; a new slug leaves a permanent redirect behind. */
export async function updateDirectionNode(
  db: Kysely<DB>,
  nodeId: number,
  input: DirectionNodeInput,
  actor: StaffUser,
  requestId: string | null,
): Promise<DirectionSaveOutcome> {
  return db.transaction().execute(async (trx): Promise<DirectionSaveOutcome> => {
    const nodes = await readNodes(trx);
    const node = nodes.find((row) => row.id === nodeId);
    if (!node) return { ok: false, notFound: true };
    const issues: DirectionIssues = {};

    if (input.parentId !== null) {
      const byId = new Map(nodes.map((row) => [row.id, row]));
      if (!byId.has(input.parentId)) issues.parentId = ["Elija el área de la que depende, de la lista."];
      else {
        // The new parent may not be the node itself nor one of its descendants (a cycle).
        for (let at: number | null = input.parentId; at !== null; at = byId.get(at)?.parent_id ?? null) {
          if (at === nodeId) {
            issues.parentId = ["Un área no puede depender de sí misma ni de un área que depende de ella. Elija otra."];
            break;
          }
        }
      }
    }

    let slug = node.slug;
    if (node.slug !== null) {
      if (input.slug === undefined) issues.slug = ["Escriba la dirección corta (slug) del área, por ejemplo departamento-de-urgencias."];
      else if (input.slug !== node.slug) {
        if (FIXED_DIRECTION_SLUGS.has(node.slug)) {
          issues.slug = [`La dirección ${node.href} la usa el código del sitio y no se puede cambiar aquí; deje ${node.slug}.`];
        } else {
          const problem = await slugProblem(trx, nodeId, input.slug, node.href);
          if (problem) issues.slug = [problem];
          else slug = input.slug;
        }
      }
    }
    if (Object.keys(issues).length > 0) return { ok: false, issues };

    const href = slug === null ? node.href : directionPath(slug);
    const before = { name: node.name, slug: node.slug, href: node.href, parentId: node.parent_id, position: node.position };
    const after = { name: input.name, slug, href, parentId: input.parentId, position: input.position };
    const changed = (Object.keys(before) as (keyof typeof before)[]).filter((field) => before[field] !== after[field]);
    if (changed.length === 0) return { ok: true, message: "No había cambios que guardar." };

    await trx
      .updateTable("direction_nodes")
      .set({ name: input.name, slug, href, parent_id: input.parentId, position: input.position })
      .where("id", "=", nodeId)
      .execute();
    let redirect: { from: string; to: string } | null = null;
    if (node.slug !== null && slug !== null && slug !== node.slug) {
      await trx.updateTable("department_pages").set({ slug }).where("slug", "=", node.slug).execute();
      // The new address is a page again, so a redirect from it would only shadow nothing.
      await trx.deleteFrom("path_redirects").where("from_path", "=", href).execute();
      // Older addresses of this page go straight to the new one (no chains of redirects).
      await trx.updateTable("path_redirects").set({ to_path: href }).where("to_path", "=", node.href).execute();
      await trx.insertInto("path_redirects").values({ from_path: node.href, to_path: href }).execute();
      redirect = { from: node.href, to: href };
    }
    await recordAudit(trx, {
      actor,
      action: "direction_node.update",
      entity: "direction_node",
      entityId: nodeId,
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: { ...Object.fromEntries(changed.map((field) => [field, after[field]])), ...(redirect ? { redirect } : {}) },
      requestId,
    });
    return {
      ok: true,
      message: redirect
        ? `Se guardó «${input.name}». Su dirección ahora es ${redirect.to}; la anterior (${redirect.from}) redirige a la nueva.`
        : `Se guardó «${input.name}».`,
    };
  });
}
