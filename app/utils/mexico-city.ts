import { mexicoCityLocalToInstant } from "./mexico-time";

/**
 * Calendar days in Mexico City as UTC instants, for date filters over ISO timestamps. The offset
 * comes from the tz database (mexico-time.ts), never a fixed −06:00: Mexico City has kept UTC−6
 * all year since October 2022, but had daylight saving before.
 */
export const MEXICO_CITY_TIME_ZONE = "America/Mexico_City";

function dayStart(day: string): Date {
  const instant = mexicoCityLocalToInstant(`${day}T00:00`);
  if (!instant) throw new RangeError(`Not a calendar day: ${day}`);
  return instant;
}

/** The calendar day `days` after (or before) `day`, both 'YYYY-MM-DD'. */
export function addCalendarDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function startOfDayInMexicoCity(day: string): string {
  return dayStart(day).toISOString();
}

/** The first instant of the next day (compare with `<`). */
export function endOfDayInMexicoCity(day: string): string {
  return dayStart(addCalendarDays(day, 1)).toISOString();
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: MEXICO_CITY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** The Mexico City calendar day ('YYYY-MM-DD') of an instant. */
export function mexicoCityDay(instant: Date | string): string {
  return dayFormat.format(typeof instant === "string" ? new Date(instant) : instant);
}

/** Whole calendar days in Mexico City from the day of `from` to the day of `to` (0 on the same day). */
export function mexicoCityDaysBetween(from: Date | string, to: Date | string): number {
  return Math.round((Date.parse(`${mexicoCityDay(to)}T00:00:00Z`) - Date.parse(`${mexicoCityDay(from)}T00:00:00Z`)) / 86_400_000);
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
