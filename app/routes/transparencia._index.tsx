import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { db } from "~/db.server";
import { getDocumentCollection } from "~/documents/documents.server";
import { deepPageMeta } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

const TITLE = "Transparencia";
const crumbs: Crumb[] = [{ label: TITLE, href: "/transparencia" }];

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: TITLE,
    description:
      "Portal de transparencia del Hospital Infantil de México Federico Gómez: Plataforma Nacional de Transparencia, información financiera, adquisiciones, anuarios estadísticos y organización de archivos.",
    path: "/transparencia",
    crumbs,
    matches,
  });

export async function loader() {
  const portal = await getDocumentCollection(db, "transparency-portal");
  return { portalLinks: portal?.groups.flatMap((group) => group.items) ?? [] };
}

const sections = [
  {
    href: "/transparencia/informacion-financiera",
    label: "Información financiera",
    text: "Información contable, presupuestaria y programática, normas del título V de la LGCG e inventario de bienes, por año.",
  },
  {
    href: "/adquisiciones",
    label: "Adquisiciones",
    text: "Licitaciones, invitaciones, Informe de Gestión Gubernamental y programas anuales de adquisiciones.",
  },
  { href: "/anuarios-estadisticos", label: "Anuarios estadísticos", text: "Las cifras del hospital de cada año, de 2007 a 2024." },
  {
    href: "/organizacion-de-archivos",
    label: "Organización de archivos",
    text: "Formatos, instrumentos de control archivístico, inventarios y normatividad en materia de archivos.",
  },
  { href: "/mision-y-vision", label: "Misión y visión", text: "Qué hacemos y hacia dónde vamos como instituto nacional de salud." },
  { href: "/avisos-de-privacidad", label: "Avisos de privacidad", text: "Cómo tratamos sus datos personales y cómo ejercer sus derechos ARCO." },
];

export default function TransparencyPortalPage() {
  const { portalLinks } = useLoaderData<typeof loader>();
  return (
    <div className="container page doc-page">
      <Breadcrumbs items={crumbs} />
      <h1>{TITLE}</h1>
      <p className="doc-page__lead">
        Como institución pública federal, el hospital publica la información de sus obligaciones de transparencia en la Plataforma Nacional de
        Transparencia y pone a su disposición en este sitio sus documentos financieros, de contrataciones y estadísticos.
      </p>
      <section aria-labelledby="plataforma">
        <h2 id="plataforma">Plataforma Nacional de Transparencia</h2>
        <ul className="portal-links">
          {portalLinks.map((link) => (
            <li key={link.id}>
              <a href={link.href} rel="noopener noreferrer" target="_blank">
                {link.imageSrc ? (
                  <img src={link.imageSrc} width={800} height={300} alt={`${link.title} (se abre en una pestaña nueva)`} />
                ) : (
                  <>
                    {link.title}
                    <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
                  </>
                )}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="documentos">
        <h2 id="documentos">Documentos del hospital</h2>
        <ul className="link-cards">
          {sections.map((section) => (
            <li key={section.href}>
              <Link to={section.href}>{section.label}</Link>
              <p>{section.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
