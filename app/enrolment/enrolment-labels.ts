import type { EnrolmentStatus } from "~/db.server";

export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = {
  pendiente_de_pago: "Pendiente de pago",
  pendiente_de_revision: "Pendiente de revisión",
  confirmada: "Confirmada",
  suspendida: "Suspendida",
  rechazada: "Rechazada",
  cancelada: "Cancelada",
};
