import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import { GALLERIES, galleryCrumbs } from "~/gallery/galleries";
import { listGalleryImages } from "~/gallery/gallery.server";
import { GalleryPage } from "~/gallery/gallery-view";

const GALLERY = "galeria";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  deepPageMeta({
    title: GALLERIES[GALLERY].title,
    description: GALLERIES[GALLERY].description,
    path: GALLERIES[GALLERY].path,
    crumbs: galleryCrumbs(GALLERY),
    matches,
    image: data?.images[0]?.src,
  });

export async function loader() {
  return { images: await listGalleryImages(db, GALLERY) };
}

export default function Gallery() {
  const { images } = useLoaderData<typeof loader>();
  return <GalleryPage gallery={GALLERY} images={images} />;
}
