import type { MetaFunction } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { StaffTable } from "~/components/staff-table";
import { formatMexicoCityDateTime } from "~/utils/mexico-time";
import type { PageStatus } from "./page-forms";

/**
 * The pages editor's list screens (information pages, department pages, research units, profile
 * records; decision 0026): one screen shape, each route brings its title, columns and rows.
 */

/** The staff area's `meta` for an editor screen: its title, never indexed. */
export function staffScreenMeta(title: string): MetaFunction {
  return () => [{ title: `${title} | Área del personal HIMFG` }, { name: "robots", content: "noindex, nofollow" }];
}

export const PUBLICATION_STATUS_TEXT: Record<PageStatus, string> = { borrador: "Borrador", publicada: "Publicada", programada: "Programada" };

/** A list's "Estado" cell: draft, published, or scheduled with its Mexico City date and time. */
export function PublicationStatusCell({ status, publishAt }: { status: PageStatus; publishAt: string | null }) {
  return <td>{`${PUBLICATION_STATUS_TEXT[status]}${publishAt ? ` (${formatMexicoCityDateTime(publishAt)})` : ""}`}</td>;
}

/** A stored time (ISO, or SQLite's "YYYY-MM-DD HH:MM:SS" in UTC) in Mexico City. */
export function updatedAtText(updatedAt: string): string {
  return formatMexicoCityDateTime(updatedAt.includes("T") ? updatedAt : `${updatedAt.replace(" ", "T")}Z`);
}

export function EditorListScreen({
  title,
  back,
  intro,
  actions,
  search,
  count,
  columns,
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
      <p role="status">{count}</p>
      <StaffTable caption={title} hideCaption columns={columns}>
        {children}
      </StaffTable>
    </div>
  );
}

/** "1 página" / "3 páginas". */
export function countText(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}
