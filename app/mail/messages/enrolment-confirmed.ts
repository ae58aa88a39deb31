import { ENROLMENT_MODALITY_LABELS, type EnrolmentModality } from "~/courses/modality";
import type { EnrolmentStatus } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { defineMessage } from "../message";

/** The enrolment is confirmed; the access PDF goes attached when it could be rendered. */
export const enrolmentConfirmed = defineMessage<{
  name: string;
  courseName: string;
  status: EnrolmentStatus;
  modality: EnrolmentModality;
  modalityNote: string | null;
  participantId: number;
  controlNumber: string | null;
  profileUrl: string;
}>({
  kind: "inscripcion-confirmada",
  description: "Inscripción confirmada (pago aprobado o documentos aprobados), con el documento de acceso en PDF adjunto.",
  subject: ({ courseName }) => `Inscripción confirmada: ${courseName}`,
  lines: (enrolment) => [
    `Hola, ${enrolment.name}:`,
    "",
    `Su inscripción al curso «${enrolment.courseName}» está ${ENROLMENT_STATUS_LABELS[enrolment.status].toLowerCase()}.`,
    `Modalidad: ${ENROLMENT_MODALITY_LABELS[enrolment.modality]}`,
    ...(enrolment.modalityNote ? [enrolment.modalityNote] : []),
    `Número de participante: ${enrolment.participantId}`,
    ...(enrolment.controlNumber ? [`Número de control: ${enrolment.controlNumber}`] : []),
    "",
    "Adjuntamos su documento de acceso. También puede descargarlo en «Mis inscripciones», dentro de «Mi perfil»:",
    enrolment.profileUrl,
  ],
  sample: {
    name: "Ana Peña López",
    courseName: "Urgencias pediátricas <avanzado> & más",
    status: "confirmada",
    modality: "presencial",
    modalityNote: null,
    participantId: 1042,
    controlNumber: "HIM-2026-000456",
    profileUrl: "http://localhost:3000/profile",
  },
});
