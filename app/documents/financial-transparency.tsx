import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { DocumentGroups, documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { FINANCIAL_COLLECTION_KEYS, getDocumentCollections } from "~/documents/documents.server";
import { deepPageMeta } from "~/utils/seo";

/**
 * Financial transparency: the five groups of the General Law of Government Accounting, each a
 * native <details> (opens and closes without JavaScript, keyboard and screen-reader friendly)
 * listing its documents per year. Served at /transparencia/informacion-financiera and at the
 * legacy /direccion/subdireccion-recursos-financieros; both routes re-export this module.
 */
export const FINANCIAL_PATH = "/transparencia/informacion-financiera";
const TITLE = "Información financiera";
const crumbs: Crumb[] = [
  { label: "Transparencia", href: "/transparencia" },
  { label: TITLE, href: FINANCIAL_PATH },
];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: `${TITLE} | Transparencia`,
    description:
      "Información contable, presupuestaria y programática, normas del título V de la Ley General de Contabilidad Gubernamental e inventario de bienes del Hospital Infantil de México Federico Gómez, por año.",
    path: FINANCIAL_PATH,
    crumbs,
    matches,
  });

export async function loader() {
  return { collections: await getDocumentCollections(db, FINANCIAL_COLLECTION_KEYS) };
}

const documentCount = new Intl.PluralRules("es-MX");

export default function FinancialTransparencyPage() {
  const { collections } = useLoaderData<typeof loader>();
  return (
    <div className="container page doc-page">
      <Breadcrumbs items={crumbs} />
      <h1>{TITLE}</h1>
      <p className="doc-page__lead">
        La Subdirección de Recursos Financieros publica la información financiera del hospital conforme a la Ley General de Contabilidad
        Gubernamental. Abra cada apartado para consultar los documentos por año; junto a cada enlace se indica el tipo y el tamaño del archivo.
      </p>
      <div className="doc-details-list">
        {collections.map((collection) => {
          const total = collection.groups.reduce((sum, group) => sum + group.items.length, 0);
          return (
            <details key={collection.key} className="doc-details" id={collection.key}>
              <summary>
                <h2 className="doc-details__title">{collection.title}</h2>
                <span className="doc-details__count">
                  {total} {documentCount.select(total) === "one" ? "documento" : "documentos"}
                </span>
              </summary>
              <div className="doc-details__body">
                {collection.description ? <p>{collection.description}</p> : null}
                <DocumentGroups groups={collection.groups} headingLevel={3} />
              </div>
            </details>
          );
        })}
      </div>
      <p>
        También puede consultar la información de obligaciones de transparencia del hospital en la{" "}
        <a href="/transparencia">página de transparencia</a>.
      </p>
    </div>
  );
}
