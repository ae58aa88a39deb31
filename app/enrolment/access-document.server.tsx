import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { formatCalendarDate } from "~/courses/catalogue";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatPrice } from "~/courses/pricing";
import { renderPdf } from "~/pdf/pdf.server";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import * as clock from "~/utils/clock.server";

/**
 * The access PDF a participant downloads once enrolled (issue 5, "After payment"): who, which
 * course and when, how to attend, what was paid, and a QR code to the verification page.
 *
 * The document is React rendered to static markup, so every value is escaped; the CSS, the
 * Montserrat font, the logo and the QR code are all inlined, because the PDF renderer lets the
 * page fetch nothing (see app/pdf/pdf.server.ts and decision 0011).
 */

export type AccessModality = { kind: "presencial"; venue: string } | { kind: "en_linea"; accessUrl: string; coursePassword: string | null };

export interface AccessDocumentData {
  participant: {
    name: string;
    /** The profile as participants read it, e.g. "Externo" (PROFILE_LABELS in app/courses/pricing). */
    profileLabel: string;
    /** The participant's public id, as shown on their profile. */
    participantId: string;
  };
  course: {
    name: string;
    /** Calendar dates, YYYY-MM-DD (days in Mexico City, not instants). */
    startDate: string;
    finishDate: string;
  };
  modality: AccessModality;
  controlNumber: string;
  /** What was paid, in centavos; 0 for a free course or a free profile. */
  amountCentavos: number;
  /** Absolute URL of the verification page (verificationUrl in ./verification). */
  verificationUrl: string;
  /** When the document was issued; now unless told otherwise. */
  issuedAt?: Date;
}

const HOSPITAL_NAME = "Hospital Infantil de México Federico Gómez";
const GUINDA = "#611232";
const DORADO = "#bc955c";

const issuedFormat = new Intl.DateTimeFormat("es-MX", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: MEXICO_CITY_TIME_ZONE,
});

/** "15 de marzo de 2027 a las 10:30" style timestamp, in Mexico City time. */
function formatIssuedAt(date: Date): string {
  return issuedFormat.format(date);
}

/** "Del 15 de marzo de 2027 al 20 de marzo de 2027", or the single day of a one-day course. */
export function formatCourseDates(startDate: string, finishDate: string): string {
  const start = formatCalendarDate(startDate);
  const finish = formatCalendarDate(finishDate);
  if (finishDate < startDate) throw new RangeError(`The course finishes (${finishDate}) before it starts (${startDate})`);
  return startDate === finishDate ? start : `Del ${start} al ${finish}`;
}

function requireWebUrl(value: string, what: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new RangeError(`${what} is not an absolute URL: ${value}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new RangeError(`${what} must be http(s): ${value}`);
  return url.href;
}

// Fonts and logo are read once per process, the first time a document is rendered.
let inlineAssets: { fontFaces: string; logoDataUrl: string } | null = null;

/** Montserrat and the logo as data: URLs, for any PDF template (the renderer fetches nothing). */
export function loadInlineAssets() {
  if (inlineAssets) return inlineAssets;
  const require = createRequire(import.meta.url);
  const fontDir = path.join(path.dirname(require.resolve("@fontsource/montserrat/package.json")), "files");
  const fontFace = (weight: 400 | 700) => {
    const data = fs.readFileSync(path.join(fontDir, `montserrat-latin-${weight}-normal.woff2`)).toString("base64");
    return `@font-face{font-family:"Montserrat";font-style:normal;font-weight:${weight};src:url(data:font/woff2;base64,${data}) format("woff2");}`;
  };
  const logo = fs.readFileSync(path.resolve("public/images/logo-himfg.svg")).toString("base64");
  inlineAssets = { fontFaces: fontFace(400) + fontFace(700), logoDataUrl: `data:image/svg+xml;base64,${logo}` };
  return inlineAssets;
}

const STYLES = `
@page { size: A4; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; font-family: "Montserrat", "Liberation Sans", Arial, sans-serif; font-size: 10.5pt; color: #1f1f1f; line-height: 1.4; }
.header { display: flex; align-items: center; gap: 14px; background: ${GUINDA}; color: #fff; padding: 14px 18px; border-bottom: 4px solid ${DORADO}; }
.header img { width: 56px; height: 56px; flex: none; }
.header .name { font-size: 14pt; font-weight: 700; margin: 0; }
.header .unit { font-size: 9pt; margin: 2px 0 0; color: #f3e6d2; }
h1 { font-size: 16pt; color: ${GUINDA}; margin: 18px 0 4px; }
.subtitle { margin: 0 0 14px; color: #555; }
.layout { display: flex; gap: 18px; align-items: flex-start; }
.details { flex: 1; }
section { margin-bottom: 12px; border: 1px solid #e4d7c4; border-radius: 6px; padding: 10px 12px; break-inside: avoid; }
h2 { font-size: 10pt; text-transform: uppercase; letter-spacing: 0.04em; color: ${GUINDA}; margin: 0 0 6px; border-bottom: 2px solid ${DORADO}; padding-bottom: 3px; }
dl { margin: 0; display: grid; grid-template-columns: 38% 62%; row-gap: 4px; }
dt { font-weight: 700; color: #444; }
dd { margin: 0; overflow-wrap: anywhere; }
/* The control number (up to 30 characters) gets a full-width row and never breaks across lines. */
.control-label, .control { grid-column: 1 / -1; }
.control { font-size: 13pt; font-weight: 700; color: ${GUINDA}; letter-spacing: 0.02em; white-space: nowrap; overflow-wrap: normal; }
.verify { width: 52mm; flex: none; text-align: center; border: 1px solid #e4d7c4; border-radius: 6px; padding: 10px; break-inside: avoid; }
.verify .qr svg { width: 44mm; height: 44mm; display: block; margin: 0 auto 6px; }
.verify p { margin: 0 0 4px; font-size: 8.5pt; }
.verify .url { font-size: 7pt; overflow-wrap: anywhere; color: #555; }
a { color: ${GUINDA}; }
.footer { margin-top: 16px; padding-top: 8px; border-top: 2px solid ${DORADO}; font-size: 8pt; color: #555; }
.footer p { margin: 0 0 3px; }
`;

interface AccessDocumentProps {
  data: AccessDocumentData;
  qrSvg: string;
  fontFaces: string;
  logoDataUrl: string;
}

function AccessDocument({ data, qrSvg, fontFaces, logoDataUrl }: AccessDocumentProps) {
  const { participant, course, modality } = data;
  const issuedAt = data.issuedAt ?? clock.now();
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <title>{`Comprobante de acceso — ${course.name}`}</title>
        {/* Constant CSS written here plus base64 fonts: no interpolated user value. */}
        <style dangerouslySetInnerHTML={{ __html: fontFaces + STYLES }} />
      </head>
      <body>
        <header className="header">
          <img src={logoDataUrl} alt="" width={56} height={56} />
          <div>
            <p className="name">{HOSPITAL_NAME}</p>
            <p className="unit">Instituto Nacional de Salud · Dirección de Enseñanza y Desarrollo Académico</p>
          </div>
        </header>
        <h1>Comprobante de acceso al curso</h1>
        <p className="subtitle">Presente este documento (impreso o en su dispositivo) cuando se le solicite.</p>
        <div className="layout">
          <div className="details">
            <section>
              <h2>Participante</h2>
              <dl>
                <dt>Nombre</dt>
                <dd>{participant.name}</dd>
                <dt>Perfil</dt>
                <dd>{participant.profileLabel}</dd>
                <dt>Número de participante</dt>
                <dd>{participant.participantId}</dd>
              </dl>
            </section>
            <section>
              <h2>Curso</h2>
              <dl>
                <dt>Nombre</dt>
                <dd>{course.name}</dd>
                <dt>Fechas</dt>
                <dd>{formatCourseDates(course.startDate, course.finishDate)}</dd>
                <dt>Modalidad</dt>
                <dd>{ENROLMENT_MODALITY_LABELS[modality.kind]}</dd>
                {modality.kind === "presencial" ? (
                  <>
                    <dt>Sede</dt>
                    <dd>{modality.venue}</dd>
                  </>
                ) : (
                  <>
                    <dt>Dirección de acceso</dt>
                    <dd>
                      <a href={requireWebUrl(modality.accessUrl, "The online access URL")}>{modality.accessUrl}</a>
                    </dd>
                    {modality.coursePassword ? (
                      <>
                        <dt>Contraseña del curso</dt>
                        <dd>{modality.coursePassword}</dd>
                      </>
                    ) : null}
                  </>
                )}
              </dl>
            </section>
            <section>
              <h2>Inscripción</h2>
              <dl>
                <dt className="control-label">Número de control</dt>
                <dd className="control">{data.controlNumber}</dd>
                <dt>Importe</dt>
                <dd>{formatPrice(data.amountCentavos)}</dd>
              </dl>
            </section>
          </div>
          <aside className="verify">
            {/* SVG generated by the qrcode library from the URL: only paths, no user text. */}
            <div className="qr" dangerouslySetInnerHTML={{ __html: qrSvg }} />
            <p>Verifique la autenticidad de este comprobante escaneando el código o en:</p>
            <p className="url">{data.verificationUrl}</p>
          </aside>
        </div>
        <footer className="footer">
          <p>Emitido el {formatIssuedAt(issuedAt)} (hora de la Ciudad de México).</p>
          <p>Este comprobante es personal e intransferible. La contraseña y la dirección de acceso del curso son solo para la persona inscrita.</p>
        </footer>
      </body>
    </html>
  );
}

/** The QR code for a verification URL, as inline SVG markup (also used by tests to compare). */
export async function verificationQrSvg(url: string): Promise<string> {
  // Loaded with the first PDF, not at start (decision 0063).
  const { default: QRCode } = await import("qrcode");
  return QRCode.toString(url, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/** The complete, self-contained HTML of the access document. */
export async function renderAccessDocumentHtml(data: AccessDocumentData): Promise<string> {
  const verificationUrl = requireWebUrl(data.verificationUrl, "The verification URL");
  const qrSvg = await verificationQrSvg(verificationUrl);
  const { fontFaces, logoDataUrl } = loadInlineAssets();
  const markup = renderToStaticMarkup(<AccessDocument data={data} qrSvg={qrSvg} fontFaces={fontFaces} logoDataUrl={logoDataUrl} />);
  return `<!DOCTYPE html>${markup}`;
}

/** The access PDF (A4, one page) for an enrolment. */
export async function renderAccessPdf(data: AccessDocumentData): Promise<Buffer> {
  return renderPdf(await renderAccessDocumentHtml(data), { format: "A4" });
}
