import { ANNUAL_TRANSCRIPT_ANCHOR, constanciaYear, TRANSCRIPT_TITLE, transcriptPdfPath } from "./transcript-folio";

/**
 * /profile's «Constancia anual de educación continua»: one «Generar» form per year in which the
 * participant has standing constancias (the year their course ended); nothing when there is none.
 * The form posts (a GET never issues, issue 23): the transcript is issued, or the frozen one kept
 * while its list stands, and the PDF downloads. A plain form, so the download works without
 * JavaScript and the page stays.
 */
export function AnnualTranscriptLinks({ constancias }: { constancias: readonly { finishDate: string }[] }) {
  const years = [...new Set(constancias.map((constancia) => constanciaYear(constancia.finishDate)))].sort((a, b) => b - a);
  if (years.length === 0) return null;
  return (
    <section aria-labelledby={ANNUAL_TRANSCRIPT_ANCHOR} className="container page">
      <h2 id={ANNUAL_TRANSCRIPT_ANCHOR}>{TRANSCRIPT_TITLE}</h2>
      <p>
        Todas sus constancias de un año y el total de horas, con su propio folio verificable. Si sus constancias del año cambian, genérela de nuevo:
        la anterior queda reemplazada.
      </p>
      <ul>
        {years.map((year) => (
          <li key={year}>
            <form method="post" action={transcriptPdfPath(year)}>
              <button type="submit">{`Generar la constancia anual ${year} (PDF)`}</button>
            </form>
          </li>
        ))}
      </ul>
    </section>
  );
}
