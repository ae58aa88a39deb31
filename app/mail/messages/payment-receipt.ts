import { formatMoney } from "~/courses/pricing";
import { defineMessage } from "../message";

/** An approved card payment for a course: the receipt (the enrolment confirmation follows). */
export const paymentReceipt = defineMessage<{
  name: string;
  courseName: string;
  amountCentavos: number;
  controlNumber: string;
  referencia: string | null;
  codigoAut: string | null;
  profileUrl: string;
}>({
  kind: "pago-recibo",
  description: "Pago con tarjeta aprobado para un curso: el recibo.",
  subject: ({ controlNumber }) => `Recibo de pago ${controlNumber}`,
  lines: (payment) => [
    `Hola, ${payment.name}:`,
    "",
    `Recibimos su pago con tarjeta por ${formatMoney(payment.amountCentavos)} MXN para el curso «${payment.courseName}».`,
    `Número de control: ${payment.controlNumber}`,
    `Referencia bancaria: ${payment.referencia ?? "—"}`,
    `Código de autorización: ${payment.codigoAut ?? "—"}`,
    "",
    "Los pagos en línea pueden tardar hasta 72 horas hábiles en reflejarse en el banco.",
    "",
    "Sus inscripciones y pagos están en «Mi perfil»:",
    payment.profileUrl,
  ],
  sample: {
    name: "Ana Peña López",
    courseName: "Urgencias pediátricas",
    amountCentavos: 150_000,
    controlNumber: "HIM-2026-000456",
    referencia: "REF123456",
    codigoAut: "654321",
    profileUrl: "http://localhost:3000/profile",
  },
});
