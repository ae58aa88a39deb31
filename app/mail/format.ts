import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
/** Display helpers for the developer mail pages (safe in the browser bundle). */

const dateTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "medium", timeZone: MEXICO_CITY_TIME_ZONE });
const decimal = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 1 });

/** A stored ISO instant as Mexico City wall time, e.g. "21 nov 2026, 19:18:02". */
export function formatReceivedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

export function formatByteSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${decimal.format(bytes / 1024)} KB`;
  return `${decimal.format(bytes / (1024 * 1024))} MB`;
}
