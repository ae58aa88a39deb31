import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import { GALLERIES, galleryCrumbs } from "./galleries";
import { galleryFromRequest, listGalleryImages } from "./gallery.server";
import { GalleryPage } from "./gallery-view";

// One module for the three galleries, mounted at each gallery's path by remix.config.js.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  data
    ? deepPageMeta({
        title: GALLERIES[data.gallery].title,
        description: GALLERIES[data.gallery].description,
        path: GALLERIES[data.gallery].path,
        crumbs: galleryCrumbs(data.gallery),
        matches,
        image: data.images[0]?.src,
      })
    : [];

export async function loader({ request }: LoaderFunctionArgs) {
  const gallery = galleryFromRequest(request);
  return { gallery, images: await listGalleryImages(db, gallery) };
}

export default function Gallery() {
  const { gallery, images } = useLoaderData<typeof loader>();
  return <GalleryPage gallery={gallery} images={images} />;
}
