import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import type { PageHandle } from "~/enhance/page-handle";
import { deepPageMeta } from "~/utils/seo";
import { galleryCrumbs } from "./galleries";
import { galleryFromRequest, listGalleries, listGalleryImages } from "./gallery.server";
import { GalleryPage } from "./gallery-view";

// One module for the three galleries, mounted at each gallery's path by remix.config.js.

// Plain HTML plus the page script, which adds the lightbox (decision 0027).
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  data
    ? deepPageMeta({
        title: data.gallery.title,
        description: data.gallery.description,
        path: data.gallery.path,
        crumbs: galleryCrumbs(data.gallery),
        matches,
        image: data.images[0]?.src,
      })
    : [];

export async function loader({ request }: LoaderFunctionArgs) {
  const name = galleryFromRequest(request);
  const [galleries, images] = await Promise.all([listGalleries(db), listGalleryImages(db, name)]);
  const gallery = galleries.find((candidate) => candidate.name === name);
  if (!gallery) throw new Response("No encontramos esta galería", { status: 404 });
  return { gallery, others: galleries.filter((other) => other.name !== name), images };
}

export default function Gallery() {
  const { gallery, others, images } = useLoaderData<typeof loader>();
  return <GalleryPage gallery={gallery} others={others} images={images} />;
}
