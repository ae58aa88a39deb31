import type { EnrolmentStatus } from "~/db.server";

export const ENROLMENT_STATUS_LABELS: Record<EnrolmentStatus, string> = {
  pendiente_de_pago: "Pendiente de pago",
  pendiente_de_revision: "Pendiente de revisión",
  confirmada: "Confirmada",
  suspendida: "Suspendida",
  rechazada: "Rechazada",
  cancelada: "Cancelada",
};

/** What a participant reads of an enrolment's state, in words: the status, or what its payment waits for. */
export function enrolmentStateText(enrolment: { status: EnrolmentStatus; paymentInVerification?: boolean }): string {
  if (enrolment.status === "pendiente_de_pago" && enrolment.paymentInVerification) return "Pago recibido: lo estamos confirmando con el banco";
  return ENROLMENT_STATUS_LABELS[enrolment.status];
}
