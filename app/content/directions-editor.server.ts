import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { Kysely, Transaction } from "kysely";
import type { DB, DirectionLevel } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { DEPARTMENT_DOCUMENT_COLLECTIONS, RESEARCH_DIRECTION_SLUG } from "./department-pages.server";
import { DIRECTION_LEVEL_LABELS } from "./direction-levels";
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

/**
 * The nodes a node may depend on, indented by depth, for the «Depende de» list: all of them for a
 * new node (`nodeId` null), else all but the node and its descendants (the server checks again).
 */
export function parentOptions(nodes: DirectionNodeForEditor[], nodeId: number | null): { value: string; label: string }[] {
  const excluded = new Set(nodeId === null ? [] : [nodeId]);
  for (const candidate of nodes) if (candidate.parentId !== null && excluded.has(candidate.parentId)) excluded.add(candidate.id);
  return nodes
    .filter((candidate) => !excluded.has(candidate.id))
    .map((candidate) => ({ value: String(candidate.id), label: `${"— ".repeat(candidate.depth)}${candidate.name}` }));
}

export type DirectionIssues = Partial<Record<"name" | "slug" | "parentId" | "position", string[]>>;

/** A save of a node: its toast, or a refusal (400 with the fields to fix; 404 for a node that is gone). */
export type DirectionSaveOutcome = Outcome<{ message: string }>;

/**
 * Why `slug` cannot be the slug of node `nodeId` (whose page is now at `currentPath`), or null.
 * A new node passes no id and no current path.
 */
async function slugProblem(db: Db, nodeId: number | null, slug: string, currentPath: string | null): Promise<string | null> {
  const path = directionPath(slug);
  if (FIXED_DIRECTION_SLUGS.has(slug)) return `La dirección ${path} la usa una sección del sitio que no se edita aquí. Elija otra.`;
  const node = await db
    .selectFrom("direction_nodes")
    .select("name")
    .where("id", "<>", nodeId ?? 0)
    .where((eb) => eb.or([eb("slug", "=", slug), eb("href", "=", path)]))
    .executeTakeFirst();
  if (node) return `La dirección ${path} ya la usa «${node.name}». Elija otra.`;
  const page = await db.selectFrom("department_pages").select(["title", "direction_node_id"]).where("slug", "=", slug).executeTakeFirst();
  if (page && (nodeId === null || page.direction_node_id !== nodeId)) return `La dirección ${path} ya la usa la página «${page.title}». Elija otra.`;
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
    if (!node) return notFound();
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
    if (Object.keys(issues).length > 0) return refuse(400, { fields: issues });

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

// ---------------------------------------------------------------- adding and deleting nodes

/** The levels in tree order: a node's level comes after its parent's (units are research units, not added here). */
export const NEW_NODE_LEVELS = ["direccion", "subdireccion", "departamento", "servicio"] as const satisfies readonly DirectionLevel[];
const LEVEL_RANK: Record<DirectionLevel, number> = { direccion: 0, subdireccion: 1, departamento: 2, servicio: 3, unidad: 4 };

/** The levels a new node under a parent of `parentLevel` may have (null: a top-level direction). */
export function childLevels(parentLevel: DirectionLevel | null): DirectionLevel[] {
  if (parentLevel === null) return ["direccion"];
  return NEW_NODE_LEVELS.filter((level) => LEVEL_RANK[level] > LEVEL_RANK[parentLevel]);
}

export type NewDirectionNodeInput = DirectionNodeInput & { slug: string; level: DirectionLevel };

/** A new node: its id and toast, or a refusal (400 with the fields to fix: parent, level, slug). */
export type DirectionCreateOutcome = Outcome<{ nodeId: number; message: string }>;

/** The summary a new, empty page carries until the office writes one (the column requires one). */
const newPageSummary = (name: string) => `${name} del Hospital Infantil de México Federico Gómez.`.slice(0, 300);

/**
 * Adds a node to the tree with its /direccion/{slug} page: an empty, published department page
 * (title = the name, a one-line summary) that the office then fills in with the pages editor.
 * Node, page and audit row are one transaction.
 */
export async function createDirectionNode(
  db: Kysely<DB>,
  input: NewDirectionNodeInput,
  actor: StaffUser,
  requestId: string | null,
): Promise<DirectionCreateOutcome> {
  return db.transaction().execute(async (trx): Promise<DirectionCreateOutcome> => {
    const issues: DirectionIssues & { level?: string[] } = {};
    const parent =
      input.parentId === null
        ? null
        : await trx.selectFrom("direction_nodes").select(["id", "name", "level"]).where("id", "=", input.parentId).executeTakeFirst();
    if (parent === undefined) issues.parentId = ["Elija el área de la que depende, de la lista."];
    else {
      const allowed = childLevels(parent?.level ?? null);
      if (allowed.length === 0) {
        issues.parentId = [`«${parent!.name}» es un servicio o una unidad: no puede tener áreas que dependan de él. Elija otra área superior.`];
      } else if (!allowed.includes(input.level)) {
        const names = allowed.map((level) => DIRECTION_LEVEL_LABELS[level].toLowerCase()).join(", ");
        issues.level = [
          parent
            ? `Bajo «${parent.name}» (${DIRECTION_LEVEL_LABELS[parent.level].toLowerCase()}) el área puede ser: ${names}.`
            : "Un área sin área superior es una dirección principal: elija «Dirección» o elija el área de la que depende.",
        ];
      }
    }
    const problem = await slugProblem(trx, null, input.slug, null);
    if (problem) issues.slug = [problem];
    if (Object.keys(issues).length > 0) return refuse(400, { fields: issues });

    const href = directionPath(input.slug);
    const { id } = await trx
      .insertInto("direction_nodes")
      .values({ parent_id: input.parentId, name: input.name, href, slug: input.slug, level: input.level, position: input.position })
      .returning("id")
      .executeTakeFirstOrThrow();
    const page = await trx
      .insertInto("department_pages")
      .values({
        slug: input.slug,
        direction_node_id: id,
        tipo_departamento: input.level === "direccion" ? 2 : 1,
        title: input.name,
        summary: newPageSummary(input.name),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: "direction_node.create",
      entity: "direction_node",
      entityId: id,
      after: { name: input.name, slug: input.slug, href, level: input.level, parentId: input.parentId, position: input.position, pageId: page.id },
      requestId,
    });
    return {
      ok: true,
      nodeId: id,
      message: `Se agregó «${input.name}» en ${href}. Su página está vacía: escriba su contenido en Contenido → Departamentos.`,
    };
  });
}

/** A deletion: its toast, or a refusal (404: no such node; 409: the node may not be deleted, and why). */
export type DirectionDeleteOutcome = Outcome<{ message: string }>;

/**
 * Deletes a leaf of the tree and its department page. Its address answers from then on with a
 * permanent redirect to the parent's page (to /direcciones for a top-level direction), as a
 * renamed slug does; older addresses that led to it are re-pointed there (no chains).
 */
export async function deleteDirectionNode(
  db: Kysely<DB>,
  nodeId: number,
  actor: StaffUser,
  requestId: string | null,
): Promise<DirectionDeleteOutcome> {
  return db.transaction().execute(async (trx): Promise<DirectionDeleteOutcome> => {
    const nodes = await readNodes(trx);
    const node = nodes.find((row) => row.id === nodeId);
    if (!node) return notFound("No encontramos esta área del árbol de direcciones.");
    const cannot = (message: string) => refuse(409, message);
    const children = nodes.filter((row) => row.parent_id === nodeId);
    if (children.length > 0) {
      return cannot(
        `«${node.name}» tiene ${children.length === 1 ? "un área que depende" : `${children.length} áreas que dependen`} de ella. Elimine o mueva primero esas áreas; sólo se elimina un área sin áreas dependientes.`,
      );
    }
    if (node.slug === null) return cannot(`La dirección de «${node.name}» (${node.href}) no es una página de este árbol; no se elimina aquí.`);
    if (FIXED_DIRECTION_SLUGS.has(node.slug))
      return cannot(`La página ${node.href} la usa el código del sitio; «${node.name}» no se puede eliminar.`);
    const page = await trx.selectFrom("department_pages").select(["id", "title"]).where("slug", "=", node.slug).executeTakeFirst();
    if (page) {
      const units = await trx.selectFrom("research_units").select("name").where("department_page_id", "=", page.id).execute();
      if (units.length > 0) {
        return cannot(
          `«${node.name}» tiene unidades de investigación vinculadas (${units.map((unit) => unit.name).join(", ")}). Vincúlelas a otra área antes de eliminarla.`,
        );
      }
    }
    const parent = node.parent_id === null ? undefined : nodes.find((row) => row.id === node.parent_id);
    const target = parent?.href ?? "/direcciones";

    if (page) await trx.deleteFrom("department_pages").where("id", "=", page.id).execute();
    await trx.deleteFrom("direction_nodes").where("id", "=", nodeId).execute();
    await trx.updateTable("path_redirects").set({ to_path: target }).where("to_path", "=", node.href).execute();
    await trx.deleteFrom("path_redirects").where("from_path", "=", node.href).execute();
    await trx.insertInto("path_redirects").values({ from_path: node.href, to_path: target }).execute();
    await recordAudit(trx, {
      actor,
      action: "direction_node.delete",
      entity: "direction_node",
      entityId: nodeId,
      before: {
        name: node.name,
        slug: node.slug,
        href: node.href,
        level: node.level,
        parentId: node.parent_id,
        position: node.position,
        page: page ?? null,
      },
      after: { deleted: true, redirect: { from: node.href, to: target } },
      requestId,
    });
    return { ok: true, message: `Se eliminó «${node.name}». Su dirección (${node.href}) lleva ahora a ${target}.` };
  });
}
