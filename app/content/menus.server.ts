import { notFound, type Outcome } from "~/actions/outcome";
import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import type { MenuLinkAddInput, MenuLinkInput } from "./menu-forms.server";
import { MENU_NAMES, MENU_TITLES, type MenuLink, type MenuName } from "./menus";
import * as clock from "~/utils/clock.server";
import { MENU_LINK_HISTORY } from "./record-history-kinds.server";
import { keepVersion, versionBefore } from "./record-history.server";

/**
 * The header menus and footer links (migration 0023, decision 0025). Public pages read them with
 * one indexed query per render; anonymous pages are kept by the page cache, which the
 * content_version triggers on menu_links invalidate on every edit.
 */

export interface SiteMenus {
  header: MenuLink[];
  footer: MenuLink[];
}

/** The header menu for a visitor (signed in or not) and the footer, in one query. */
export async function getSiteMenus(db: Kysely<DB>, signedIn: boolean): Promise<SiteMenus> {
  const header: MenuName = signedIn ? "sesion" : "anonimo";
  const rows = await db
    .selectFrom("menu_links")
    .select(["menu", "label", "href"])
    .where("menu", "in", [header, "pie"])
    .orderBy("menu")
    .orderBy("position")
    .orderBy("id")
    .execute();
  return {
    header: rows.filter((row) => row.menu === header).map(({ label, href }) => ({ label, href })),
    footer: rows.filter((row) => row.menu === "pie").map(({ label, href }) => ({ label, href })),
  };
}

export interface MenuLinkForEditor {
  id: number;
  menu: MenuName;
  label: string;
  href: string;
  position: number;
}

export async function listMenusForEditor(db: Kysely<DB>): Promise<{ menu: MenuName; title: string; links: MenuLinkForEditor[] }[]> {
  const rows = await db.selectFrom("menu_links").select(["id", "menu", "label", "href", "position"]).orderBy("position").orderBy("id").execute();
  return MENU_NAMES.map((menu) => ({ menu, title: MENU_TITLES[menu], links: rows.filter((row) => row.menu === menu) }));
}

export async function getMenuLinkForEditor(db: Kysely<DB>, id: number): Promise<MenuLinkForEditor | null> {
  return (await db.selectFrom("menu_links").select(["id", "menu", "label", "href", "position"]).where("id", "=", id).executeTakeFirst()) ?? null;
}

/** A change of a link: its toast, or notFound() when the link is gone. */
export type MenuLinkOutcome = Outcome<{ message: string }>;

/** Adds a link to a menu (audited). The input is already validated by menuLinkAddSchema. */
export async function addMenuLink(
  db: Kysely<DB>,
  input: MenuLinkAddInput,
  actor: StaffUser,
  requestId: string | null,
): Promise<{ ok: true; id: number; message: string }> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto("menu_links")
      .values({ menu: input.menu, label: input.label, href: input.href, position: input.position })
      .returning("id")
      .executeTakeFirstOrThrow();
    await keepVersion(trx, MENU_LINK_HISTORY, id, null, actor);
    await recordAudit(trx, { actor, action: "menu_link.create", entity: "menu_link", entityId: id, after: input, requestId });
    return { ok: true as const, id, message: `Se agregó «${input.label}» a ${MENU_TITLES[input.menu].toLowerCase()}.` };
  });
}

/** Changes a link's label, target or order (audited with what changed). */
export async function updateMenuLink(
  db: Kysely<DB>,
  id: number,
  input: MenuLinkInput,
  actor: StaffUser,
  requestId: string | null,
): Promise<MenuLinkOutcome> {
  return db.transaction().execute(async (trx): Promise<MenuLinkOutcome> => {
    const before = await trx.selectFrom("menu_links").select(["menu", "label", "href", "position"]).where("id", "=", id).executeTakeFirst();
    if (!before) return notFound();
    const changed = (["label", "href", "position"] as const).filter((field) => before[field] !== input[field]);
    if (changed.length === 0) return { ok: true as const, message: "No había cambios que guardar." };
    const version = await versionBefore(trx, MENU_LINK_HISTORY, id);
    await trx
      .updateTable("menu_links")
      .set({ label: input.label, href: input.href, position: input.position, updated_at: clock.nowIso() })
      .where("id", "=", id)
      .execute();
    await keepVersion(trx, MENU_LINK_HISTORY, id, version, actor);
    await recordAudit(trx, {
      actor,
      action: "menu_link.update",
      entity: "menu_link",
      entityId: id,
      before: Object.fromEntries(changed.map((field) => [field, before[field]])),
      after: Object.fromEntries(changed.map((field) => [field, input[field]])),
      requestId,
    });
    return { ok: true as const, message: `Se guardó el enlace «${input.label}».` };
  });
}

/** Removes a link from its menu; the audit row keeps what it was. */
export async function removeMenuLink(db: Kysely<DB>, id: number, actor: StaffUser, requestId: string | null): Promise<MenuLinkOutcome> {
  return db.transaction().execute(async (trx): Promise<MenuLinkOutcome> => {
    const before = await trx.selectFrom("menu_links").select(["menu", "label", "href", "position"]).where("id", "=", id).executeTakeFirst();
    if (!before) return notFound();
    await trx.deleteFrom("menu_links").where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "menu_link.delete", entity: "menu_link", entityId: id, before, requestId });
    return { ok: true as const, message: `Se quitó «${before.label}» de ${MENU_TITLES[before.menu].toLowerCase()}.` };
  });
}
