import { useId } from "react";
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

// Drawn in a 320-unit-wide viewBox that the CSS scales to the column (width 100%): a phone at
// 320 px shows it about 1:1, so the 11–12 unit texts stay readable. Months run down the side
// (horizontal bars), which keeps twelve months legible on a narrow screen.
const WIDTH = 320;
const PLOT_LEFT = 66;
const PLOT_RIGHT = 310;
const TOP = 46;
const GROUP = 30;
const BAR = 7;

const compactMxn = new Intl.NumberFormat("es-MX", {
  style: "currency",
  currency: "MXN",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** A round top for the axis (1, 2, 2.5 or 5 × 10^n pesos), at least $1. */
function niceMaximum(centavos: number): number {
  const pesos = Math.max(1, centavos / 100);
  const magnitude = 10 ** Math.floor(Math.log10(pesos));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= pesos)!;
  return step * magnitude * 100;
}

/**
 * Income by month as a server-rendered SVG bar chart (no script, no inline style: colours come
 * from classes in admin.css), with the exact figures in the table below it.
 */
export function IncomeChart({ months }: { months: readonly IncomeMonth[] }) {
  const titleId = useId();
  const descId = useId();
  const top = niceMaximum(Math.max(0, ...months.flatMap((m) => [m.coursesCentavos, m.donationsCentavos, m.refundsCentavos])));
  const x = (centavos: number) => PLOT_LEFT + ((PLOT_RIGHT - PLOT_LEFT) * centavos) / top;
  const height = TOP + months.length * GROUP + 6;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const first = months[0];
  const last = months[months.length - 1];
  return (
    <div className="income-chart">
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        className="income-chart__svg"
        data-testid="income-chart"
      >
        <title id={titleId}>Ingresos por mes</title>
        <desc id={descId}>
          {first && last
            ? `Barras horizontales de ${formatCalendarMonth(first.month)} a ${formatCalendarMonth(last.month)}: cursos, donativos y reembolsos de cada mes. Las cifras exactas están en la tabla siguiente.`
            : "Sin meses que mostrar."}
        </desc>
        <g className="income-chart__legend">
          {SERIES.map((series, index) => (
            <g key={series.key} transform={`translate(${index * 96} 4)`}>
              <rect width="11" height="11" className={series.className} />
              <text x="16" y="10" className="income-chart__text">
                {series.label}
              </text>
            </g>
          ))}
        </g>
        <g className="income-chart__axis">
          {ticks.map((tick, index) => (
            <g key={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={TOP - 4} y2={height - 4} className="income-chart__grid" />
              <text
                x={x(tick)}
                y={TOP - 9}
                textAnchor={index === ticks.length - 1 ? "end" : index === 0 ? "start" : "middle"}
                className="income-chart__text income-chart__text--small"
              >
                {compactMxn.format(tick / 100)}
              </text>
            </g>
          ))}
        </g>
        {months.map((month, row) => {
          const y = TOP + row * GROUP;
          const name = formatCalendarMonth(month.month);
          return (
            <g key={month.month} data-month={month.month}>
              <text x={PLOT_LEFT - 6} y={y + 17} textAnchor="end" className="income-chart__text">
                {formatCalendarMonth(month.month, "short")}
              </text>
              {SERIES.map((series, index) => {
                const value = month[series.key];
                const width = value > 0 ? Math.max(1, x(value) - PLOT_LEFT) : 0;
                return (
                  <rect
                    key={series.key}
                    x={PLOT_LEFT}
                    y={y + 3 + index * (BAR + 1)}
                    width={width.toFixed(2)}
                    height={BAR}
                    className={series.className}
                    data-value={value}
                  >
                    <title>{`${name}, ${series.label.toLowerCase()}: ${formatSignedMoney(value)}`}</title>
                  </rect>
                );
              })}
            </g>
          );
        })}
      </svg>
    </div>
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
