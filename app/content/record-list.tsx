import type { MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { KeysetCursorError, KeysetPagination, keysetHref } from "~/components/pagination";
import { StaffTable } from "~/components/staff-table";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import type { DepartmentListItem } from "./department-editor.server";
import type { PageListItem } from "./page-editor.server";
import type { PageStatus } from "./page-forms";
import type { ProfileListItem } from "./profile-page-editor.server";
import type { ResearchUnitListItem } from "./research-unit-editor.server";
import { RESEARCH_UNIT_KINDS } from "./seeded-record-forms";

/**
 * The pages editor's list screens (information pages, department pages, research units, profile
 * records; decision 0026): one screen, and each list's spec (titles, links, columns, a row per
 * item), so a list route is its guard, its loader and one line of screen.
 */

/** The staff area's `meta` for an editor screen: its title, never indexed. */
export function staffScreenMeta(title: string): MetaFunction {
  return () => [{ title: `${title} | Área del personal HIMFG` }, { name: "robots", content: "noindex, nofollow" }];
}

export const PUBLICATION_STATUS_TEXT: Record<PageStatus, string> = { borrador: "Borrador", publicada: "Publicada", programada: "Programada" };

type PendingState = { status: PageStatus; publishAt: string | null } | null;

/**
 * A record's state in words: draft, published, or scheduled with its Mexico City date and time;
 * a published record with changes saved aside says so too (decision 0033): "Publicada · cambios
 * programados para el 3 de diciembre de 2026 a las 9:00 a.m.".
 */
export function publicationStatusText(status: PageStatus, publishAt: string | null, pending?: PendingState): string {
  const live = `${PUBLICATION_STATUS_TEXT[status]}${publishAt ? ` (${formatMexicoCityDateTime(publishAt)})` : ""}`;
  if (!pending) return live;
  return pending.status === "programada" && pending.publishAt
    ? `${live} · cambios programados para el ${formatMexicoCityDateTime(pending.publishAt)}`
    : `${live} · cambios en borrador sin publicar`;
}

/** A list's "Estado" cell (publicationStatusText). */
export function PublicationStatusCell({ status, publishAt, pending }: { status: PageStatus; publishAt: string | null; pending?: PendingState }) {
  return <td>{publicationStatusText(status, publishAt, pending)}</td>;
}

/** A stored time (ISO, or SQLite's "YYYY-MM-DD HH:MM:SS" in UTC) in Mexico City. */
export function updatedAtText(updatedAt: string): string {
  return formatMexicoCityDateTime(updatedAt.includes("T") ? updatedAt : `${updatedAt.replace(" ", "T")}Z`);
}

/** What every publishable record's row ends with: its state in words and its last change. */
interface PublishableListItem {
  status: PageStatus;
  publishAt: string | null;
  pending?: PendingState;
  updatedAt: string;
}

/** One row of a publishable record's list: its name linked to its editor, the list's own cells (children), its state and last change. */
function PublishableRow({ href, name, item, children }: { href: string; name: string; item: PublishableListItem; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">
        <Link to={href}>{name}</Link>
      </th>
      {children}
      <PublicationStatusCell status={item.status} publishAt={item.publishAt} pending={item.pending} />
      <td>{updatedAtText(item.updatedAt)}</td>
    </tr>
  );
}

export function EditorListScreen({
  title,
  back,
  intro,
  actions,
  search,
  count,
  columns,
  before,
  after,
  children,
}: {
  title: string;
  back?: { to: string; label: string };
  intro?: ReactNode;
  actions?: ReactNode;
  /** The search box: what it searches ("Buscar por título o dirección") and the current words. */
  search?: { id: string; label: string; ariaLabel: string; q: string };
  /** "3 páginas", read by screen readers when the list changes. */
  count: string;
  columns: readonly string[];
  /** Above the count (a refused page position), and below the table (the pages of a long list). */
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container page">
      {back ? (
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      ) : null}
      <h1>{title}</h1>
      {intro ? <p>{intro}</p> : null}
      {actions ? <p>{actions}</p> : null}
      {search ? (
        <Form method="get" className="form form--inline" role="search" aria-label={search.ariaLabel}>
          <label htmlFor={search.id} className="field__label">
            {search.label}
          </label>
          <input id={search.id} name="q" type="search" defaultValue={search.q} className="field__input" />
          <button type="submit" className="button button--secondary">
            Buscar
          </button>
        </Form>
      ) : null}
      {before}
      <p role="status">{count}</p>
      <StaffTable caption={title} hideCaption columns={columns}>
        {children}
      </StaffTable>
      {after}
    </div>
  );
}

/** "1 página" / "3 páginas". */
export function countText(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

/** What a list screen shows: its titles, the way back and other links, the search box, the columns and a row per item. */
export interface EditorListSpec<T> {
  title: string;
  /** The browser tab's title. */
  metaTitle: string;
  back?: { to: string; label: string };
  intro?: string;
  actions?: ReactNode;
  search: { id: string; label: string; ariaLabel: string };
  /** How one item and several are counted: ["página", "páginas"]. */
  count: [string, string];
  columns: readonly string[];
  row: (item: T) => ReactNode;
}

/** What a list screen takes from its spec, with the words searched for. */
function screenOf<T>(spec: EditorListSpec<T>, q: string) {
  return { title: spec.title, back: spec.back, intro: spec.intro, actions: spec.actions, search: { ...spec.search, q }, columns: spec.columns };
}

/** A list screen from its spec and its loader's data (loadEditorList). */
export function EditorList<T>({ spec, data }: { spec: EditorListSpec<T>; data: { q: string; items: T[] } }) {
  return (
    <EditorListScreen {...screenOf(spec, data.q)} count={countText(data.items.length, ...spec.count)}>
      {data.items.map(spec.row)}
    </EditorListScreen>
  );
}

/** A list read one page at a time by keyset (the information pages): its loader's data. */
export interface PagedEditorListData<T> {
  q: string;
  page: { rows: T[]; previous: string | null; next: string | null; totalLabel: string } | null;
  /** A refused `?despues=`/`?antes=` (the loader answered 400). */
  cursorError: string | null;
}

/** A list screen whose list is paged by keyset (app/utils/keyset-paging.server.ts): «Primera página», «Anterior», «Siguiente». */
export function PagedEditorList<T>({ spec, path, data }: { spec: EditorListSpec<T>; path: string; data: PagedEditorListData<T> }) {
  const filters = { q: data.q };
  return (
    <EditorListScreen
      {...screenOf(spec, data.q)}
      count={data.page?.totalLabel ?? ""}
      before={data.cursorError ? <KeysetCursorError message={data.cursorError} firstPage={keysetHref(path, filters)} /> : null}
      after={
        data.page ? (
          <KeysetPagination
            label={`Páginas de la lista: ${spec.title}`}
            path={path}
            filters={filters}
            previous={data.page.previous}
            next={data.page.next}
          />
        ) : null
      }
    >
      {(data.page?.rows ?? []).map(spec.row)}
    </EditorListScreen>
  );
}

const BACK_TO_PAGES = { to: "/admin/contenido", label: "Páginas de información" };

export const CONTENT_PAGE_LIST: EditorListSpec<PageListItem> = {
  title: "Páginas del sitio",
  metaTitle: "Páginas",
  actions: (
    <>
      <Link to="/admin/contenido/nueva" className="button">
        Crear una página
      </Link>{" "}
      <Link to="/admin/contenido/departamentos">Páginas de direcciones y departamentos</Link> ·{" "}
      <Link to="/admin/contenido/investigacion">Unidades de investigación</Link> · <Link to="/admin/contenido/perfiles">Perfiles de dirección</Link>
    </>
  ),
  search: { id: "buscar-paginas", label: "Buscar por título o dirección", ariaLabel: "Buscar páginas" },
  count: ["página", "páginas"],
  columns: ["Título", "Dirección", "Estado", "Última modificación"],
  row: (page) => (
    <PublishableRow key={page.id} href={`/admin/contenido/${page.id}`} name={page.title} item={page}>
      <td>{page.path}</td>
    </PublishableRow>
  ),
};

export const DEPARTMENT_LIST: EditorListSpec<DepartmentListItem> = {
  title: "Páginas de direcciones y departamentos",
  metaTitle: "Direcciones y departamentos",
  back: BACK_TO_PAGES,
  search: { id: "buscar-departamentos", label: "Buscar por título o dirección", ariaLabel: "Buscar direcciones y departamentos" },
  count: ["página", "páginas"],
  columns: ["Título", "Dirección", "Tipo", "Estado", "Última modificación"],
  row: (page) => (
    <PublishableRow key={page.id} href={`/admin/contenido/departamentos/${page.id}`} name={page.title} item={page}>
      <td>{page.path}</td>
      <td>{page.tipoDepartamento === 2 ? "Dirección" : "Departamento o servicio"}</td>
    </PublishableRow>
  ),
};

export const RESEARCH_UNIT_LIST: EditorListSpec<ResearchUnitListItem> = {
  title: "Unidades y laboratorios de investigación",
  metaTitle: "Unidades de investigación",
  back: BACK_TO_PAGES,
  actions: (
    <Link to="/admin/contenido/investigacion/nueva" className="button">
      Crear una unidad
    </Link>
  ),
  search: { id: "buscar-unidades", label: "Buscar por nombre o número", ariaLabel: "Buscar unidades de investigación" },
  count: ["unidad", "unidades"],
  columns: ["Nombre", "Dirección", "Tipo", "Estado", "Última modificación"],
  row: (unit) => (
    <PublishableRow key={unit.id} href={`/admin/contenido/investigacion/${unit.id}`} name={unit.name} item={unit}>
      <td>{unit.path}</td>
      <td>{RESEARCH_UNIT_KINDS[unit.kind]}</td>
    </PublishableRow>
  ),
};

export const PROFILE_LIST: EditorListSpec<ProfileListItem> = {
  title: "Perfiles de dirección",
  metaTitle: "Perfiles de dirección",
  back: BACK_TO_PAGES,
  intro: "El encabezado, los textos y las imágenes que se muestran bajo el contenido de las páginas de información de cada dirección.",
  actions: (
    <Link to="/admin/contenido/perfiles/nueva" className="button">
      Crear un perfil
    </Link>
  ),
  search: { id: "buscar-perfiles", label: "Buscar por título", ariaLabel: "Buscar perfiles" },
  count: ["perfil", "perfiles"],
  columns: ["Perfil", "Se muestra en", "Estado", "Última modificación"],
  row: (profile) => (
    <PublishableRow key={profile.id} href={`/admin/contenido/perfiles/${profile.id}`} name={profile.title} item={profile}>
      <td>{profile.paths.length ? profile.paths.join(", ") : "Ninguna página"}</td>
    </PublishableRow>
  ),
};
