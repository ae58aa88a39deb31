import { constanciaYear, TRANSCRIPT_TITLE, transcriptPdfPath } from "./transcript-folio";

/**
 * /profile's «Constancia anual de educación continua»: one PDF link per year in which the
 * participant has standing constancias (the year their course ended); nothing when there is none.
 */
export function AnnualTranscriptLinks({ constancias }: { constancias: readonly { finishDate: string }[] }) {
  const years = [...new Set(constancias.map((constancia) => constanciaYear(constancia.finishDate)))].sort((a, b) => b - a);
  if (years.length === 0) return null;
  return (
    <section aria-labelledby="constancia-anual" className="container page">
      <h2 id="constancia-anual">{TRANSCRIPT_TITLE}</h2>
      <p>Todas sus constancias de un año y el total de horas, con su propio folio verificable.</p>
      <ul>
        {years.map((year) => (
          <li key={year}>
            <a href={transcriptPdfPath(year)} download>
              Descargar la constancia anual {year} (PDF)
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
