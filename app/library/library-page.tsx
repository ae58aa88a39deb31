import { redirect, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { RichText } from "~/components/rich-text";
import { db } from "~/db.server";
import type { PageHandle } from "~/enhance/page-handle";
import { deepPageMeta } from "~/utils/seo";
import { isLibraryPanel } from "./library-content";
import { getLibraryPanels } from "./library-panels.server";

/**
 * The Hemerobiblioteca (library) page, served at /hemerobiblioteca and at the legacy
 * /direccion/hemerobiblioteca (both routes re-export this module).
 *
 * Eight sections; their texts are Markdown in library_panels, edited by the communications office
 * (/admin/hemerobiblioteca) and rendered by the one sanitiser. The page does not hydrate
 * (decision 0027). The server renders all eight sections after a nav of links to them
 * (#panel-<id>): without JavaScript that is a table of contents and the whole text. The page
 * script (app/enhance/tabs.ts) turns them into a WAI-ARIA tabs widget, one section at a time;
 * the address's hash picks the first.
 */
export const LIBRARY_PATH = "/hemerobiblioteca";
const TITLE = "Hemerobiblioteca";
const crumbs: Crumb[] = [{ label: TITLE, href: LIBRARY_PATH }];

export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];

export const meta: MetaFunction = ({ matches }) =>
  deepPageMeta({
    title: TITLE,
    description:
      "Hemerobiblioteca del Hospital Infantil de México Federico Gómez: reglamento, horario de 8:00 a 20:00 todos los días, préstamo a domicilio, colecciones, catálogo, revistas en línea, bases de datos y contacto.",
    path: LIBRARY_PATH,
    crumbs,
    matches,
  });

export async function loader({ request }: LoaderFunctionArgs) {
  // The legacy ?panel=<id> (the admin pages and the search index link to it) is the same page at
  // that section's anchor: scrolled to it without JavaScript, its tab selected with it.
  const url = new URL(request.url);
  const requested = url.searchParams.get("panel");
  // Permanent: every address the site answered keeps answering or redirects permanently (issue 12).
  if (requested !== null) throw redirect(`${url.pathname}${isLibraryPanel(requested) ? `#panel-${requested}` : ""}`, 301);
  return { panels: await getLibraryPanels(db) };
}

export default function LibraryPage() {
  const { panels } = useLoaderData<typeof loader>();
  return (
    <div className="container page doc-page library">
      <Breadcrumbs items={crumbs} />
      <h1>{TITLE}</h1>
      <p className="doc-page__lead">
        La Hemerobiblioteca del hospital reúne libros, revistas, tesis y bases de datos de pediatría y áreas afines. Abre de 8:00 a 20:00 horas, de
        lunes a domingo, incluidos los días festivos.
      </p>
      <p>
        <Link to="/organizacion-de-archivos" target="_blank" rel="noopener">
          Coordinación general de archivos
          <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
        </Link>
      </p>
      <div data-tabs="">
        <nav aria-label="Secciones de la Hemerobiblioteca">
          <ul className="library-tabs">
            {panels.map((p) => (
              <li key={p.id}>
                <a href={`#panel-${p.id}`} className="library-tabs__tab">
                  {p.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        {panels.map((p) => (
          <section key={p.id} id={`panel-${p.id}`} aria-labelledby={`heading-${p.id}`} className="library-panel">
            <h2 id={`heading-${p.id}`}>{p.label}</h2>
            <RichText html={p.html} />
          </section>
        ))}
      </div>
    </div>
  );
}
