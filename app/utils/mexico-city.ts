/**
 * The one Mexico City time module: wall time ↔ instants, calendar days and months, and the
 * formats shown to people. Every offset comes from the tz database through Intl, never a fixed
 * −06:00: Mexico City has kept UTC−6 all year since October 2022, but had daylight saving before,
 * and a future change would only need a newer tz database. Safe in the browser (no server code).
 */
export const MEXICO_CITY_TIME_ZONE = "America/Mexico_City";

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: MEXICO_CITY_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallParts(instant: Date): Record<string, string> {
  return Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** Date.UTC for any year: Date.UTC reads years 0–99 as 1900–1999 ("0001-01-01" would become 1901). */
function utcMs(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, millisecond = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, millisecond);
  return date.getTime();
}

function offsetMs(instant: Date): number {
  const parts = wallParts(instant);
  const asUtc = utcMs(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** A Mexico City wall time, its parts as written (month 1–12). */
export interface MexicoCityWallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
  millisecond?: number;
}

/** The instant of a Mexico City wall time, or null when the parts are no real date and time. */
export function mexicoCityWallTimeToInstant(wall: MexicoCityWallTime): Date | null {
  const { year, month, day, hour, minute, second = 0, millisecond = 0 } = wall;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = utcMs(year, month - 1, day, hour, minute, second, millisecond);
  const check = new Date(asUtc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // Two passes settle the offset even next to a change of offset.
  let instant = asUtc - offsetMs(new Date(asUtc));
  instant = asUtc - offsetMs(new Date(instant));
  return new Date(instant);
}

/** "2026-03-01T09:30" in Mexico City → the instant, or null when the text is not such a value. */
export function mexicoCityLocalToInstant(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as number[];
  return mexicoCityWallTimeToInstant({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! });
}

/** An instant → its Mexico City datetime-local value ("2026-03-01T09:30"). */
export function instantToMexicoCityLocal(instant: Date): string {
  const parts = wallParts(instant);
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const longFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeStyle: "short", timeZone: MEXICO_CITY_TIME_ZONE });

/** "1 de marzo de 2026, 9:30" in Mexico City. */
export function formatMexicoCityDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : longFormat.format(date);
}

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

/** The Mexico City calendar day ('YYYY-MM-DD') of an instant. */
export function mexicoCityDay(instant: Date | string): string {
  const parts = wallParts(typeof instant === "string" ? new Date(instant) : instant);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

const monthLabelFormat = new Intl.DateTimeFormat("es-MX", { month: "long", year: "numeric", timeZone: MEXICO_CITY_TIME_ZONE });

/**
 * The Mexico City calendar month of an instant: its year, month (1–12), first instant, the first
 * instant of the next month (compare with `<`) and its name («marzo de 2026»).
 */
export function mexicoCityMonth(instant: Date): { year: number; month: number; start: string; end: string; label: string } {
  const parts = wallParts(instant);
  const year = Number(parts.year);
  const month = Number(parts.month);
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  const start = mexicoCityWallTimeToInstant({ year, month, day: 1, hour: 0, minute: 0 })!;
  const end = mexicoCityWallTimeToInstant({ ...next, day: 1, hour: 0, minute: 0 })!;
  return { year, month, start: start.toISOString(), end: end.toISOString(), label: monthLabelFormat.format(start) };
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

/**
 * Whole Mexico City calendar days from `from` to `to`: 0 on the same day (even 23 hours apart),
 * 1 from yesterday at 23:59 to today at 00:01; never negative. For "waiting since" ages.
 */
export function mexicoCityDaysBetween(from: Date | string, to: Date | string): number {
  const days = (Date.parse(`${mexicoCityDay(to)}T00:00:00Z`) - Date.parse(`${mexicoCityDay(from)}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, Math.round(days));
}

/**
 * The sane window of a scheduled date: from one day ago to two years ahead (a banner's visible
 * from/until, which may describe a window already under way, reaches back two years instead).
 * Outside it a date is a typing mistake (9999-12-31 made the CHECK on the stored instant fail: a
 * 500), so the form says so instead (decision 0032).
 */
export function scheduleWindowProblem(instant: Date, now: Date, options: { reachesBack?: "day" | "years" } = {}): "too-early" | "too-late" | null {
  const earliest = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  if (options.reachesBack === "years") earliest.setUTCFullYear(now.getUTCFullYear() - 2);
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + 2);
  if (instant.getTime() < earliest.getTime()) return "too-early";
  if (instant.getTime() > latest.getTime()) return "too-late";
  return null;
}

/** "Elija una fecha de aquí a dos años como máximo.": the message for a date past the window. */
export const SCHEDULE_TOO_LATE_MESSAGE = "La fecha está a más de dos años de hoy. Elija una fecha de aquí a dos años como máximo.";
