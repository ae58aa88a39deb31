/**
 * Mexico City wall-clock time ↔ instants, for forms with a datetime-local field. Computed with
 * Intl (the tz database), never with a fixed offset: Mexico dropped daylight saving in 2022, but
 * dates before then and any future change are still right.
 */
const TIME_ZONE = "America/Mexico_City";

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function offsetMs(instant: Date): number {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** "2026-03-01T09:30" in Mexico City → the instant, or null when the text is not such a value. */
export function mexicoCityLocalToInstant(local: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo! - 1 || check.getUTCDate() !== d! || h! > 23 || mi! > 59) return null;
  // Two passes settle the offset even next to a change of offset.
  let instant = wall - offsetMs(new Date(wall));
  instant = wall - offsetMs(new Date(instant));
  return new Date(instant);
}

/** An instant → its Mexico City datetime-local value ("2026-03-01T09:30"). */
export function instantToMexicoCityLocal(instant: Date): string {
  const parts = Object.fromEntries(partsFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const longFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeStyle: "short", timeZone: TIME_ZONE });

/** "1 de marzo de 2026, 9:30" in Mexico City. */
export function formatMexicoCityDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : longFormat.format(date);
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
