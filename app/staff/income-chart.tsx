import { BarChart, niceMaximum } from "~/components/bar-chart";
import { StaffTable } from "~/components/staff-table";
import { formatCalendarMonth, formatSignedMoney } from "~/finance/finance-labels";

/** One month of the dashboard's income chart (centavos; 'YYYY-MM' in Mexico City). */
export interface IncomeMonth {
  month: string;
  coursesCentavos: number;
  donationsCentavos: number;
  refundsCentavos: number;
}

const SERIES = [
  { key: "coursesCentavos", label: "Cursos", className: "income-chart__bar--cursos" },
  { key: "donationsCentavos", label: "Donativos", className: "income-chart__bar--donativos" },
  { key: "refundsCentavos", label: "Reembolsos", className: "income-chart__bar--reembolsos" },
] as const;

type SeriesKey = (typeof SERIES)[number]["key"];

const compactMxn = new Intl.NumberFormat("es-MX", {
  style: "currency",
  currency: "MXN",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/**
 * Income by month as the staff bar chart (app/components/bar-chart.tsx), with the exact figures
 * in the table below it.
 */
export function IncomeChart({ months }: { months: readonly IncomeMonth[] }) {
  const first = months[0];
  const last = months[months.length - 1];
  // The axis in whole pesos (at least $1), drawn in centavos.
  const top = niceMaximum(Math.max(0, ...months.flatMap((m) => [m.coursesCentavos, m.donationsCentavos, m.refundsCentavos])) / 100) * 100;
  return (
    <BarChart<SeriesKey>
      className="income-chart"
      testId="income-chart"
      title="Ingresos por mes"
      description={
        first && last
          ? `Barras horizontales de ${formatCalendarMonth(first.month)} a ${formatCalendarMonth(last.month)}: cursos, donativos y reembolsos de cada mes. Las cifras exactas están en la tabla siguiente.`
          : "Sin meses que mostrar."
      }
      series={SERIES}
      rows={months.map((month) => ({
        key: month.month,
        label: formatCalendarMonth(month.month),
        shortLabel: formatCalendarMonth(month.month, "short"),
        values: { coursesCentavos: month.coursesCentavos, donationsCentavos: month.donationsCentavos, refundsCentavos: month.refundsCentavos },
      }))}
      top={top}
      format={formatSignedMoney}
      tickFormat={(centavos) => compactMxn.format(centavos / 100)}
    />
  );
}

/** The chart's exact figures, one row per month (oldest first, like the chart). */
export function IncomeTable({ months }: { months: readonly IncomeMonth[] }) {
  return (
    <StaffTable
      caption="Ingresos por mes, últimos 12 meses"
      hideCaption
      testId="income-table"
      columns={["Mes", "Cursos", "Donativos", "Reembolsos", "Neto"]}
    >
      {months.map((month) => (
        <tr key={month.month}>
          <th scope="row">{formatCalendarMonth(month.month)}</th>
          <td>{formatSignedMoney(month.coursesCentavos)}</td>
          <td>{formatSignedMoney(month.donationsCentavos)}</td>
          <td>{formatSignedMoney(month.refundsCentavos)}</td>
          <td>{formatSignedMoney(month.coursesCentavos + month.donationsCentavos - month.refundsCentavos)}</td>
        </tr>
      ))}
    </StaffTable>
  );
}
