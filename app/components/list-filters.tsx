import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The filter bar above a staff list (cursos, estudiantes, bitácora…): a GET form, so the filters
 * live in the URL (bookmarkable, work without JavaScript) and the loader reads them back with
 * `url.searchParams`. Each filter is one labelled control; the loader's parsed value goes back in
 * as `value`, so the form shows what the list is filtered by.
 *
 *   <ListFilters label="Buscar y filtrar cursos">
 *     <FilterInput id="q" label="Buscar por nombre" value={filters.q} />
 *     <FilterSelect id="mes" label="Mes" value={filters.month} anyLabel="Todos" options={…} />
 *   </ListFilters>
 */
export function ListFilters({
  label,
  resetHref,
  className,
  children,
}: {
  /** The form's accessible name (aria-label), e.g. "Buscar y filtrar cursos". */
  label: string;
  /** When given, a "Quitar filtros" link to this path (the list without filters) sits beside the button. */
  resetHref?: string;
  /** Extra classes besides `staff-filters`. */
  className?: string;
  /** The filter controls: FilterSelect, FilterInput or any other labelled field. */
  children: ReactNode;
}) {
  const button = (
    <button type="submit" className="button">
      Filtrar
    </button>
  );
  return (
    <Form method="get" className={[className, "staff-filters"].filter(Boolean).join(" ")} aria-label={label}>
      {children}
      {resetHref ? (
        <div className="form-actions">
          {button}
          <Link to={resetHref}>Quitar filtros</Link>
        </div>
      ) : (
        button
      )}
    </Form>
  );
}

export interface FilterOption {
  value: string | number;
  label: ReactNode;
}

/** The choices of a FilterSelect: each value with its label (by default the value itself). */
export function filterOptions<Value extends string | number>(
  values: readonly Value[],
  label: (value: Value) => ReactNode = (value) => value,
): FilterOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/**
 * A labelled `<select>` whose first, empty choice means "no filter" (`anyLabel`: "Todos",
 * "Todas", "Cualquier estado"…); the loader reads an empty or unknown value as no filter.
 */
export function FilterSelect({
  id,
  name = id,
  label,
  value,
  anyLabel,
  options,
}: {
  /** The control's id (and its query parameter unless `name` is given). */
  id: string;
  /** The query parameter, when it differs from the id. */
  name?: string;
  label: ReactNode;
  /** The current filter as the loader parsed it; null/undefined selects `anyLabel`. */
  value: string | number | null | undefined;
  anyLabel: string;
  options: readonly FilterOption[];
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="field__select">
        <option value="">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled text search (`type="search"`, the default) or date (`type="date"`) filter. */
export function FilterInput({
  id,
  name = id,
  label,
  value,
  type = "search",
}: {
  id: string;
  name?: string;
  label: ReactNode;
  value: string | null | undefined;
  type?: "search" | "date";
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} name={name} type={type} defaultValue={value ?? ""} className="field__input" />
    </div>
  );
}
