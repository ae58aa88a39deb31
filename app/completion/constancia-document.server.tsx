import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { siteUrl } from "~/config.server";
import { formatCourseDates, loadInlineAssets, verificationQrSvg } from "~/enrolment/access-document.server";
import { renderPdf } from "~/pdf/pdf.server";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import { CONSTANCIA_KIND_LABELS, constanciaVerificationPath } from "./constancia-folio";
import type { ConstanciaFacts } from "./constancia-view.server";

/**
 * The constancia's PDF (A4 landscape): the hospital's identity, the participant's name as
 * registered when issued, the course, its dates and hours, the kind, the grade for acreditación,
 * the signatories, the folio and a QR code of its verification page. React rendered to static
 * markup (every value escaped), everything inlined: the PDF renderer fetches nothing.
 */

const GUINDA = "#611232";
const DORADO = "#bc955c";

const STYLES = `
@page { size: A4 landscape; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Montserrat", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #1f1f1f; line-height: 1.4; }
.frame { border: 3px solid ${GUINDA}; outline: 1px solid ${DORADO}; outline-offset: -8px; padding: 14mm 16mm; min-height: 170mm; position: relative; }
.header { display: flex; align-items: center; gap: 14px; border-bottom: 3px solid ${DORADO}; padding-bottom: 8px; }
.header img { width: 60px; height: 60px; }
.header .name { font-size: 15pt; font-weight: 700; margin: 0; color: ${GUINDA}; }
.header .unit { font-size: 9pt; margin: 2px 0 0; color: #555; }
h1 { text-align: center; color: ${GUINDA}; font-size: 22pt; margin: 14px 0 4px; text-transform: uppercase; letter-spacing: 0.05em; }
.to { text-align: center; margin: 6px 0 0; }
.participant { text-align: center; font-size: 20pt; font-weight: 700; margin: 6px 0 8px; overflow-wrap: anywhere; }
.body { text-align: center; margin: 0 20mm; }
.course { font-weight: 700; }
.signatories { display: flex; justify-content: space-around; gap: 12mm; margin-top: 18mm; }
.signatory { text-align: center; min-width: 55mm; border-top: 1px solid #333; padding-top: 4px; }
.signatory .who { font-weight: 700; margin: 0; }
.signatory .title { margin: 0; font-size: 9pt; color: #444; }
.footer { display: flex; justify-content: space-between; align-items: flex-end; margin-top: 10mm; font-size: 8.5pt; color: #444; }
.qr svg { width: 30mm; height: 30mm; display: block; }
.verify { display: flex; gap: 8px; align-items: flex-end; }
.verify p { margin: 0 0 2px; }
.url { overflow-wrap: anywhere; max-width: 90mm; }
a { color: ${GUINDA}; }
.folio { font-weight: 700; color: ${GUINDA}; letter-spacing: 0.03em; }
`;

const issuedFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: MEXICO_CITY_TIME_ZONE });

function ConstanciaDocument({
  facts,
  url,
  qrSvg,
  fontFaces,
  logoDataUrl,
}: {
  facts: ConstanciaFacts;
  url: string;
  qrSvg: string;
  fontFaces: string;
  logoDataUrl: string;
}) {
  const acreditacion = facts.kind === "acreditacion";
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <title>{`${CONSTANCIA_KIND_LABELS[facts.kind]} — ${facts.courseName}`}</title>
        <style dangerouslySetInnerHTML={{ __html: fontFaces + STYLES }} />
      </head>
      <body>
        <div className="frame">
          <header className="header">
            <img src={logoDataUrl} alt="" width={60} height={60} />
            <div>
              <p className="name">Hospital Infantil de México Federico Gómez</p>
              <p className="unit">Instituto Nacional de Salud · Dirección de Enseñanza y Desarrollo Académico</p>
            </div>
          </header>
          <h1>{CONSTANCIA_KIND_LABELS[facts.kind]}</h1>
          <p className="to">Se otorga a</p>
          <p className="participant">{facts.participantName}</p>
          <p className="body">
            {acreditacion ? "por haber acreditado el curso " : "por su asistencia al curso "}
            <span className="course">«{facts.courseName}»</span>, impartido {lowerFirst(formatCourseDates(facts.startDate, facts.finishDate))}, con
            una duración de {facts.hours} {facts.hours === 1 ? "hora" : "horas"}
            {acreditacion && facts.grade !== null ? `, con calificación de ${facts.grade} sobre 100` : ""}.
          </p>
          <div className="signatories">
            {facts.signatories.map((signatory, index) => (
              <div className="signatory" key={index}>
                <p className="who">{signatory.name}</p>
                <p className="title">{signatory.title}</p>
              </div>
            ))}
          </div>
          <VerifiableFooter facts={facts} what="esta constancia" url={url} qrSvg={qrSvg} />
        </div>
      </body>
    </html>
  );
}

/**
 * The footer of a document verified by its folio (a constancia, a yearly transcript): its folio and
 * issue date (and a note), then «Verifique … en:» with the verification address and its QR code.
 */
export function VerifiableFooter({
  facts,
  what,
  note,
  url,
  qrSvg,
}: {
  facts: { folio: string; issuedAt: string };
  what: string;
  note?: string;
  url: string;
  qrSvg: string;
}) {
  return (
    <footer className="footer">
      <div>
        <p>
          Folio: <span className="folio">{facts.folio}</span>
        </p>
        <p>Emitida el {issuedFormat.format(new Date(facts.issuedAt))}, Ciudad de México.</p>
        {note ? <p>{note}</p> : null}
      </div>
      <div className="verify">
        <div>
          <p>{`Verifique ${what} en:`}</p>
          <p className="url">
            <a href={url}>{url}</a>
          </p>
        </div>
        {/* SVG made by the qrcode library from the URL: paths only. */}
        <div className="qr" dangerouslySetInnerHTML={{ __html: qrSvg }} />
      </div>
    </footer>
  );
}

/** "Del 1 de…" → "del 1 de…" inside a sentence; a single day reads "el 1 de…". */
function lowerFirst(dates: string): string {
  return dates.startsWith("Del ") ? `d${dates.slice(1)}` : `el ${dates}`;
}

/** The full address the QR code carries. */
export function constanciaVerificationUrl(folio: string, origin?: string): string {
  return siteUrl(constanciaVerificationPath(folio), origin);
}

/** What a document verified by its folio is drawn with: its verification address, that address's QR, the fonts and logo inline. */
export interface VerifiableParts {
  url: string;
  qrSvg: string;
  fontFaces: string;
  logoDataUrl: string;
}

/** The HTML of a document verified at /verificar/constancia/{folio} (a constancia, a yearly transcript). */
export async function verifiableDocumentHtml(
  folio: string,
  origin: string | undefined,
  draw: (parts: VerifiableParts) => ReactElement,
): Promise<string> {
  const url = constanciaVerificationUrl(folio, origin);
  const qrSvg = await verificationQrSvg(url);
  const { fontFaces, logoDataUrl } = loadInlineAssets();
  return `<!DOCTYPE html>${renderToStaticMarkup(draw({ url, qrSvg, fontFaces, logoDataUrl }))}`;
}

export function renderConstanciaHtml(facts: ConstanciaFacts, origin?: string): Promise<string> {
  return verifiableDocumentHtml(facts.folio, origin, (parts) => <ConstanciaDocument facts={facts} {...parts} />);
}

/** The constancia as a one-page A4 landscape PDF. */
export async function renderConstanciaPdf(facts: ConstanciaFacts, origin?: string): Promise<Buffer> {
  return renderPdf(await renderConstanciaHtml(facts, origin), {
    format: "A4",
    landscape: true,
    margin: { top: "10mm", right: "10mm", bottom: "10mm", left: "10mm" },
  });
}
