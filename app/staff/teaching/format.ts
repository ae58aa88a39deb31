import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
/** Dates and times for the staff screens, in es-MX and Mexico City time. */
const dateTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: MEXICO_CITY_TIME_ZONE });
const calendar = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: "UTC" });

export function formatInstant(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** A calendar date 'YYYY-MM-DD' (no time zone: formatted at UTC so it cannot move a day). */
export function formatDay(isoDate: string): string {
  return calendar.format(new Date(`${isoDate}T00:00:00Z`));
}

export const CARD_STATUS_LABELS: Record<string, string> = {
  pending: "En proceso",
  in_verification: "En verificación con el banco",
  approved: "Aprobado",
  declined: "Declinado",
  rejected: "Rechazado",
  no_answer: "Sin respuesta",
  cancelled: "Cancelado",
  closed: "Cerrado",
  error: "Error",
  expired: "Vencido",
};

export const MODALITY_CHOICE_LABELS = ENROLMENT_MODALITY_LABELS;

export const OFFLINE_METHOD_LABELS = {
  transferencia: "Transferencia bancaria",
  tienda: "Pago en tienda de conveniencia",
  ventanilla: "Depósito en ventanilla bancaria",
  referencia_ensenanza: "Referencia de la Dirección de Enseñanza",
} as const;

/** The public page of a course (the same path courses.server.ts builds). */
export function coursePagePath(courseUrl: string): string {
  return `/cursos2025/${encodeURIComponent(courseUrl)}`;
}

/** A public stored file's address (the same as files.server.ts publicFileUrl). */
export function publicFilePath(id: string): string {
  return `/archivos/${id}`;
}
