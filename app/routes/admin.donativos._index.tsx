import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { Link, useLoaderData } from "@remix-run/react";
import { FilterInput, filterOptions, FilterSelect, ListFilters } from "~/components/list-filters";
import { listPageHref, Pagination } from "~/components/pagination";
import { StaffTable } from "~/components/staff-table";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { listDonations, parseDonationFilters } from "~/finance/donations-admin.server";
import {
  DONATION_LIST_STATE_LABELS,
  DONATION_LIST_STATES,
  donationFilterQuery,
  INVOICE_PRESENCE,
  INVOICE_PRESENCE_LABELS,
  type DonationListFilters,
} from "~/finance/finance-labels";
import { requireStaff } from "~/staff/guard.server";
import { formatInstant } from "~/staff/teaching/format";
import teachingStyles from "~/styles/teaching.css";

/** Donations: finance (and admin). */
export const staffAccess = staffAccessOf("routes/admin.donativos._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction = () => [{ title: "Donativos | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const filters = parseDonationFilters(new URL(request.url).searchParams);
  const result = await listDonations(db, filters);
  return { filters, ...result };
}

const STATUS_OPTIONS = filterOptions(DONATION_LIST_STATES, (state) => DONATION_LIST_STATE_LABELS[state]);
const INVOICE_OPTIONS = filterOptions(INVOICE_PRESENCE, (value) => INVOICE_PRESENCE_LABELS[value]);

function pageHref(filters: DonationListFilters, page: number): string {
  return listPageHref("/admin/donativos", donationFilterQuery(filters, page > 1 ? { pagina: String(page) } : {}));
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
      <ListFilters label="Filtrar los donativos" resetHref="/admin/donativos">
        <FilterSelect id="filtro-estado" name="estado" label="Estado" value={filters.status} anyLabel="Todos" options={STATUS_OPTIONS} />
        <FilterInput id="filtro-desde" name="desde" type="date" label="Desde" value={filters.from} />
        <FilterInput id="filtro-hasta" name="hasta" type="date" label="Hasta" value={filters.to} />
        <FilterSelect
          id="filtro-factura"
          name="factura"
          label="Factura"
          value={filters.invoice}
          anyLabel="Con o sin solicitud"
          options={INVOICE_OPTIONS}
        />
      </ListFilters>
      <p className="field__hint">Las fechas son de la Ciudad de México; «Hasta» incluye ese día completo.</p>

      <p role="status">
        {total === 0
          ? "No hay donativos con estos filtros."
          : `${total.toLocaleString("es-MX")} donativo${total === 1 ? "" : "s"}; aprobados por ${formatMoney(approvedCentavos)}, descontados los reembolsos. Página ${filters.page} de ${pages}.`}
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
              <td>{DONATION_LIST_STATE_LABELS[row.listState]}</td>
              <td>{invoiceText(row)}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      <Pagination label="Páginas de donativos" page={filters.page} pageCount={pages} hrefFor={(page) => pageHref(filters, page)} />
    </div>
  );
}
