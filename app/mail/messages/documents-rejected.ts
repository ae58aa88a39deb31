import { DOCUMENT_KIND_LABELS } from "~/accounts/documents";
import type { ParticipantDocumentKind } from "~/db.server";
import { defineMessage } from "../message";

/** The Teaching office did not approve some of a participant's documents: which, why, and where to replace them. */
export const documentsRejected = defineMessage<{
  name: string;
  rejected: { kind: ParticipantDocumentKind; reason: string }[];
  profileUrl: string;
}>({
  kind: "documentos-no-aprobados",
  description: "La Dirección de Enseñanza rechazó documentos del participante (revisión por participante).",
  subject: () => "Documentación no aprobada: reemplace sus documentos",
  lines: ({ name, rejected, profileUrl }) => [
    `Hola, ${name}:`,
    "",
    "La Dirección de Enseñanza revisó sus documentos y no pudo aprobar los siguientes:",
    ...rejected.map((item) => `- ${DOCUMENT_KIND_LABELS[item.kind]}. Motivo: ${item.reason}`),
    "",
    "Entre a «Mi perfil» y, en «Mis documentos», suba un archivo nuevo para cada uno. Volveremos a revisarlos.",
    profileUrl,
    "",
    "Sus solicitudes de inscripción siguen en espera mientras tanto.",
  ],
  sample: {
    name: "Ana Peña López",
    rejected: [{ kind: "student_id_front", reason: "La imagen no se lee <ilegible> & está cortada." }],
    profileUrl: "http://localhost:3000/profile",
  },
});
