import { renderToStaticMarkup } from "react-dom/server";
import { formatMoney } from "~/courses/pricing";
import { loadInlineAssets } from "~/enrolment/access-document.server";
import { renderPdf } from "~/pdf/pdf.server";
import { formatDonationDate } from "./donation-format";

/**
 * The donation receipt attached to the thank-you mail: who gave, how much, when, the folio. It is
 * an acknowledgement, not a tax receipt (CFDI), and says so. React static markup (every value
 * escaped), inline CSS and fonts: the PDF renderer fetches nothing (decision 0011).
 */
export interface DonationReceiptData {
  donorName: string;
  controlNumber: string;
  amountCentavos: number;
  approvedAt: string;
  authorisationCode: string | null;
  bankReference: string | null;
  invoiceRequested: boolean;
}

const GUINDA = "#611232";
const DORADO = "#bc955c";
const STYLES = `
@page { size: A4; }
body { margin: 0; font-family: "Montserrat", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #1f1f1f; line-height: 1.45; }
.header { display: flex; align-items: center; gap: 14px; background: ${GUINDA}; color: #fff; padding: 14px 18px; border-bottom: 4px solid ${DORADO}; }
.header img { width: 56px; height: 56px; }
.header p { margin: 0; font-weight: 700; font-size: 14pt; }
h1 { color: ${GUINDA}; font-size: 17pt; margin: 20px 0 6px; }
dl { display: grid; grid-template-columns: 40% 60%; row-gap: 6px; border: 1px solid #e4d7c4; border-radius: 6px; padding: 12px; }
dt { font-weight: 700; color: #444; }
dd { margin: 0; overflow-wrap: anywhere; }
.notice { margin-top: 16px; padding: 10px 12px; border-left: 4px solid ${DORADO}; background: #faf5ee; }
.footer { margin-top: 20px; font-size: 8.5pt; color: #555; border-top: 2px solid ${DORADO}; padding-top: 8px; }
`;

function Receipt({ data, fontFaces, logoDataUrl }: { data: DonationReceiptData; fontFaces: string; logoDataUrl: string }) {
  return (
    <html lang="es-MX">
      <head>
        <meta charSet="utf-8" />
        <title>{`Recibo de donativo ${data.controlNumber}`}</title>
        <style dangerouslySetInnerHTML={{ __html: fontFaces + STYLES }} />
      </head>
      <body>
        <header className="header">
          <img src={logoDataUrl} alt="" width={56} height={56} />
          <p>Hospital Infantil de México Federico Gómez</p>
        </header>
        <h1>Recibo de donativo</h1>
        <p>Gracias por su apoyo. Su donación ha sido procesada con éxito.</p>
        <dl>
          <dt>Donante</dt>
          <dd>{data.donorName}</dd>
          <dt>Folio</dt>
          <dd>{data.controlNumber}</dd>
          <dt>Importe</dt>
          <dd>{`${formatMoney(data.amountCentavos)} MXN`}</dd>
          <dt>Fecha</dt>
          <dd>{formatDonationDate(data.approvedAt)}</dd>
          <dt>Código de autorización</dt>
          <dd>{data.authorisationCode ?? "—"}</dd>
          <dt>Referencia bancaria</dt>
          <dd>{data.bankReference ?? "—"}</dd>
        </dl>
        <p className="notice">
          <strong>Este recibo no es un comprobante fiscal (CFDI).</strong>{" "}
          {data.invoiceRequested
            ? "Recibimos sus datos fiscales: el área de finanzas le enviará el CFDI por separado."
            : "Si necesita un comprobante fiscal, escriba al área de finanzas del hospital con este folio."}
        </p>
        <p className="footer">Hospital Infantil de México Federico Gómez · Dr. Márquez 162, Col. Doctores, Cuauhtémoc, 06720 Ciudad de México.</p>
      </body>
    </html>
  );
}

export async function renderDonationReceiptPdf(data: DonationReceiptData): Promise<Buffer> {
  const { fontFaces, logoDataUrl } = loadInlineAssets();
  const html = "<!DOCTYPE html>" + renderToStaticMarkup(<Receipt data={data} fontFaces={fontFaces} logoDataUrl={logoDataUrl} />);
  return renderPdf(html);
}
