import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

const sentDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: MEXICO_CITY_TIME_ZONE });
const count = new Intl.NumberFormat("es-MX");

/**
 * When something in a staff queue was sent, said once (issue 21: "Enviado el 25 nov 2026; llegó
 * hoy." said the day twice): "Enviado hoy, 25 nov 2026", "Enviado ayer, 24 nov 2026", or
 * "Enviado el 20 nov 2026" with "espera desde hace 5 días" apart (the page stresses it).
 * `daysWaiting` counts Mexico City calendar days (mexicoCityDaysBetween), not 24-hour periods.
 */
export function sentForReview(sentAt: string, daysWaiting: number): { sent: string; waiting: string | null } {
  const date = sentDate.format(new Date(sentAt));
  if (daysWaiting <= 0) return { sent: `Enviado hoy, ${date}`, waiting: null };
  if (daysWaiting === 1) return { sent: `Enviado ayer, ${date}`, waiting: null };
  return { sent: `Enviado el ${date}`, waiting: `espera desde hace ${count.format(daysWaiting)} días` };
}
