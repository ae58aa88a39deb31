import { BarChart } from "~/components/bar-chart";
import { SURVEY_SCALE, type SurveyGrade } from "./survey";

const percent = new Intl.NumberFormat("es-MX", { style: "percent", maximumFractionDigits: 0 });
const count = new Intl.NumberFormat("es-MX");

/** "12 (60 %)": a count and its share of the answers. */
function figure(count: number, total: number): string {
  return total ? `${count} (${percent.format(count / total)})` : String(count);
}

/**
 * One closed question of the quality survey: its E/B/D answers as the staff bar chart
 * (app/components/bar-chart.tsx: inline SVG, role="img" with its title and description), then the
 * same figures as a table for whoever reads tables better than pictures. Scales to any width
 * (viewBox), so it never scrolls sideways at 320 px.
 */
export function SurveyQuestionChart({ number, prompt, counts }: { number: number; prompt: string; counts: Record<SurveyGrade, number> }) {
  const total = counts.E + counts.B + counts.D;
  const summary = SURVEY_SCALE.map((s) => `${s.label}: ${figure(counts[s.value], total)}`).join("; ");
  return (
    <figure className="survey-chart">
      <figcaption>
        {number}. {prompt}
      </figcaption>
      <BarChart
        title={`Pregunta ${number}: ${total} ${total === 1 ? "respuesta" : "respuestas"}`}
        description={summary}
        series={[{ key: "answers", label: "Respuestas", className: "bar-chart__bar--a" }]}
        rows={SURVEY_SCALE.map((scale) => ({ key: scale.value, label: scale.label, values: { answers: counts[scale.value] } }))}
        format={(value) => figure(value, total)}
        tickFormat={(value) => (Number.isInteger(value) ? count.format(value) : "")}
        labelWidth={96}
      />
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
