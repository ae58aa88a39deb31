import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { RichText } from "~/components/rich-text";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import { isLibraryPanel, type LibraryPanelId } from "./library-content";
import { getLibraryPanels } from "./library-panels.server";

/**
 * The Hemerobiblioteca (library) page, served at /hemerobiblioteca and at the legacy
 * /direccion/hemerobiblioteca (both routes re-export this module).
 *
 * Eight sections, one open at a time; their texts are Markdown in library_panels, edited by the
 * communications office (/admin/hemerobiblioteca) and rendered by the one sanitiser. Without JavaScript the eight buttons are links to
 * ?panel=<id> and the server renders only that panel, so the "one at a time" behaviour and every
 * section's content work with plain links. Once React has hydrated, the links become a WAI-ARIA
 * tabs widget: role=tab buttons with a roving tabindex, arrow keys, Home and End, and all eight
 * role=tabpanel sections present with the inactive ones hidden.
 */
export const LIBRARY_PATH = "/hemerobiblioteca";
const TITLE = "Hemerobiblioteca";
const crumbs: Crumb[] = [{ label: TITLE, href: LIBRARY_PATH }];

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
  const requested = new URL(request.url).searchParams.get("panel");
  return { panel: isLibraryPanel(requested) ? requested : ("reglamento" as LibraryPanelId), panels: await getLibraryPanels(db) };
}

export default function LibraryPage() {
  const { panel, panels: LIBRARY_PANELS } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState<LibraryPanelId>(panel);
  const [enhanced, setEnhanced] = useState(false);
  const tabRefs = useRef<Partial<Record<LibraryPanelId, HTMLButtonElement | null>>>({});

  useEffect(() => setEnhanced(true), []);
  // A navigation to ?panel=x (e.g. a link followed before hydration) selects that panel.
  useEffect(() => setSelected(panel), [panel]);

  const current = LIBRARY_PANELS.find((p) => p.id === selected);

  function select(id: LibraryPanelId, focus: boolean) {
    setSelected(id);
    if (focus) tabRefs.current[id]?.focus();
    // Keep the address shareable without a navigation (the content is already on the page).
    const url = new URL(window.location.href);
    url.searchParams.set("panel", id);
    window.history.replaceState(window.history.state, "", url);
  }

  function onTabKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const index = LIBRARY_PANELS.findIndex((p) => p.id === selected);
    const last = LIBRARY_PANELS.length - 1;
    const target =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(LIBRARY_PANELS[target]!.id, true);
  }

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

      {enhanced ? (
        <>
          <div role="tablist" aria-label="Secciones de la Hemerobiblioteca" className="library-tabs">
            {LIBRARY_PANELS.map((p) => (
              <button
                key={p.id}
                type="button"
                role="tab"
                id={`tab-${p.id}`}
                aria-controls={`panel-${p.id}`}
                aria-selected={p.id === selected}
                tabIndex={p.id === selected ? 0 : -1}
                className="library-tabs__tab"
                ref={(element) => {
                  tabRefs.current[p.id] = element;
                }}
                onClick={() => select(p.id, false)}
                onKeyDown={onTabKeyDown}
              >
                {p.label}
              </button>
            ))}
          </div>
          {LIBRARY_PANELS.map((p) => (
            <section
              key={p.id}
              role="tabpanel"
              id={`panel-${p.id}`}
              aria-labelledby={`tab-${p.id}`}
              tabIndex={0}
              hidden={p.id !== selected}
              className="library-panel"
            >
              <h2>{p.label}</h2>
              <RichText html={p.html} />
            </section>
          ))}
        </>
      ) : (
        <>
          <nav aria-label="Secciones de la Hemerobiblioteca">
            <ul className="library-tabs">
              {LIBRARY_PANELS.map((p) => (
                <li key={p.id}>
                  <a href={`?panel=${p.id}#panel-${p.id}`} className="library-tabs__tab" aria-current={p.id === selected ? "true" : undefined}>
                    {p.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <section id={`panel-${selected}`} aria-labelledby={`heading-${selected}`} className="library-panel">
            <h2 id={`heading-${selected}`}>{current?.label}</h2>
            {current ? <RichText html={current.html} /> : null}
          </section>
        </>
      )}
    </div>
  );
}
