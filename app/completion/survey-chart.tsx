import { useId } from "react";
import { SURVEY_SCALE, type SurveyGrade } from "./survey";

const percent = new Intl.NumberFormat("es-MX", { style: "percent", maximumFractionDigits: 0 });
const COLOURS: Record<SurveyGrade, string> = { E: "#1f6f43", B: "#2c5d8f", D: "#9b2c2c" };

/** "12 (60 %)": a count and its share of the answers. */
function figure(count: number, total: number): string {
  return total ? `${count} (${percent.format(count / total)})` : String(count);
}

/**
 * One closed question of the quality survey: a horizontal bar chart of its E/B/D answers drawn on
 * the server as inline SVG (role="img" with its title and description), then the same figures as
 * a table for whoever reads tables better than pictures. Scales to any width (viewBox), so it
 * never scrolls sideways at 320 px.
 */
export function SurveyQuestionChart({ number, prompt, counts }: { number: number; prompt: string; counts: Record<SurveyGrade, number> }) {
  const id = useId();
  const total = counts.E + counts.B + counts.D;
  const max = Math.max(1, counts.E, counts.B, counts.D);
  const summary = SURVEY_SCALE.map((s) => `${s.label}: ${figure(counts[s.value], total)}`).join("; ");
  const barStart = 118;
  const barRoom = 200;
  return (
    <figure className="survey-chart">
      <figcaption id={`${id}-caption`}>
        {number}. {prompt}
      </figcaption>
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox="0 0 360 96"
        width="100%"
        preserveAspectRatio="xMinYMin meet"
        className="survey-chart__svg"
      >
        <title id={`${id}-title`}>{`Pregunta ${number}: ${total} ${total === 1 ? "respuesta" : "respuestas"}`}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {SURVEY_SCALE.map((scale, index) => {
          const width = Math.round((counts[scale.value] / max) * barRoom);
          const y = 8 + index * 28;
          return (
            <g key={scale.value}>
              <text x="0" y={y + 15} fontSize="13" fill="#1a1a1a">
                {scale.label}
              </text>
              <rect x={barStart} y={y} width={Math.max(width, counts[scale.value] ? 2 : 0)} height="20" fill={COLOURS[scale.value]} />
              <text x={barStart + width + 6} y={y + 15} fontSize="13" fill="#1a1a1a">
                {figure(counts[scale.value], total)}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="survey-chart__table">
        <caption className="visually-hidden">Respuestas a la pregunta {number}</caption>
        <thead>
          <tr>
            <th scope="col">Calificación</th>
            <th scope="col">Respuestas</th>
          </tr>
        </thead>
        <tbody>
          {SURVEY_SCALE.map((s) => (
            <tr key={s.value}>
              <th scope="row">{s.label}</th>
              <td>{figure(counts[s.value], total)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">Total</th>
            <td>{total}</td>
          </tr>
        </tbody>
      </table>
    </figure>
  );
}
