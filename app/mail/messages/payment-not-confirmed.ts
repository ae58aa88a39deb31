import { defineMessage } from "../message";

/** A course payment the bank did not confirm: the seat is released, whom to call, where to try again. */
export const paymentNotConfirmed = defineMessage<{ name: string; courseName: string; amount: string; contact: string; offerUrl: string }>({
  kind: "pago-no-confirmado",
  description: "El banco no confirmó el pago con tarjeta de una inscripción.",
  subject: ({ courseName }) => `Pago no confirmado: ${courseName}`,
  lines: ({ name, courseName, amount, contact, offerUrl }) => [
    `Hola, ${name}:`,
    "",
    `El banco no confirmó su pago de ${amount} para el curso «${courseName}». Su inscripción no quedó confirmada y el lugar que le apartamos se liberó.`,
    contact,
    "",
    "Puede intentar de nuevo desde el catálogo de cursos:",
    offerUrl,
  ],
  sample: {
    name: "Ana Peña López",
    courseName: "Urgencias pediátricas",
    amount: "$1,500.00",
    contact:
      "Si el cargo aparece en su estado de cuenta, comuníquese al 55 5228 9917 o a ensenanza@ejemplo.mx con su número de control (HIM-2026-000456) y el comprobante de su banco.",
    offerUrl: "http://localhost:3000/ensenanza/offer",
  },
});
