import { defineMessage } from "../message";

/** Reconciliation found no bank record of a registered payment: the enrolment is suspended. */
export const enrolmentSuspended = defineMessage<{ name: string; courseName: string; phone: string; email: string }>({
  kind: "inscripcion-suspendida",
  description: "La conciliación no encontró el pago en el reporte del banco: la inscripción queda suspendida.",
  subject: ({ courseName }) => `Inscripción suspendida: ${courseName}`,
  lines: ({ name, courseName, phone, email }) => [
    `Hola, ${name}:`,
    "",
    `Su inscripción al curso «${courseName}» quedó suspendida: el pago registrado no coincide con el reporte del banco.`,
    "Mientras lo revisamos, el documento de acceso y el contenido del curso no están disponibles.",
    `Si usted pagó, comuníquese con nosotros al ${phone} o a ${email} con su número de control y el comprobante de su banco.`,
  ],
  sample: { name: "Ana Peña López", courseName: "Urgencias pediátricas", phone: "55 5228 9917", email: "ensenanza@ejemplo.mx" },
});
