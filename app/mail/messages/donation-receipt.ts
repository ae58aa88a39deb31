import { formatMoney } from "~/courses/pricing";
import { formatDonationDate } from "~/donations/donation-format";
import { defineMessage } from "../message";

/** The thank-you for an approved donation; the PDF receipt goes attached. */
export const donationReceipt = defineMessage<{
  donorName: string;
  controlNumber: string;
  amountCentavos: number;
  approvedAt: string;
  authorisationCode: string | null;
  invoiceRequested: boolean;
}>({
  kind: "donativo-recibo",
  description: "Donativo aprobado: el agradecimiento, con el recibo en PDF adjunto.",
  subject: ({ controlNumber }) => `Recibo de su donativo ${controlNumber}`,
  lines: (donation) => [
    `Estimado(a) ${donation.donorName}:`,
    "",
    "Su donación ha sido procesada con éxito. Gracias por su apoyo.",
    "",
    `Folio: ${donation.controlNumber}`,
    `Importe: ${formatMoney(donation.amountCentavos)} MXN`,
    `Fecha: ${formatDonationDate(donation.approvedAt)}`,
    `Código de autorización: ${donation.authorisationCode ?? "—"}`,
    "",
    "Adjuntamos su recibo en PDF. Este recibo no es un comprobante fiscal (CFDI).",
    donation.invoiceRequested
      ? "Recibimos sus datos fiscales: el área de finanzas le enviará el CFDI por separado."
      : "Si necesita un CFDI, escriba al área de finanzas del hospital con su folio.",
  ],
  sample: {
    donorName: "María José Hernández",
    controlNumber: "DON-2026-000123",
    amountCentavos: 50_000,
    approvedAt: "2026-03-14T17:30:00.000Z",
    authorisationCode: "123456",
    invoiceRequested: false,
  },
});
