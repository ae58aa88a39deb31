import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import { CollectionPage, collectionNotFound } from "./collection-page";
import { resolveAddress } from "~/mounted-addresses";
import { getDocumentCollection } from "./documents.server";

/**
 * One module for the document collections that have a page of their own, mounted at each path
 * from the one table of mounted addresses (app/mounted-addresses.js: the path → the collection's
 * key); COLLECTION_PAGES below says how each collection's page reads.
 */
interface CollectionPageConfig {
  title: string;
  metaTitle?: string;
  description: string;
  /** Shown after the documents; the introduction before them is the collection's, edited in /admin/documentos. */
  after?: ReactNode;
}

export const COLLECTION_PAGES: Record<string, CollectionPageConfig> = {
  yearbooks: {
    title: "Anuarios estadísticos",
    description:
      "Anuarios estadísticos del Hospital Infantil de México Federico Gómez de 2007 a 2024: atención médica, enseñanza e investigación en cifras.",
  },
  archives: {
    title: "Organización de archivos",
    description:
      "Coordinación general de archivos del Hospital Infantil de México Federico Gómez: formatos, instrumentos de control archivístico, inventarios, bajas documentales, planes anuales y normatividad.",
  },
  procurement: {
    title: "Adquisiciones",
    metaTitle: "Adquisiciones | Transparencia",
    description:
      "Licitaciones, invitaciones, Informe de Gestión Gubernamental y programas anuales de adquisiciones, arrendamientos y servicios del Hospital Infantil de México Federico Gómez.",
    after: (
      <p>
        Consulte también la <Link to="/transparencia/informacion-financiera">información financiera</Link> del hospital.
      </p>
    ),
  },
};

function crumbsFor(path: string, title: string): Crumb[] {
  return [
    { label: "Transparencia", href: "/transparencia" },
    { label: title, href: path },
  ];
}

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => {
  const config = data ? COLLECTION_PAGES[data.key] : undefined;
  if (!data || !config) return [];
  return deepPageMeta({
    title: config.metaTitle ?? config.title,
    description: config.description,
    path: data.path,
    crumbs: crumbsFor(data.path, config.title),
    matches,
  });
};

export async function loader({ request }: LoaderFunctionArgs) {
  const address = resolveAddress(new URL(request.url).pathname);
  if (!address || !Object.hasOwn(COLLECTION_PAGES, address.key)) throw new Response("Not Found", { status: 404 });
  const collection = await getDocumentCollection(db, address.key);
  if (!collection) throw collectionNotFound();
  return { path: address.path, key: address.key, collection };
}

export default function DocumentCollectionRoute() {
  const { path, key, collection } = useLoaderData<typeof loader>();
  const config = COLLECTION_PAGES[key]!;
  return (
    <CollectionPage title={config.title} crumbs={crumbsFor(path, config.title)} collection={collection}>
      {config.after}
    </CollectionPage>
  );
}
