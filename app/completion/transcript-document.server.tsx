import { formatCourseDates } from "~/enrolment/access-document.server";
import { renderPdf } from "~/pdf/pdf.server";
import { VerifiableFooter, verifiableDocumentHtml } from "./constancia-document.server";
import { CONSTANCIA_KIND_LABELS } from "./constancia-folio";
import { TRANSCRIPT_TITLE } from "./transcript-folio";
import type { TranscriptFacts } from "./transcript.server";

/**
 * The «Constancia anual de educación continua» as a PDF (A4 portrait): the hospital's identity, the
 * participant's name, one row per constancia of the year (course, dates, hours, kind, folio), the
 * total hours, its own folio and a QR code of its verification page. React rendered to static
 * markup (every value escaped), everything inlined: the PDF renderer fetches nothing.
 */

const GUINDA = "#611232";
const DORADO = "#bc955c";

const STYLES = `
@page { size: A4; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Montserrat", "Liberation Sans", Arial, sans-serif; font-size: 10pt; color: #1f1f1f; line-height: 1.4; }
.header { display: flex; align-items: center; gap: 14px; border-bottom: 3px solid ${DORADO}; padding-bottom: 8px; }
.header img { width: 56px; height: 56px; }
.header .name { font-size: 14pt; font-weight: 700; margin: 0; color: ${GUINDA}; }
.header .unit { font-size: 9pt; margin: 2px 0 0; color: #555; }
h1 { text-align: center; color: ${GUINDA}; font-size: 17pt; margin: 14px 0 2px; text-transform: uppercase; letter-spacing: 0.04em; }
.year { text-align: center; font-size: 13pt; margin: 0 0 10px; }
.participant { font-weight: 700; font-size: 13pt; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; margin-top: 8px; }
th, td { border-bottom: 1px solid #ccc; padding: 4px 5px; text-align: left; vertical-align: top; }
th { background: ${GUINDA}; color: #fff; font-weight: 700; }
td.hours, th.hours { text-align: right; white-space: nowrap; }
tfoot td { font-weight: 700; border-top: 2px solid ${GUINDA}; border-bottom: none; }
tr { break-inside: avoid; }
.folio-cell { font-size: 8pt; overflow-wrap: anywhere; }
.footer { display: flex; justify-content: space-between; align-items: flex-end; gap: 10mm; margin-top: 10mm; font-size: 8.5pt; color: #444; break-inside: avoid; }
.qr svg { width: 28mm; height: 28mm; display: block; }
.verify { display: flex; gap: 8px; align-items: flex-end; }
.verify p, .footer p { margin: 0 0 2px; }
.url { overflow-wrap: anywhere; max-width: 80mm; }
a { color: ${GUINDA}; }
.folio { font-weight: 700; color: ${GUINDA}; letter-spacing: 0.03em; }
`;

const hoursText = (hours: number) => `${hours} ${hours === 1 ? "hora" : "horas"}`;

function TranscriptDocument({
  facts,
  url,
  qrSvg,
  fontFaces,
  logoDataUrl,
}: {
  facts: TranscriptFacts;
  url: string;
  qrSvg: string;
  fontFaces: string;
  logoDataUrl: string;
}) {
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <title>{`${TRANSCRIPT_TITLE} ${facts.year}`}</title>
        <style dangerouslySetInnerHTML={{ __html: fontFaces + STYLES }} />
      </head>
      <body>
        <header className="header">
          <img src={logoDataUrl} alt="" width={56} height={56} />
          <div>
            <p className="name">Hospital Infantil de México Federico Gómez</p>
            <p className="unit">Instituto Nacional de Salud · Dirección de Enseñanza y Desarrollo Académico</p>
          </div>
        </header>
        <h1>{TRANSCRIPT_TITLE}</h1>
        <p className="year">Año {facts.year}</p>
        <p>
          Se hace constar que <span className="participant">{facts.participantName}</span> obtuvo en {facts.year} las siguientes constancias de cursos
          del Hospital, con un total de {hoursText(facts.totalHours)}:
        </p>
        <table>
          <thead>
            <tr>
              <th scope="col">Curso</th>
              <th scope="col">Fechas</th>
              <th scope="col" className="hours">
                Horas
              </th>
              <th scope="col">Tipo</th>
              <th scope="col">Folio</th>
            </tr>
          </thead>
          <tbody>
            {facts.entries.map((entry) => (
              <tr key={entry.folio}>
                <td>{entry.courseName}</td>
                <td>{formatCourseDates(entry.startDate, entry.finishDate)}</td>
                <td className="hours">{entry.hours}</td>
                <td>{CONSTANCIA_KIND_LABELS[entry.kind]}</td>
                <td className="folio-cell">{entry.folio}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={2}>Total</td>
              <td className="hours">{facts.totalHours}</td>
              <td colSpan={2}>{hoursText(facts.totalHours)}</td>
            </tr>
          </tfoot>
        </table>
        <VerifiableFooter
          facts={facts}
          what="esta constancia anual"
          note="Cada constancia listada puede verificarse también por su propio folio."
          url={url}
          qrSvg={qrSvg}
        />
      </body>
    </html>
  );
}

export function renderTranscriptHtml(facts: TranscriptFacts, origin?: string): Promise<string> {
  return verifiableDocumentHtml(facts.folio, origin, (parts) => <TranscriptDocument facts={facts} {...parts} />);
}

/** The transcript as an A4 portrait PDF (more pages when the year's list is long). */
export async function renderTranscriptPdf(facts: TranscriptFacts, origin?: string): Promise<Buffer> {
  return renderPdf(await renderTranscriptHtml(facts, origin), {
    format: "A4",
    margin: { top: "14mm", right: "14mm", bottom: "14mm", left: "14mm" },
  });
}
