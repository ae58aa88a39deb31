import { Link } from "@remix-run/react";

/** ?pagina=N, read leniently: anything that is not a whole number from 1 up is page 1. */
export function requestedPage(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** A list's address with its query string (filters, page), or the bare path when there is none. */
export function listPageHref(path: string, query: URLSearchParams | string): string {
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** Page numbers to offer: the first, the last, and two either side of the current one. */
export function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - shown[i - 1]! > 1 ? ["gap" as const, n] : [n]));
}

/**
 * Numbered pages of a long list (search results, a month of the catalogue, the staff lists:
 * donativos, facturas, bitácora), as plain links so
 * they work without JavaScript. `hrefFor(1)` should carry no pagina parameter: one address per page.
 */
export function Pagination({
  label,
  page,
  pageCount,
  hrefFor,
}: {
  label: string;
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="pagination">
      <ul>
        {page > 1 ? (
          <li>
            <Link to={hrefFor(page - 1)} rel="prev" className="pagination__step">
              Anterior<span className="visually-hidden"> página</span>
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pagination__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <Link to={hrefFor(n)} aria-current={n === page ? "page" : undefined} className="pagination__number">
                <span className="visually-hidden">Página </span>
                {n}
              </Link>
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link to={hrefFor(page + 1)} rel="next" className="pagination__step">
              Siguiente<span className="visually-hidden"> página</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/** The address of a keyset page: the list's filters and `despues` or `antes` (app/utils/keyset-paging.server.ts). */
export function keysetHref(
  path: string,
  filters: Record<string, string | number | null | undefined>,
  cursor?: { despues?: string | null; antes?: string | null },
) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== null && value !== undefined && value !== "") query.set(key, String(value));
  if (cursor?.despues) query.set("despues", cursor.despues);
  else if (cursor?.antes) query.set("antes", cursor.antes);
  return listPageHref(path, query);
}

/** A refused keyset position (the loader answered 400): what went wrong and the way back to the first page. */
export function KeysetCursorError({ message, firstPage }: { message: string; firstPage: string }) {
  return (
    <div className="error-summary" role="alert">
      <p className="error-summary__title">{message}</p>
      <p>
        <Link to={firstPage}>Ir a la primera página</Link>
      </p>
    </div>
  );
}

/**
 * «Primera página», «Anterior» and «Siguiente» of a list read by keyset (the long staff lists):
 * no page numbers, since reading page N would mean counting the N−1 before it.
 */
export function KeysetPagination({
  label,
  path,
  filters,
  previous,
  next,
}: {
  label: string;
  path: string;
  filters: Record<string, string | number | null | undefined>;
  previous: string | null;
  next: string | null;
}) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className="pagination">
      <ul>
        {previous ? (
          <>
            <li>
              <Link to={keysetHref(path, filters)} className="pagination__step">
                Primera página
              </Link>
            </li>
            <li>
              <Link to={keysetHref(path, filters, { antes: previous })} rel="prev" className="pagination__step">
                Anterior<span className="visually-hidden"> página</span>
              </Link>
            </li>
          </>
        ) : null}
        {next ? (
          <li>
            <Link to={keysetHref(path, filters, { despues: next })} rel="next" className="pagination__step">
              Siguiente<span className="visually-hidden"> página</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
