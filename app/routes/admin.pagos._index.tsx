import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { Link, useLoaderData } from "@remix-run/react";
import { FilterInput, filterOptions, FilterSelect, ListFilters } from "~/components/list-filters";
import { listPageHref, Pagination } from "~/components/pagination";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import {
  formatCalendarMonth,
  formatSignedMoney,
  LEDGER_KIND_LABELS,
  LEDGER_PURPOSE_LABELS,
  LEDGER_PURPOSES,
  LEDGER_STATUS_LABELS,
  LEDGER_STATUSES,
  ledgerFilterQuery,
  type LedgerFilters,
} from "~/finance/finance-labels";
import { listLedger, parseLedgerFilters, type LedgerTotal } from "~/finance/ledger.server";
import { requireStaff } from "~/staff/guard.server";
import { formatDay, formatInstant } from "~/staff/teaching/format";
import teachingStyles from "~/styles/teaching.css";

/** The finance ledger: every peso in and out, with totals and export. Finance (and admin). */
export const staffAccess = staffAccessOf("routes/admin.pagos._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction = () => [{ title: "Pagos | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const { filters, notice } = parseLedgerFilters(new URL(request.url).searchParams);
  const result = await listLedger(db, filters);
  return { filters, notice, ...result };
}

const PURPOSE_OPTIONS = filterOptions(LEDGER_PURPOSES, (purpose) => LEDGER_PURPOSE_LABELS[purpose]);
const STATUS_OPTIONS = filterOptions(LEDGER_STATUSES, (status) => LEDGER_STATUS_LABELS[status]);

function pageHref(filters: LedgerFilters, page: number): string {
  return listPageHref("/admin/pagos", ledgerFilterQuery(filters, page > 1 ? { pagina: String(page) } : {}));
}

export default function Ledger() {
  const { filters, notice, lines, totals, pages, courses } = useLoaderData<typeof loader>();
  const exportHref = (format: "csv" | "xlsx") => `/admin/pagos/exportar?${ledgerFilterQuery(filters, { formato: format })}`;
  const courseOptions = courses.map((course) => ({ value: course.id, label: course.name }));
  const count = totals.all.lines;
  return (
    <div className="container page staff-page">
      <h1>Pagos</h1>
      <p>
        Cada movimiento de dinero: pagos con tarjeta aprobados o en verificación, pagos fuera de línea, reembolsos y donativos. Vea también{" "}
        <Link to="/admin/donativos">Donativos</Link> y <Link to="/admin/facturas">Solicitudes de factura</Link>.
      </p>
      <ListFilters label="Filtrar los pagos" resetHref="/admin/pagos">
        <FilterInput id="filtro-desde" name="desde" type="date" label="Desde" value={filters.from} />
        <FilterInput id="filtro-hasta" name="hasta" type="date" label="Hasta" value={filters.to} />
        <FilterSelect id="filtro-concepto" name="concepto" label="Concepto" value={filters.purpose} anyLabel="Todos" options={PURPOSE_OPTIONS} />
        <FilterSelect id="filtro-estado" name="estado" label="Estado" value={filters.status} anyLabel="Todos" options={STATUS_OPTIONS} />
        <FilterSelect id="filtro-curso" name="curso" label="Curso" value={filters.course} anyLabel="Todos" options={courseOptions} />
      </ListFilters>
      <p className="field__hint">
        Las fechas son de la Ciudad de México; «Hasta» incluye ese día completo. Sin fechas se muestra el mes en curso. Los pagos en verificación y
        los que tienen discrepancia se muestran, pero no se suman.
      </p>
      {notice ? <p className="staff-notice">{notice}</p> : null}

      <p role="status">
        {count === 0
          ? `No hay movimientos del ${formatDay(filters.from)} al ${formatDay(filters.to)} con estos filtros.`
          : `${count.toLocaleString("es-MX")} movimiento${count === 1 ? "" : "s"} del ${formatDay(filters.from)} al ${formatDay(filters.to)}: ` +
            `entradas ${formatSignedMoney(totals.all.moneyInCentavos)}, reembolsos ${formatSignedMoney(totals.all.refundsCentavos)}, ` +
            `neto ${formatSignedMoney(totals.all.netCentavos)}` +
            (totals.all.waitingCentavos > 0 ? `; en verificación ${formatSignedMoney(totals.all.waitingCentavos)}` : "") +
            `. Página ${filters.page} de ${pages}.`}
      </p>
      {count > 0 ? (
        <ul className="staff-actions" aria-label="Exportar los movimientos filtrados">
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

      {lines.length > 0 ? (
        <StaffTable
          caption="Movimientos, del más reciente al más antiguo"
          hideCaption
          testId="ledger-table"
          columns={["Persona", "Fecha", "Tipo", "Concepto", "Curso", "Estado", "Número de control o referencia", "Importe"]}
        >
          {lines.map((line) => (
            <tr key={line.key}>
              <th scope="row">
                <Link to={line.href}>{line.personName || "Sin nombre"}</Link>
              </th>
              <td>
                {line.paidOn ? (
                  <>
                    {formatDay(line.paidOn)}
                    <br />
                    <small>Registrado el {formatInstant(line.at)}</small>
                  </>
                ) : (
                  formatInstant(line.at)
                )}
              </td>
              <td>{LEDGER_KIND_LABELS[line.kind]}</td>
              <td>{LEDGER_PURPOSE_LABELS[line.purpose]}</td>
              <td>{line.courseName ?? "—"}</td>
              <td>
                {LEDGER_STATUS_LABELS[line.status]}
                {line.counted ? null : (
                  <>
                    <br />
                    <small>No se suma</small>
                  </>
                )}
              </td>
              <td>
                <code>{line.reference}</code>
              </td>
              <td>{formatSignedMoney(line.amountCentavos)}</td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      <Pagination label="Páginas de pagos" page={filters.page} pageCount={pages} hrefFor={(page) => pageHref(filters, page)} />

      {count > 0 ? (
        <>
          <h2 id="totales-mes">Totales por mes</h2>
          <TotalsTable
            caption="Totales por mes de los movimientos filtrados"
            period="Mes"
            rows={totals.months}
            label={(p) => formatCalendarMonth(p)}
          />
          <h2 id="totales-dia">Totales por día</h2>
          <TotalsTable caption="Totales por día de los movimientos filtrados" period="Día" rows={totals.days} label={(p) => formatDay(p)} />
        </>
      ) : null}
    </div>
  );
}

function TotalsTable({ caption, period, rows, label }: { caption: string; period: string; rows: LedgerTotal[]; label: (period: string) => string }) {
  return (
    <StaffTable caption={caption} hideCaption columns={[period, "Entradas", "Reembolsos", "Neto", "En verificación"]}>
      {rows.map((row) => (
        <tr key={row.period}>
          <th scope="row">{label(row.period)}</th>
          <td>{formatSignedMoney(row.moneyInCentavos)}</td>
          <td>{formatSignedMoney(row.refundsCentavos)}</td>
          <td>{formatSignedMoney(row.netCentavos)}</td>
          <td>{formatSignedMoney(row.waitingCentavos)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
