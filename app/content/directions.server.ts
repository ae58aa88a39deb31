import type { Kysely } from "kysely";
import type { DB, DirectionLevel } from "~/db.server";

export interface DirectionMenuItem {
  id: number;
  name: string;
  href: string;
  level: DirectionLevel;
  children: DirectionMenuItem[];
}

/**
 * An area as the header lists it: name, address and, down to HEADER_MENU_DEPTH levels, the areas
 * under it (no ids, no levels: this is in every page's HTML, and in the loader data of the pages
 * that hydrate). The rest (services and units under a department) is on /direcciones.
 */
export interface DirectionLink {
  name: string;
  href: string;
  children?: DirectionLink[];
}

/** Directions → subdirections → departments (Dirección General's departments sit one level up). */
export const HEADER_MENU_DEPTH = 3;

/**
 * The header's tree: one query over direction_nodes, cut at HEADER_MENU_DEPTH levels, without the
 * areas whose page is a draft (it answers 404: the header never links to it).
 */
export async function getHeaderDirections(db: Kysely<DB>): Promise<DirectionLink[]> {
  const [tree, drafts] = await Promise.all([
    getDirectionsMenu(db),
    db.selectFrom("department_pages").select("direction_node_id").where("is_published", "=", 0).where("direction_node_id", "is not", null).execute(),
  ]);
  const hidden = new Set(drafts.map((row) => row.direction_node_id));
  const published = (items: DirectionMenuItem[]): DirectionMenuItem[] =>
    items.filter((item) => !hidden.has(item.id)).map((item) => ({ ...item, children: published(item.children) }));
  return headerLinks(published(tree), HEADER_MENU_DEPTH);
}

export function headerLinks(items: DirectionMenuItem[], depth: number): DirectionLink[] {
  return items.map(({ name, href, children }) =>
    depth > 1 && children.length > 0 ? { name, href, children: headerLinks(children, depth - 1) } : { name, href },
  );
}

/** The whole tree for /direcciones: directions → subdirections → departments (→ services, units). */
export async function getDirectionsMenu(db: Kysely<DB>): Promise<DirectionMenuItem[]> {
  const rows = await db
    .selectFrom("direction_nodes")
    .select(["id", "parent_id", "name", "href", "level", "position"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  return buildTree(rows);
}

export function buildTree(rows: { id: number; parent_id: number | null; name: string; href: string; level: DirectionLevel }[]): DirectionMenuItem[] {
  const items = new Map<number, DirectionMenuItem>();
  for (const row of rows) {
    items.set(row.id, { id: row.id, name: row.name, href: row.href, level: row.level, children: [] });
  }
  const roots: DirectionMenuItem[] = [];
  for (const row of rows) {
    const item = items.get(row.id)!;
    const parent = row.parent_id === null ? undefined : items.get(row.parent_id);
    if (parent) parent.children.push(item);
    else roots.push(item);
  }
  return roots;
}
