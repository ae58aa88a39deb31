import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { Pagination, requestedPage } from "~/components/pagination";
import { db } from "~/db.server";
import { SEARCH_PAGE_SIZE, searchSite } from "~/search/site-index.server";
import searchStyles from "~/styles/search.css";
import { pageMeta, rootOrigin } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: searchStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, 120);
  const found = query ? await searchSite(db, query, { page: requestedPage(params.get("pagina")) }) : { total: 0, page: 1, pageCount: 0, results: [] };
  return { query, ...found, pageSize: SEARCH_PAGE_SIZE };
}

/** The address of a results page; page 1 has no pagina parameter (one address per page). */
function pageHref(query: string, page: number): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set("pagina", String(page));
  return `/buscar?${params.toString()}`;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data?.query ? `Resultados para «${data.query}»${data.page > 1 ? ` (página ${data.page})` : ""}` : "Buscar en el sitio",
    description: "Busque páginas, departamentos y documentos del Hospital Infantil de México Federico Gómez.",
    path: "/buscar",
    origin: rootOrigin(matches),
    noindex: Boolean(data?.query),
  });

const kindLabels = { pagina: "Página", documento: "Documento", imagen: "Imagen", curso: "Curso" } as const;

export default function SearchPage() {
  const { query, results, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
  const first = (page - 1) * pageSize + 1;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === "/buscar";
  return (
    <div className="container page">
      <Breadcrumbs items={[{ label: "Buscar", href: "/buscar" }]} />
      <h1 id="buscar-titulo">Buscar en el sitio</h1>
      {/* Named by the heading: the header's search is a second search landmark on this page. */}
      <Form method="get" action="/buscar" role="search" aria-labelledby="buscar-titulo" className="search-form">
        <label htmlFor="buscar-q">Palabras a buscar</label>
        <div className="search-form__row">
          <input id="buscar-q" name="q" type="search" defaultValue={query} key={query} autoComplete="off" />
          <button type="submit" className="button">
            {searching ? "Buscando…" : "Buscar"}
          </button>
        </div>
        <p className="search-form__hint">Puede escribir con o sin acentos, por ejemplo: pediatria, nino, anuario 2020.</p>
      </Form>
      {query ? (
        <section aria-labelledby="resultados" className="search-results">
          <h2 id="resultados" aria-live="polite">
            {total === 0
              ? `No encontramos resultados para «${query}»`
              : `${total.toLocaleString("es-MX")} ${total === 1 ? "resultado" : "resultados"} para «${query}»`}
          </h2>
          {pageCount > 1 ? (
            <p className="search-results__range">
              Página {page} de {pageCount}: resultados {first} a {first + results.length - 1}.
            </p>
          ) : null}
          {results.length === 0 ? (
            <p>
              Revise la ortografía o use menos palabras. También puede explorar las <Link to="/direccion/medica">direcciones</Link>, la{" "}
              <Link to="/transparencia">transparencia</Link> o la <Link to="/ensenanza/offer">oferta académica</Link>.
            </p>
          ) : (
            <ol className="search-results__list" start={first}>
              {results.map((result) => (
                <li key={result.path} className="search-result">
                  <p className="search-result__meta">
                    {kindLabels[result.kind]} · {result.context}
                  </p>
                  {result.path.startsWith("/") ? (
                    <Link to={result.path} className="search-result__title" reloadDocument={result.kind === "documento"}>
                      {result.title}
                    </Link>
                  ) : (
                    <a href={result.path} className="search-result__title" rel="noopener noreferrer">
                      {result.title}
                    </a>
                  )}
                  <p className="search-result__snippet">
                    {result.snippet.map((part, index) =>
                      part.highlight ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
                    )}
                  </p>
                </li>
              ))}
            </ol>
          )}
          <Pagination label="Páginas de resultados" page={page} pageCount={pageCount} hrefFor={(n) => pageHref(query, n)} />
        </section>
      ) : null}
    </div>
  );
}
