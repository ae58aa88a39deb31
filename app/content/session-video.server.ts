import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { getSettings } from "~/settings/settings.server";

/** Origins our CSP (frame-src in server/security.ts) lets the page embed. */
const EMBEDDABLE_ORIGINS = new Set(["https://www.youtube-nocookie.com"]);

export interface SessionVideo {
  /** The iframe address, when the configured URL is one we can embed. */
  embedUrl: string | null;
  /** Where the video can be watched without embedding (the facade's link without JavaScript). */
  watchUrl: string;
}

/**
 * Interprets the `sessionVideoEmbedUrl` setting. Only https addresses count. A YouTube
 * privacy-enhanced embed is shown behind a click-to-load facade; any other https address is
 * offered as a plain link, because the CSP would block it inside a frame.
 */
export function parseSessionVideo(raw: string): SessionVideo | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  if (!EMBEDDABLE_ORIGINS.has(url.origin)) return { embedUrl: null, watchUrl: url.href };
  const id = /^\/embed\/([\w-]{6,20})$/.exec(url.pathname)?.[1];
  if (!id) return null;
  const embed = new URL(url.href);
  // The visitor asked for it by clicking, so it may start at once.
  embed.searchParams.set("autoplay", "1");
  return { embedUrl: embed.href, watchUrl: `https://www.youtube.com/watch?v=${id}` };
}

export async function getSessionVideo(db: Kysely<DB>): Promise<SessionVideo | null> {
  const settings = await getSettings(db);
  return parseSessionVideo(settings.sessionVideoEmbedUrl);
}
