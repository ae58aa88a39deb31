/**
 * Calendar days in Mexico City as UTC instants, for date filters over ISO timestamps. Mexico City
 * has kept UTC−6 all year since October 2022 (no daylight saving), so a day there is
 * [day 00:00 −06:00, next day 00:00 −06:00).
 */
export const MEXICO_CITY_TIME_ZONE = "America/Mexico_City";

export function startOfDayInMexicoCity(day: string): string {
  return new Date(`${day}T00:00:00-06:00`).toISOString();
}

/** The first instant of the next day (compare with `<`). */
export function endOfDayInMexicoCity(day: string): string {
  return new Date(new Date(`${day}T00:00:00-06:00`).getTime() + 24 * 60 * 60 * 1000).toISOString();
}

const localStamp = new Intl.DateTimeFormat("sv-SE", {
  timeZone: MEXICO_CITY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026-11-23 05:52": Mexico City wall time in a form spreadsheets sort and read as a date. */
export function mexicoCityStamp(iso: string): string {
  return localStamp.format(new Date(iso));
}
