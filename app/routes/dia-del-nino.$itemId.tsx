import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import { GALLERIES, galleryCrumbs } from "~/gallery/galleries";
import { loadGalleryImagePage } from "~/gallery/gallery.server";
import { GalleryImagePage } from "~/gallery/gallery-view";

const GALLERY = "dia-del-nino";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  if (!data) return [{ title: "Imagen no encontrada | HIMFG" }, { name: "robots", content: "noindex" }];
  return deepPageMeta({
    title: `${data.image.title} | ${GALLERIES[GALLERY].title}`,
    description: `${data.image.caption}. ${GALLERIES[GALLERY].title} del Hospital Infantil de México Federico Gómez.`,
    path: `${GALLERIES[GALLERY].path}/${data.image.id}`,
    crumbs: galleryCrumbs(GALLERY, data.image),
    matches,
    image: data.image.src,
  });
};

export async function loader({ params }: LoaderFunctionArgs) {
  return loadGalleryImagePage(db, GALLERY, params.itemId);
}

export default function GalleryImage() {
  const data = useLoaderData<typeof loader>();
  return <GalleryImagePage {...data} gallery={GALLERY} />;
}
