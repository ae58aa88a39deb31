import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { getSettings, type Settings } from "~/settings/settings.server";
import { getHeaderDirections, type DirectionLink } from "./directions.server";
import { getSiteMenus, type SiteMenus } from "./menus.server";
import { compiledOnce } from "~/utils/compiled-query.server";

/**
 * What every page's frame shows (settings, the directions tree in the header, the menus), read once
 * per `content_version` instead of by three queries and a settings parse on every render (issue
 * 11: signed-in pages are rendered each time). The triggers on site_settings, direction_nodes
 * and menu_links bump that counter (migrations 0014, 0023), so an edit shows on the next request:
 * the same invalidation as the anonymous page cache (decision 0017), no second hook.
 * The staff area's frame needs only the settings (getSiteSettings): it never reads the directions
 * tree or the menus.
 */
export interface SiteChrome {
  settings: Settings;
  directions: DirectionLink[];
  menus: SiteMenus;
}

interface KeptChrome {
  version: number;
  directions: DirectionLink[];
  menus: { anonymous: SiteMenus; signedIn: SiteMenus };
}

const keptSettings = new WeakMap<Kysely<DB>, { version: number; settings: Settings }>();
const keptChrome = new WeakMap<Kysely<DB>, KeptChrome>();

// Read on every page that is rendered: compiled once (issue 22).
const contentVersionRow = compiledOnce((database) => database.selectFrom("content_version").select("version").where("id", "=", 1));

async function contentVersion(db: Kysely<DB>): Promise<number> {
  return (await contentVersionRow(db))[0]?.version ?? 0;
}

async function settingsAt(db: Kysely<DB>, version: number): Promise<Settings> {
  const kept = keptSettings.get(db);
  if (kept && kept.version === version) return kept.settings;
  const settings = await getSettings(db);
  keptSettings.set(db, { version, settings });
  return settings;
}

/** The site settings alone (the staff frame's hospital name), kept like the rest of the chrome. */
export async function getSiteSettings(db: Kysely<DB>): Promise<Settings> {
  return settingsAt(db, await contentVersion(db));
}

async function chromeAt(db: Kysely<DB>, version: number): Promise<KeptChrome> {
  const kept = keptChrome.get(db);
  if (kept && kept.version === version) return kept;
  const [directions, anonymous, signedIn] = await Promise.all([getHeaderDirections(db), getSiteMenus(db, false), getSiteMenus(db, true)]);
  const chrome = { version, directions, menus: { anonymous, signedIn } };
  keptChrome.set(db, chrome);
  return chrome;
}

/** The public frame: settings, the header's directions tree and the visitor's menus. */
export async function getSiteChrome(db: Kysely<DB>, signedIn: boolean): Promise<SiteChrome> {
  const version = await contentVersion(db);
  const [settings, chrome] = await Promise.all([settingsAt(db, version), chromeAt(db, version)]);
  return { settings, directions: chrome.directions, menus: signedIn ? chrome.menus.signedIn : chrome.menus.anonymous };
}
