import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { getSettings, type Settings } from "~/settings/settings.server";
import { getHeaderDirections, type DirectionLink } from "./directions.server";
import { getSiteMenus, type SiteMenus } from "./menus.server";

/**
 * What every page's frame shows (settings, the directions tree in the header, the menus), read once
 * per `content_version` instead of by three queries and a settings parse on every render (issue
 * 11: signed-in pages are rendered each time). The triggers on site_settings, direction_nodes
 * and menu_links bump that counter (migrations 0014, 0023), so an edit shows on the next request:
 * the same invalidation as the anonymous page cache (decision 0017), no second hook.
 */
export interface SiteChrome {
  settings: Settings;
  directions: DirectionLink[];
  menus: SiteMenus;
}

interface KeptChrome {
  version: number;
  settings: Settings;
  directions: DirectionLink[];
  menus: { anonymous: SiteMenus; signedIn: SiteMenus };
}

const kept = new WeakMap<Kysely<DB>, KeptChrome>();

export async function getSiteChrome(db: Kysely<DB>, signedIn: boolean): Promise<SiteChrome> {
  const version = (await db.selectFrom("content_version").select("version").where("id", "=", 1).executeTakeFirst())?.version ?? 0;
  let chrome = kept.get(db);
  if (!chrome || chrome.version !== version) {
    const [settings, directions, anonymous, signedInMenus] = await Promise.all([
      getSettings(db),
      getHeaderDirections(db),
      getSiteMenus(db, false),
      getSiteMenus(db, true),
    ]);
    chrome = { version, settings, directions, menus: { anonymous, signedIn: signedInMenus } };
    kept.set(db, chrome);
  }
  return { settings: chrome.settings, directions: chrome.directions, menus: signedIn ? chrome.menus.signedIn : chrome.menus.anonymous };
}
