import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { CollectionPage, collectionNotFound } from "~/documents/collection-page";
import { getDocumentCollection } from "~/documents/documents.server";
import { deepPageMeta } from "~/utils/seo";

const TITLE = "Organización de archivos";
const crumbs: Crumb[] = [
  { label: "Transparencia", href: "/transparencia" },
  { label: TITLE, href: "/organizacion-de-archivos" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: TITLE,
    description:
      "Coordinación general de archivos del Hospital Infantil de México Federico Gómez: formatos, instrumentos de control archivístico, inventarios, bajas documentales, planes anuales y normatividad.",
    path: "/organizacion-de-archivos",
    crumbs,
    matches,
  });

export async function loader() {
  const collection = await getDocumentCollection(db, "archives");
  if (!collection) throw collectionNotFound();
  return { collection };
}

export default function ArchivesPage() {
  const { collection } = useLoaderData<typeof loader>();
  return (
    <CollectionPage
      title={TITLE}
      crumbs={crumbs}
      collection={collection}
      intro={
        <p>
          La Coordinación de Archivos organiza, conserva y pone a disposición los documentos del hospital conforme a la Ley
          General de Archivos. Aquí encontrará los formatos para las áreas, los instrumentos de control y consulta
          archivística, los inventarios y la normatividad aplicable.
        </p>
      }
    />
  );
}
