import { defineMessage } from "../message";

/** An enrolment request sent to the Teaching office's document review. */
export const enrolmentInReview = defineMessage<{ name: string; courseName: string; profileUrl: string }>({
  kind: "inscripcion-en-revision",
  description: "Solicitud de inscripción enviada a revisión de documentos.",
  subject: ({ courseName }) => `Documentación en revisión: ${courseName}`,
  lines: ({ name, courseName, profileUrl }) => [
    `Hola, ${name}:`,
    "",
    `Recibimos su solicitud de inscripción al curso «${courseName}». La Dirección de Enseñanza revisará su documentación.`,
    "Cuando termine la revisión le enviaremos por correo electrónico los datos de acceso al curso.",
    "",
    "Puede ver el estado de su solicitud en «Mi perfil»:",
    profileUrl,
  ],
  sample: { name: "Ana Peña López", courseName: "Urgencias pediátricas", profileUrl: "http://localhost:3000/profile" },
});
