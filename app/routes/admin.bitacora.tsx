import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/db.server";
import { auditFilterOptions, listAuditEntries, parseAuditFilters, type AuditFilters } from "~/staff/audit-log.server";
import { requireStaff } from "~/staff/guard.server";
import { STAFF_ROLE_LABELS, type StaffAccess } from "~/staff/staff";
import { StaffTable } from "~/components/staff-table";
import { FilterInput, filterOptions, FilterSelect, ListFilters } from "~/components/list-filters";
import { listPageHref, Pagination } from "~/components/pagination";

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
  if (page > 1) params.set("page", String(page));
  return listPageHref("/admin/bitacora", params);
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
  const actorOptions = [
    { value: "cli", label: "Línea de comandos" },
    ...options.actors.map((actor) => ({ value: actor.id, label: `${actor.name} (${actor.email})` })),
  ];
  const entityOptions = filterOptions(options.entities);
  const actionOptions = filterOptions(options.actions);
  return (
    <div className="container page">
      <h1>Bitácora</h1>
      <p>Cada cambio hecho por el personal: quién, con qué función, qué registro, antes y después. No se puede modificar ni borrar.</p>

      <ListFilters label="Filtrar la bitácora" className="form" resetHref="/admin/bitacora">
        <FilterSelect id="filtro-actor" name="actor" label="Persona" value={filters.actor} anyLabel="Todas" options={actorOptions} />
        <FilterSelect id="filtro-registro" name="entity" label="Tipo de registro" value={filters.entity} anyLabel="Todos" options={entityOptions} />
        <FilterSelect id="filtro-accion" name="action" label="Acción" value={filters.action} anyLabel="Todas" options={actionOptions} />
        <FilterInput id="filtro-desde" name="from" type="date" label="Desde" value={filters.from} />
        <FilterInput id="filtro-hasta" name="to" type="date" label="Hasta" value={filters.to} />
      </ListFilters>

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
      <Pagination label="Páginas de la bitácora" page={filters.page} pageCount={pages} hrefFor={(page) => pageHref(filters, page)} />
    </div>
  );
}
