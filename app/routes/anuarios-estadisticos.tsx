import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { CollectionPage, collectionNotFound } from "~/documents/collection-page";
import { getDocumentCollection } from "~/documents/documents.server";
import { deepPageMeta } from "~/utils/seo";

const TITLE = "Anuarios estadísticos";
const crumbs: Crumb[] = [
  { label: "Transparencia", href: "/transparencia" },
  { label: TITLE, href: "/anuarios-estadisticos" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: TITLE,
    description:
      "Anuarios estadísticos del Hospital Infantil de México Federico Gómez de 2007 a 2024: atención médica, enseñanza e investigación en cifras.",
    path: "/anuarios-estadisticos",
    crumbs,
    matches,
  });

export async function loader() {
  const collection = await getDocumentCollection(db, "yearbooks");
  if (!collection) throw collectionNotFound();
  return { collection };
}

export default function YearbooksPage() {
  const { collection } = useLoaderData<typeof loader>();
  return (
    <CollectionPage
      title={TITLE}
      crumbs={crumbs}
      collection={collection}
      intro={
        <p>
          El Departamento de Bioestadística y Archivo Clínico reúne cada año las cifras de la atención médica, la enseñanza y la
          investigación del hospital: consultas, egresos, cirugías, indicadores de calidad, formación de especialistas y
          productividad científica.
        </p>
      }
    />
  );
}
