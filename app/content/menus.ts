/**
 * The header menus and the footer links (client-safe). Their links live in `menu_links`
 * (migration 0023) and are edited at /admin/menus; app/content/menus.server.ts reads and writes them.
 */
export interface MenuLink {
  label: string;
  href: string;
}

export const MENU_NAMES = ["anonimo", "sesion", "pie"] as const;
export type MenuName = (typeof MENU_NAMES)[number];

export const MENU_TITLES: Record<MenuName, string> = {
  anonimo: "Menú principal (visitantes sin sesión)",
  sesion: "Menú principal (participantes con sesión)",
  pie: "Enlaces del pie de página",
};

/** The signed-in menu ends with this, a form (POST /logout) added by the header, not a link. */
export const LOGOUT_LABEL = "Cerrar sesión";

/** Whether a menu target leaves the site (it then opens in a new tab and says so). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}
