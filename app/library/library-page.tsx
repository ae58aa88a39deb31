import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { documentStylesHref } from "~/components/document-groups";
import { deepPageMeta } from "~/utils/seo";
import { isLibraryPanel, LIBRARY, LIBRARY_PANELS, type LibraryPanelId } from "./library-content";

/**
 * The Hemerobiblioteca (library) page, served at /hemerobiblioteca and at the legacy
 * /direccion/hemerobiblioteca (both routes re-export this module).
 *
 * Eight sections, one open at a time. Without JavaScript the eight buttons are links to
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
  return { panel: isLibraryPanel(requested) ? requested : ("reglamento" as LibraryPanelId) };
}

const number = new Intl.NumberFormat("es-MX");
const money = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });
const longDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "America/Mexico_City" });
const inForceFrom = longDate.format(new Date(`${LIBRARY.regulation.inForceFrom}T12:00:00-06:00`));

function External({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} rel="noopener noreferrer" target="_blank">
      {children}
      <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

function LinkList({ items }: { items: readonly { title: string; url: string }[] }) {
  return (
    <ul className="library-links">
      {items.map((item) => (
        <li key={item.url + item.title}>
          <External href={item.url}>{item.title}</External>
        </li>
      ))}
    </ul>
  );
}

const PANEL_CONTENT: Record<LibraryPanelId, () => ReactNode> = {
  reglamento: () => {
    const r = LIBRARY.regulation;
    return (
      <>
        <p>
          El Reglamento de la Hemerobiblioteca está vigente desde el <strong>{inForceFrom}</strong> y deja sin efecto el anterior. Tiene{" "}
          {r.articleCount} artículos organizados en estos capítulos: {r.chapters.join("; ")}.
        </p>
        <h3>Quién puede usarla</h3>
        <p>
          Los servicios están abiertos a {r.eligibleUsers.join(", ")}. La autoridad de la Hemerobiblioteca es{" "}
          {r.authority.charAt(0).toLowerCase() + r.authority.slice(1)}
        </p>
        <h3>Horario</h3>
        <p>
          De {LIBRARY.hours.open} a {LIBRARY.hours.close} horas, de {LIBRARY.hours.days}.
        </p>
        <h3>Préstamo a domicilio</h3>
        <ul>
          <li>
            Necesita la credencial interna de la Hemerobiblioteca, que se tramita con {r.loan.cardRequirement} y tiene una vigencia de{" "}
            {r.loan.cardValidityYears} año.
          </li>
          <li>El préstamo dura {r.loan.days} días.</li>
          <li>Puede renovarlo {r.loan.renewals} vez, siempre que nadie más haya solicitado el material.</li>
          <li>Puede llevarse como máximo {r.loan.maxItems} materiales a la vez (libros, publicaciones periódicas o tesis).</li>
          <li>Se prestan la colección general, las publicaciones periódicas y las tesis en papel y en CD.</li>
          <li>Las obras de consulta no salen de la sala: {r.referenceWorkTypes.join(", ")}.</li>
          <li>El préstamo es personal e intransferible; avise de cualquier cambio de domicilio o de teléfono.</li>
        </ul>
        <h3>Fotocopiado e Internet</h3>
        <ul>
          <li>
            Cada fotocopia cuesta {money.format(r.photocopyPriceMxn)}, conforme al artículo 18, inciso e, de la Ley Federal de Derechos de Autor.
          </li>
          <li>Los médicos residentes tienen {number.format(r.freePhotocopiesForResidents)} fotocopias sin costo.</li>
          <li>
            El acceso a Internet es exclusivo para trabajos de investigación del personal y de los estudiantes del hospital; registre su entrada y
            salida en la bitácora del laboratorio de cómputo.
          </li>
        </ul>
        <h3>Colecciones que regula</h3>
        <p>
          Colección general, obras de consulta, tesis (alrededor de {number.format(r.collections.thesesPaper)} en papel y{" "}
          {number.format(r.collections.thesesCd)} en CD), publicaciones periódicas (cerca de {number.format(r.collections.periodicalTitles)} títulos
          desde {r.collections.periodicalsSince}) y bases de datos: el Repositorio Institucional Digital y el Boletín Médico del Hospital Infantil de
          México ({r.collections.bulletinYears}).
        </p>
        <h3>Comportamiento en la sala</h3>
        <ul>
          {r.behaviour.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </ul>
        <h3>Sanciones</h3>
        <dl className="library-sanctions">
          {r.sanctions.map((item) => (
            <div key={item.case}>
              <dt>{item.case}</dt>
              <dd>{item.sanction}</dd>
            </div>
          ))}
        </dl>
        <p>Las situaciones que el reglamento no prevé las resuelven las autoridades de la Hemerobiblioteca.</p>
      </>
    );
  },
  servicios: () => (
    <>
      <dl className="library-list">
        {LIBRARY.services.map((service) => (
          <div key={service.name}>
            <dt>{service.name}</dt>
            <dd>{service.text}</dd>
          </div>
        ))}
      </dl>
      <h3>Bases de datos suscritas</h3>
      <ul>
        {LIBRARY.subscribedDatabases.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </>
  ),
  colecciones: () => {
    const c = LIBRARY.collections;
    return (
      <>
        <ul className="library-figures">
          <li>
            <strong>{number.format(c.booksVolumes)}</strong> volúmenes de libros (aproximadamente)
          </li>
          <li>
            <strong>{number.format(c.journalTitles)}</strong> títulos de revistas desde {c.journalsSince} (aproximadamente)
          </li>
          <li>
            <strong>{number.format(c.thesesPaper)}</strong> tesis en papel y <strong>{number.format(c.thesesCd)}</strong> en CD
          </li>
        </ul>
        <dl className="library-list">
          {c.items.map((item) => (
            <div key={item.name}>
              <dt>{item.name}</dt>
              <dd>{item.text}</dd>
            </div>
          ))}
        </dl>
      </>
    );
  },
  catalogo: () => (
    <>
      <p>Consulte en línea, desde el hospital o fuera de él:</p>
      <ul>
        {LIBRARY.catalogue.labels.map((label) => (
          <li key={label}>
            <External href={LIBRARY.catalogue.url}>{label}</External>
          </li>
        ))}
      </ul>
    </>
  ),
  revistas: () => (
    <>
      <p>Revistas pediátricas con acceso en línea para la comunidad del hospital.</p>
      <LinkList items={LIBRARY.onlineJournals} />
    </>
  ),
  "bases-de-datos": () => (
    <>
      <p>Bases de datos y repositorios disponibles a través de la Hemerobiblioteca y del CONRICyT.</p>
      <LinkList items={LIBRARY.databases} />
    </>
  ),
  ligas: () => (
    <>
      <p>Sitios de información biomédica de acceso libre que recomendamos.</p>
      <LinkList items={LIBRARY.linksOfInterest} />
    </>
  ),
  contacto: () => (
    <dl className="library-list">
      <div>
        <dt>Horario</dt>
        <dd>
          De {LIBRARY.hours.open} a {LIBRARY.hours.close} horas, de {LIBRARY.hours.days}.
        </dd>
      </div>
      <div>
        <dt>Teléfonos</dt>
        <dd>
          Directo: <a href={`tel:+52${LIBRARY.contact.directPhone.replace(/\s/g, "")}`}>{LIBRARY.contact.directPhone}</a>. Conmutador:{" "}
          <a href={`tel:+52${LIBRARY.contact.switchboard.replace(/\s/g, "")}`}>{LIBRARY.contact.switchboard}</a>, extensiones{" "}
          {LIBRARY.contact.extensions.join(" y ")}.
        </dd>
      </div>
      <div>
        <dt>Dirección</dt>
        <dd>{LIBRARY.contact.address}</dd>
      </div>
      <div>
        <dt>Correo electrónico</dt>
        <dd>
          {LIBRARY.contact.emails.map((email, index) => (
            <span key={email}>
              {index > 0 ? " o " : ""}
              <a href={`mailto:${email}`}>{email}</a>
            </span>
          ))}
        </dd>
      </div>
    </dl>
  ),
};

export default function LibraryPage() {
  const { panel } = useLoaderData<typeof loader>();
  const [selected, setSelected] = useState<LibraryPanelId>(panel);
  const [enhanced, setEnhanced] = useState(false);
  const tabRefs = useRef<Partial<Record<LibraryPanelId, HTMLButtonElement | null>>>({});

  useEffect(() => setEnhanced(true), []);
  // A navigation to ?panel=x (e.g. a link followed before hydration) selects that panel.
  useEffect(() => setSelected(panel), [panel]);

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
        La Hemerobiblioteca del hospital reúne libros, revistas, tesis y bases de datos de pediatría y áreas afines. Abre de {LIBRARY.hours.open} a{" "}
        {LIBRARY.hours.close} horas, de {LIBRARY.hours.days}.
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
              {PANEL_CONTENT[p.id]()}
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
            <h2 id={`heading-${selected}`}>{LIBRARY_PANELS.find((p) => p.id === selected)!.label}</h2>
            {PANEL_CONTENT[selected]()}
          </section>
        </>
      )}
    </div>
  );
}
