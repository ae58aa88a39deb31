import type { Kysely } from "kysely";
import type { DB, DirectionLevel } from "~/db.server";

export interface DirectionMenuItem {
  id: number;
  name: string;
  href: string;
  level: DirectionLevel;
  children: DirectionMenuItem[];
}

/** A direction as the header lists it (the whole tree is on /direcciones, not in every page). */
export interface DirectionLink {
  id: number;
  name: string;
  href: string;
}

/** The top level of the tree, for the header menu. */
export async function getTopDirections(db: Kysely<DB>): Promise<DirectionLink[]> {
  return db.selectFrom("direction_nodes").select(["id", "name", "href"]).where("parent_id", "is", null).orderBy("position").orderBy("id").execute();
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
