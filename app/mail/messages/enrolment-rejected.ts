import { defineMessage } from "../message";

/** The review did not approve an enrolment's documents: the reason, and where to update them. */
export const enrolmentRejected = defineMessage<{ name: string; courseName: string; reason: string | null; profileUrl: string }>({
  kind: "inscripcion-documentos-no-aprobados",
  description: "La revisión de una inscripción no aprobó su documentación.",
  subject: ({ courseName }) => `Documentación no aprobada: ${courseName}`,
  lines: ({ name, courseName, reason, profileUrl }) => [
    `Hola, ${name}:`,
    "",
    `La Dirección de Enseñanza revisó su documentación para el curso «${courseName}» y no pudo aprobarla.`,
    `Motivo: ${reason ?? "—"}`,
    "",
    "Puede actualizar sus documentos en «Mi perfil» y volver a solicitar la inscripción:",
    profileUrl,
  ],
  sample: {
    name: "Ana Peña López",
    courseName: "Urgencias pediátricas",
    reason: "La credencial venció.",
    profileUrl: "http://localhost:3000/profile",
  },
});
