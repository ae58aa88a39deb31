import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { CollectionPage, collectionNotFound } from "~/documents/collection-page";
import { getDocumentCollection } from "~/documents/documents.server";
import { deepPageMeta } from "~/utils/seo";

const TITLE = "Adquisiciones";
const crumbs: Crumb[] = [
  { label: "Transparencia", href: "/transparencia" },
  { label: TITLE, href: "/adquisiciones" },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: `${TITLE} | Transparencia`,
    description:
      "Licitaciones, invitaciones, Informe de Gestión Gubernamental y programas anuales de adquisiciones, arrendamientos y servicios del Hospital Infantil de México Federico Gómez.",
    path: "/adquisiciones",
    crumbs,
    matches,
  });

export async function loader() {
  const collection = await getDocumentCollection(db, "procurement");
  if (!collection) throw collectionNotFound();
  return { collection };
}

export default function ProcurementPage() {
  const { collection } = useLoaderData<typeof loader>();
  return (
    <CollectionPage
      title={TITLE}
      crumbs={crumbs}
      collection={collection}
      intro={
        <p>
          Procedimientos de contratación pública del hospital conforme a la Ley de Adquisiciones, Arrendamientos y Servicios
          del Sector Público, el Informe de Gestión Gubernamental y los programas anuales de adquisiciones.
        </p>
      }
    >
      <p>
        Consulte también la <Link to="/transparencia/informacion-financiera">información financiera</Link> del hospital.
      </p>
    </CollectionPage>
  );
}
