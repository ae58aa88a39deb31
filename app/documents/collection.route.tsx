import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import { CollectionPage, collectionNotFound } from "./collection-page";
import { getDocumentCollection } from "./documents.server";

/**
 * One module for the document collections that have a page of their own, mounted at each path
 * by remix.config.js (COLLECTION_PAGES below says what each path shows).
 */
interface CollectionPageConfig {
  key: string;
  title: string;
  metaTitle?: string;
  description: string;
  /** Shown after the documents; the introduction before them is the collection's, edited in /admin/documentos. */
  after?: ReactNode;
}

export const COLLECTION_PAGES: Record<string, CollectionPageConfig> = {
  "/anuarios-estadisticos": {
    key: "yearbooks",
    title: "Anuarios estadísticos",
    description:
      "Anuarios estadísticos del Hospital Infantil de México Federico Gómez de 2007 a 2024: atención médica, enseñanza e investigación en cifras.",
  },
  "/organizacion-de-archivos": {
    key: "archives",
    title: "Organización de archivos",
    description:
      "Coordinación general de archivos del Hospital Infantil de México Federico Gómez: formatos, instrumentos de control archivístico, inventarios, bajas documentales, planes anuales y normatividad.",
  },
  "/adquisiciones": {
    key: "procurement",
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
  const config = data ? COLLECTION_PAGES[data.path] : undefined;
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
  const path = new URL(request.url).pathname.toLowerCase().replace(/\/+$/, "");
  const config = COLLECTION_PAGES[path];
  if (!config) throw new Response("Not Found", { status: 404 });
  const collection = await getDocumentCollection(db, config.key);
  if (!collection) throw collectionNotFound();
  return { path, collection };
}

export default function DocumentCollectionRoute() {
  const { path, collection } = useLoaderData<typeof loader>();
  const config = COLLECTION_PAGES[path]!;
  return (
    <CollectionPage title={config.title} crumbs={crumbsFor(path, config.title)} collection={collection}>
      {config.after}
    </CollectionPage>
  );
}
