import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { listDonations, parseDonationFilters } from "~/finance/donations-admin.server";
import {
  DONATION_STATUS_LABELS,
  DONATION_STATUSES,
  donationFilterQuery,
  INVOICE_PRESENCE,
  INVOICE_PRESENCE_LABELS,
  type DonationListFilters,
} from "~/finance/finance-labels";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { formatInstant } from "~/staff/teaching/format";
import teachingStyles from "~/styles/teaching.css";

/** Donations: finance (and admin). */
export const staffAccess = ["finanzas"] as const satisfies StaffAccess;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction = () => [{ title: "Donativos | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const filters = parseDonationFilters(new URL(request.url).searchParams);
  const result = await listDonations(db, filters);
  return { filters, ...result };
}

function pageHref(filters: DonationListFilters, page: number): string {
  return `/admin/donativos?${donationFilterQuery(filters, { pagina: String(page) })}`;
}

function invoiceText(row: { invoiceRequestId: number | null; cfdiFolio: string | null }): string {
  if (row.invoiceRequestId === null) return "No solicitada";
  return row.cfdiFolio ? `Facturada (${row.cfdiFolio})` : "Solicitada, pendiente";
}

export default function DonationsList() {
  const { filters, rows, total, pages, approvedCentavos } = useLoaderData<typeof loader>();
  const exportHref = (format: "csv" | "xlsx") => `/admin/donativos/exportar?${donationFilterQuery(filters, { formato: format })}`;
  return (
    <div className="container page staff-page">
      <h1>Donativos</h1>
      <p>
        <Link to="/admin/facturas">Solicitudes de factura</Link>
      </p>
      <Form method="get" className="staff-filters" aria-label="Filtrar los donativos">
        <div className="field">
          <label htmlFor="filtro-estado" className="field__label">
            Estado
          </label>
          <select id="filtro-estado" name="estado" defaultValue={filters.status ?? ""} className="field__select">
            <option value="">Todos</option>
            {DONATION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {DONATION_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filtro-desde" className="field__label">
            Desde
          </label>
          <input id="filtro-desde" name="desde" type="date" defaultValue={filters.from ?? ""} className="field__input" />
        </div>
        <div className="field">
          <label htmlFor="filtro-hasta" className="field__label">
            Hasta
          </label>
          <input id="filtro-hasta" name="hasta" type="date" defaultValue={filters.to ?? ""} className="field__input" />
        </div>
        <div className="field">
          <label htmlFor="filtro-factura" className="field__label">
            Factura
          </label>
          <select id="filtro-factura" name="factura" defaultValue={filters.invoice ?? ""} className="field__select">
            <option value="">Con o sin solicitud</option>
            {INVOICE_PRESENCE.map((value) => (
              <option key={value} value={value}>
                {INVOICE_PRESENCE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className="form-actions">
          <button type="submit" className="button">
            Filtrar
          </button>
          <Link to="/admin/donativos">Quitar filtros</Link>
        </div>
      </Form>
      <p className="field__hint">Las fechas son de la Ciudad de México; «Hasta» incluye ese día completo.</p>

      <p role="status">
        {total === 0
          ? "No hay donativos con estos filtros."
          : `${total.toLocaleString("es-MX")} donativo${total === 1 ? "" : "s"}; aprobados por ${formatMoney(approvedCentavos)}. Página ${filters.page} de ${pages}.`}
      </p>
      {total > 0 ? (
        <ul className="staff-actions" aria-label="Exportar la lista filtrada">
          <li>
            <a href={exportHref("csv")} download>
              Exportar CSV
            </a>
          </li>
          <li>
            <a href={exportHref("xlsx")} download>
              Exportar XLSX
            </a>
          </li>
        </ul>
      ) : null}
      {rows.length > 0 ? (
        <StaffTable
          caption="Donativos, del más reciente al más antiguo"
          hideCaption
          testId="donations-table"
          columns={["Donante", "Fecha", "Importe", "Número de control", "Estado", "Factura"]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/admin/donativos/${row.id}`}>{row.donorName}</Link>
                <br />
                <small>{row.donorEmail}</small>
              </th>
              <td>{formatInstant(row.createdAt)}</td>
              <td>{formatMoney(row.amountCentavos)}</td>
              <td>
                <code>{row.controlNumber}</code>
              </td>
              <td>{DONATION_STATUS_LABELS[row.status]}</td>
              <td>{invoiceText(row)}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      {pages > 1 ? (
        <nav aria-label="Páginas de donativos">
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
