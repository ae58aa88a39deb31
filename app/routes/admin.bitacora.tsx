import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { db } from "~/db.server";
import { auditFilterOptions, listAuditEntries, parseAuditFilters, type AuditFilters } from "~/staff/audit-log.server";
import { requireStaff } from "~/staff/guard.server";
import { STAFF_ROLE_LABELS, type StaffAccess } from "~/staff/staff";
import { StaffTable } from "~/components/staff-table";

// The audit log: administrators only.
export const staffAccess = ["admin"] as const satisfies StaffAccess;

export const meta: MetaFunction = () => [{ title: "Bitácora | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

const dateTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "medium", timeZone: "America/Mexico_City" });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const filters = parseAuditFilters(new URL(request.url).searchParams);
  const [result, options] = await Promise.all([listAuditEntries(db, filters), auditFilterOptions(db)]);
  return { filters, ...result, options };
}

function pageHref(filters: AuditFilters, page: number): string {
  const params = new URLSearchParams();
  for (const key of ["actor", "entity", "action", "from", "to"] as const) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  params.set("page", String(page));
  return `/admin/bitacora?${params.toString()}`;
}

function prettyJson(value: string | null): string {
  if (value === null) return "";
  try {
    return JSON.stringify(JSON.parse(value), null, 2);
  } catch {
    return value;
  }
}

export default function AuditLogPage() {
  const { filters, rows, total, pages, options } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Bitácora</h1>
      <p>Cada cambio hecho por el personal: quién, con qué función, qué registro, antes y después. No se puede modificar ni borrar.</p>

      <Form method="get" className="form staff-filters" aria-label="Filtrar la bitácora">
        <div className="field">
          <label htmlFor="filtro-actor" className="field__label">
            Persona
          </label>
          <select id="filtro-actor" name="actor" defaultValue={filters.actor === undefined ? "" : String(filters.actor)}>
            <option value="">Todas</option>
            <option value="cli">Línea de comandos</option>
            {options.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name} ({actor.email})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-registro" className="field__label">
            Tipo de registro
          </label>
          <select id="filtro-registro" name="entity" defaultValue={filters.entity ?? ""}>
            <option value="">Todos</option>
            {options.entities.map((entity) => (
              <option key={entity} value={entity}>
                {entity}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-accion" className="field__label">
            Acción
          </label>
          <select id="filtro-accion" name="action" defaultValue={filters.action ?? ""}>
            <option value="">Todas</option>
            {options.actions.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-desde" className="field__label">
            Desde
          </label>
          <input id="filtro-desde" name="from" type="date" defaultValue={filters.from ?? ""} className="field__input" />
        </div>
        <div className="field">
          <label htmlFor="filtro-hasta" className="field__label">
            Hasta
          </label>
          <input id="filtro-hasta" name="to" type="date" defaultValue={filters.to ?? ""} className="field__input" />
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          <Link to="/admin/bitacora">Quitar filtros</Link>
        </div>
      </Form>

      <p role="status">
        {total === 0
          ? "No hay registros con estos filtros."
          : `${total.toLocaleString("es-MX")} registro${total === 1 ? "" : "s"}; página ${filters.page} de ${pages}.`}
      </p>
      {rows.length > 0 ? (
        <StaffTable
          caption="Registros de la bitácora, del más reciente al más antiguo"
          hideCaption
          testId="audit-table"
          columns={["Fecha y hora", "Quién", "Acción", "Registro", "Antes", "Después", "Folio de la solicitud"]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{dateTime.format(new Date(row.createdAt))}</td>
              <td>
                {row.actorEmail ? (
                  <>
                    {row.actorName ?? row.actorEmail}
                    <br />
                    <small>
                      {row.actorEmail} · {row.actorRole ? STAFF_ROLE_LABELS[row.actorRole] : ""}
                    </small>
                  </>
                ) : (
                  "Línea de comandos"
                )}
              </td>
              <td>{row.action}</td>
              <td>
                {row.entity}
                {row.entityId ? ` #${row.entityId}` : ""}
              </td>
              <td>{row.before ? <pre>{prettyJson(row.before)}</pre> : "—"}</td>
              <td>{row.after ? <pre>{prettyJson(row.after)}</pre> : "—"}</td>
              <td>{row.requestId ? <code>{row.requestId}</code> : "—"}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Páginas de la bitácora">
          <ul className="pagination">
            {filters.page > 1 ? (
              <li>
                <Link to={pageHref(filters, filters.page - 1)}>Página anterior</Link>
              </li>
            ) : null}
            {filters.page < pages ? (
              <li>
                <Link to={pageHref(filters, filters.page + 1)}>Página siguiente</Link>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
