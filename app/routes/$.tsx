import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InformationPage, informationPageMeta, institutionalLinks } from "~/components/information-page";
import { SessionVideoSection } from "~/components/session-video-section";
import { findRedirect, getContentPage, pageHasSessionVideo } from "~/content/content-pages.server";
import { getSessionVideo } from "~/content/session-video.server";
import { db } from "~/db.server";
import { legacyFileRedirect } from "~/files/legacy-addresses.server";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

/**
 * Every path no other route matches. An information page stored in content_pages answers at its
 * own path, so a page the communications office creates needs no code (decision 0021); an old
 * path that was renamed answers with a permanent redirect; anything else is the Spanish 404 in
 * the site's layout.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // Remix matched routes case-insensitively and ignoring a trailing slash; pages keep doing so.
  const path = url.pathname.toLowerCase().replace(/\/+$/, "") || "/";
  const page = await getContentPage(db, path);
  if (page) {
    const video = pageHasSessionVideo(page.path) ? await getSessionVideo(db) : null;
    return { page, hasVideo: pageHasSessionVideo(page.path), video };
  }
  const target = await findRedirect(db, path);
  if (target) throw redirect(`${target}${url.search}`, { status: 308 });
  // A file of the former site (/descargas/documentos/ANUARIOS/2007.pdf): 301 to what stands for it.
  const moved = await legacyFileRedirect(db, request);
  if (moved) throw moved;
  throw new Response("Not Found", { status: 404 });
}

export async function action({ request }: LoaderFunctionArgs) {
  const path = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, "") || "/";
  // A page exists but takes no form posts: 405, as the route modules it replaced answered.
  if (await getContentPage(db, path)) throw new Response("Method Not Allowed", { status: 405, headers: { Allow: "GET, HEAD" } });
  throw new Response("Not Found", { status: 404 });
}

export const meta = informationPageMeta;
export const links = institutionalLinks;

export default function ContentPageRoute() {
  const { page, hasVideo, video } = useLoaderData<typeof loader>();
  return <InformationPage page={page}>{hasVideo ? <SessionVideoSection video={video} /> : null}</InformationPage>;
}
