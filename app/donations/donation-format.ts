import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
// Dates and amounts of donations as donors and finance read them: es-MX, Mexico City time.

const dateFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeStyle: "short", timeZone: MEXICO_CITY_TIME_ZONE });

/** "23 de noviembre de 2026, 5:52 a.m." style, in Mexico City time. */
export function formatDonationDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
