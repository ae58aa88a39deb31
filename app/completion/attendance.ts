import type { CheckinMethod } from "~/db.server";
import type { CheckinDone } from "./attendance.server";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

/** How a check-in was taken, in words (client-safe: the attendance page and the export). */
export const CHECKIN_METHOD_LABELS: Record<CheckinMethod, string> = {
  qr: "Código QR",
  numero_de_control: "Número de control",
  nombre: "Búsqueda por nombre",
  en_linea: "En línea (página del curso)",
  personal: "Marcado por el personal",
};

const timeFormat = new Intl.DateTimeFormat("es-MX", { hour: "numeric", minute: "2-digit", hourCycle: "h23", timeZone: MEXICO_CITY_TIME_ZONE });
const dayFormat = new Intl.DateTimeFormat("es-MX", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "9:02": the Mexico City wall time of a check-in. */
export function checkinTime(iso: string): string {
  // es-MX writes "09:02" with a two-digit hour; the door says "9:02".
  return timeFormat.format(new Date(iso)).replace(/^0(\d)/, "$1");
}

/** "lunes, 5 de abril de 2027": a course day ('YYYY-MM-DD'). */
export function courseDayLabel(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** "A QR code's text is the /verificar/<token> address of an access PDF": its token, or null. */
export function verificationTokenFromScan(text: string): string | null {
  const match = /\/verificar\/([A-Za-z0-9_-]{22})\/?(?:[?#].*)?$/.exec(text.trim());
  return match ? match[1]! : null;
}

/** What the attendance page's action answers on success (a refusal is the pipeline's ActionReply). */
export interface AttendanceAnswer {
  intent: string;
  done: CheckinDone | null;
  withdrawn: { name: string; day: string } | null;
}
