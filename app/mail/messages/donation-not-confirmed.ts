import { defineMessage } from "../message";

/** A donation the bank did not confirm: nothing was recorded, whom to call, where to try again. */
export const donationNotConfirmed = defineMessage<{ donorName: string; amount: string; contact: string; donateUrl: string }>({
  kind: "donativo-no-confirmado",
  description: "El banco no confirmó el pago de un donativo.",
  subject: () => "No pudimos confirmar su donativo con el banco",
  lines: ({ donorName, amount, contact, donateUrl }) => [
    `Hola, ${donorName}:`,
    "",
    `El banco no confirmó el pago de su donativo de ${amount}, así que no lo registramos ni emitimos recibo.`,
    contact,
    "",
    "Si desea intentarlo de nuevo:",
    donateUrl,
  ],
  sample: {
    donorName: "María José Hernández",
    amount: "$500.00",
    contact:
      "Si el cargo aparece en su estado de cuenta, comuníquese al 55 5228 9917 o a ensenanza@ejemplo.mx con su número de control (DON-2026-000123) y el comprobante de su banco.",
    donateUrl: "http://localhost:3000/donacion",
  },
});
