import { useId } from "react";

/** One series of a bar chart: its name in the legend and the class that colours its bars. */
export interface BarChartSeries<Key extends string = string> {
  key: Key;
  label: string;
  className: string;
}

/** One row of bars (a month, a course): its label, a short label for the axis, and one value per series. */
export interface BarChartRow<Key extends string = string> {
  key: string;
  label: string;
  shortLabel?: string;
  values: Record<Key, number>;
}

// Drawn in a 320-unit-wide viewBox that the CSS scales to the column (width 100%): a phone at
// 320 px shows it about 1:1, so the 11–12 unit texts stay readable. Rows run down the side
// (horizontal bars), which keeps twelve months or long course names legible on a narrow screen.
const WIDTH = 320;
/** Where the bars start by default: room for a short row label («mar 2026»). */
const LABEL_WIDTH = 66;
const PLOT_RIGHT = 310;
const TOP = 46;

/** A round top for the axis (1, 2, 2.5 or 5 × 10^n), at least `least`. */
export function niceMaximum(value: number, least = 1): number {
  const top = Math.max(least, value);
  const magnitude = 10 ** Math.floor(Math.log10(top));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * magnitude >= top)!;
  return step * magnitude;
}

/**
 * THE staff bar chart (the dashboard's income, enrolments, seats, documents and constancias):
 * horizontal bars drawn on the server as inline SVG (role="img" named by its title and
 * description; no script, no inline style: colours come from the series' classes), one group per
 * row. Every bar has its own <title> with the exact figure; the page shows the same figures as a
 * table beside it for whoever reads tables better than pictures.
 */
export function BarChart<Key extends string>({
  title,
  description,
  series,
  rows,
  format,
  tickFormat = format,
  top: givenTop,
  labelWidth = LABEL_WIDTH,
  className,
  testId,
}: {
  title: string;
  description: string;
  series: readonly BarChartSeries<Key>[];
  rows: readonly BarChartRow<Key>[];
  /** A value as the bars' titles say it («$3,800.00», «12»). */
  format: (value: number) => string;
  /** A value as the axis says it (shorter). */
  tickFormat?: (value: number) => string;
  /** The axis' top (default: a round number above the largest value). */
  top?: number;
  /** Room on the left for the rows' labels, in the 320-unit viewBox. */
  labelWidth?: number;
  className?: string;
  testId?: string;
}) {
  const titleId = useId();
  const descId = useId();
  const PLOT_LEFT = labelWidth;
  const bar = series.length >= 3 ? 7 : series.length === 2 ? 9 : 14;
  const group = 6 + series.length * (bar + 1);
  const top = givenTop ?? niceMaximum(Math.max(0, ...rows.flatMap((row) => series.map((s) => row.values[s.key]))));
  const x = (value: number) => PLOT_LEFT + ((PLOT_RIGHT - PLOT_LEFT) * value) / top;
  const height = TOP + rows.length * group + 6;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  return (
    <div className={className ? `bar-chart ${className}` : "bar-chart"}>
      <svg
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        className="bar-chart__svg"
        data-testid={testId}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <g className="bar-chart__legend">
          {series.map((s, index) => (
            <g key={s.key} transform={`translate(${index * Math.floor(WIDTH / Math.max(3, series.length))} 4)`}>
              <rect width="11" height="11" className={s.className} />
              <text x="16" y="10" className="bar-chart__text">
                {s.label}
              </text>
            </g>
          ))}
        </g>
        <g className="bar-chart__axis">
          {ticks.map((tick, index) => (
            <g key={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={TOP - 4} y2={height - 4} className="bar-chart__grid" />
              <text
                x={x(tick)}
                y={TOP - 9}
                textAnchor={index === ticks.length - 1 ? "end" : index === 0 ? "start" : "middle"}
                className="bar-chart__text bar-chart__text--small"
              >
                {tickFormat(tick)}
              </text>
            </g>
          ))}
        </g>
        {rows.map((row, index) => {
          const y = TOP + index * group;
          return (
            <g key={row.key} data-row={row.key}>
              <text x={PLOT_LEFT - 6} y={y + group / 2 + 2} textAnchor="end" className="bar-chart__text">
                {row.shortLabel ?? row.label}
              </text>
              {series.map((s, position) => {
                const value = row.values[s.key];
                const width = value > 0 ? Math.max(1, x(Math.min(value, top)) - PLOT_LEFT) : 0;
                return (
                  <rect
                    key={s.key}
                    x={PLOT_LEFT}
                    y={y + 3 + position * (bar + 1)}
                    width={width.toFixed(2)}
                    height={bar}
                    className={s.className}
                    data-value={value}
                  >
                    <title>{`${row.label}, ${s.label.toLowerCase()}: ${format(value)}`}</title>
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
