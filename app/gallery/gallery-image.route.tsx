import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { legacyFileRedirect } from "~/files/legacy-addresses.server";
import type { PageHandle } from "~/enhance/page-handle";
import { deepPageMeta } from "~/utils/seo";
import { galleryCrumbs } from "./galleries";
import { galleryFromRequest, loadGalleryImagePage } from "./gallery.server";
import { GalleryImagePage } from "./gallery-view";

// One module for an image of any of the three galleries, mounted by remix.config.js.

// Plain HTML: previous/next are links (decision 0027).
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  if (!data) return [{ title: "Imagen no encontrada | HIMFG" }, { name: "robots", content: "noindex" }];
  const gallery = data.gallery;
  return deepPageMeta({
    title: `${data.image.title} | ${gallery.title}`,
    description: `${data.image.caption}. ${gallery.title} del Hospital Infantil de México Federico Gómez.`,
    path: `${gallery.path}/${data.image.id}`,
    crumbs: galleryCrumbs(data.gallery, data.image),
    matches,
    image: data.image.src,
  });
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  // The former site's pictures were files here (/galeria/1.jpg): they answer 301 to ours.
  if (!/^[0-9]+$/.test(params.itemId ?? "")) {
    const moved = await legacyFileRedirect(db, request);
    if (moved) throw moved;
  }
  return loadGalleryImagePage(db, galleryFromRequest(request), params.itemId);
}

export default function GalleryImage() {
  const data = useLoaderData<typeof loader>();
  return <GalleryImagePage {...data} />;
}
