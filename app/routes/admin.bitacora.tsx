import { problemMessages } from "~/actions/outcome";
import { staffAccessOf } from "~/staff/access-registry";
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FilterInput, FilterSelect, ListFilters } from "~/components/list-filters";
import { db } from "~/db.server";
import type { AuditChangeView, AuditEntryView, AuditValueView } from "~/staff/audit-entry";
import { auditFilterOptions, parseAuditQuery, readAuditPage, type AuditFilters } from "~/staff/audit-log.server";
import { requireStaff } from "~/staff/guard.server";
import auditStyles from "~/styles/audit-log.css";

// The audit log, in words (issues 21 and 22): administrators only.
export const staffAccess = staffAccessOf("routes/admin.bitacora");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: auditStyles }];

export const meta: MetaFunction = () => [{ title: "Bitácora | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const query = parseAuditQuery(new URL(request.url).searchParams);
  const options = await auditFilterOptions(db);
  if (!query.ok) return data({ filters: {} as AuditFilters, options, page: null, error: problemMessages(query).join(" ") }, { status: query.status });
  const page = await readAuditPage(db, query.filters, query.cursor);
  return { filters: query.filters, options, page, error: null };
}

/** This list's address with its filters and, for another page, a cursor. */
function pageHref(filters: AuditFilters, cursor?: { antes: string } | { despues: string }): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "entity", "action", "from", "to"] as const) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  if (cursor) for (const [key, value] of Object.entries(cursor)) params.set(key, value);
  const search = params.toString();
  return search ? `/admin/bitacora?${search}` : "/admin/bitacora";
}

const hasFilters = (filters: AuditFilters) => Object.values(filters).some((value) => value !== undefined);

export default function AuditLogPage() {
  const { filters, options, page, error } = useLoaderData<typeof loader>();
  return (
    <div className="container page audit-log">
      <h1>Bitácora</h1>
      <p>
        Cada cambio que hace el personal: quién, qué hizo, en qué registro y cuándo (hora de la Ciudad de México), con los datos que cambiaron. No se
        puede modificar ni borrar.
      </p>

      <ListFilters label="Filtrar la bitácora" className="form" resetHref="/admin/bitacora">
        <FilterSelect id="filtro-persona" name="actor" label="Persona" value={filters.actor} anyLabel="Todas" options={options.people} />
        <FilterSelect
          id="filtro-registro"
          name="entity"
          label="Tipo de registro"
          value={filters.entity}
          anyLabel="Todos"
          options={options.entities}
        />
        <div className="field">
          <label htmlFor="filtro-accion" className="field__label">
            Acción
          </label>
          <select id="filtro-accion" name="action" defaultValue={filters.action ?? ""} className="field__select">
            <option value="">Todas</option>
            {options.actionGroups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <FilterInput id="filtro-desde" name="from" type="date" label="Desde el día" value={filters.from} />
        <FilterInput id="filtro-hasta" name="to" type="date" label="Hasta el día" value={filters.to} />
      </ListFilters>

      {error !== null || page === null ? (
        <div className="notice notice--warning" role="alert">
          <p>{error}</p>
          <p>
            <Link to="/admin/bitacora">Ir a la primera página de la bitácora</Link>
          </p>
        </div>
      ) : (
        <>
          <p role="status">
            {page.entries.length === 0
              ? hasFilters(filters)
                ? "No hay entradas con estos filtros."
                : "La bitácora todavía no tiene entradas."
              : `${page.entries.length} ${page.entries.length === 1 ? "entrada" : "entradas"}${hasFilters(filters) ? " con estos filtros" : ""}, de la más reciente a la más antigua.`}
          </p>
          {page.entries.length > 0 ? (
            <ol className="audit-entries" data-testid="audit-entries">
              {page.entries.map((entry) => (
                <AuditEntry key={entry.id} entry={entry} />
              ))}
            </ol>
          ) : null}
          {page.newerCursor || page.olderCursor ? (
            <nav className="audit-pages" aria-label="Páginas de la bitácora">
              <ul>
                {page.newerCursor ? (
                  <>
                    <li>
                      <Link to={pageHref(filters)}>Lo más reciente</Link>
                    </li>
                    <li>
                      <Link to={pageHref(filters, { despues: page.newerCursor })} rel="prev">
                        <span aria-hidden="true">← </span>Más recientes
                      </Link>
                    </li>
                  </>
                ) : null}
                {page.olderCursor ? (
                  <li>
                    <Link to={pageHref(filters, { antes: page.olderCursor })} rel="next">
                      Anteriores<span aria-hidden="true"> →</span>
                    </Link>
                  </li>
                ) : null}
              </ul>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Changes shown at once; the rest behind «Ver … más», so one entry never fills the screen. */
const VISIBLE_CHANGES = 4;

function AuditEntry({ entry }: { entry: AuditEntryView }) {
  const visible = entry.changes.slice(0, VISIBLE_CHANGES);
  const hidden = entry.changes.slice(VISIBLE_CHANGES);
  return (
    <li className="audit-entry">
      <p className="audit-entry__when">
        <time dateTime={entry.createdAt}>{entry.when}</time>
      </p>
      <p className="audit-entry__sentence">
        <strong>{entry.who}</strong>
        {entry.role ? ` (${entry.role})` : ""} {entry.verb}
        {entry.record ? <> {entry.record.href ? <Link to={entry.record.href}>{entry.record.text}</Link> : entry.record.text}</> : null}
        {entry.tail}.
      </p>
      {visible.length > 0 ? <ChangeList changes={visible} /> : null}
      {hidden.length > 0 ? (
        <details className="audit-entry__more">
          <summary>
            Ver {hidden.length} {hidden.length === 1 ? "dato más" : "datos más"}
          </summary>
          <ChangeList changes={hidden} />
        </details>
      ) : null}
      {entry.raw || entry.requestId ? (
        <details className="audit-entry__raw">
          <summary>Datos técnicos</summary>
          {entry.requestId ? (
            <p>
              Folio de la solicitud: <code>{entry.requestId}</code>
            </p>
          ) : null}
          {entry.raw ? <pre>{entry.raw}</pre> : null}
        </details>
      ) : null}
    </li>
  );
}

function ChangeList({ changes }: { changes: AuditChangeView[] }) {
  return (
    <ul className="audit-changes">
      {changes.map((change, index) => (
        <li key={index}>
          <span className="audit-changes__field">{change.field}:</span>{" "}
          {change.before && change.after ? (
            <>
              <Value value={change.before} className="audit-value--before" /> <span aria-hidden="true">→</span>
              <span className="visually-hidden">cambió a</span> <Value value={change.after} />
            </>
          ) : change.after ? (
            <Value value={change.after} />
          ) : change.before ? (
            <>
              <Value value={change.before} className="audit-value--before" /> <span className="audit-changes__note">(antes)</span>
            </>
          ) : null}
          {change.before?.full || change.after?.full ? (
            <details className="audit-changes__full">
              <summary>Ver el texto completo</summary>
              {change.before?.full ? (
                <>
                  {change.after ? <p className="audit-changes__side">Antes:</p> : null}
                  <div className="audit-full">{change.before.full}</div>
                </>
              ) : null}
              {change.after?.full ? (
                <>
                  {change.before ? <p className="audit-changes__side">Después:</p> : null}
                  <div className="audit-full">{change.after.full}</div>
                </>
              ) : null}
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Value({ value, className }: { value: AuditValueView; className?: string }) {
  return <span className={["audit-value", className].filter(Boolean).join(" ")}>{value.text}</span>;
}
