/**
 * The catalogue's pure rules: months, dates, modality and capacity wording, and which action
 * button a course card offers. No database and no browser APIs, so the server and the pages use
 * the very same code and unit tests cover it directly.
 */
import type { CapacityWording } from "~/db.server";
import { MODALITY, type ModalityId } from "./modality";
import { mexicoCityMonth } from "~/utils/mexico-city";
import * as clock from "~/utils/clock.server";

export const MONTHS = [
  "Enero",
  "Febrero",
  "Marzo",
  "Abril",
  "Mayo",
  "Junio",
  "Julio",
  "Agosto",
  "Septiembre",
  "Octubre",
  "Noviembre",
  "Diciembre",
] as const;

export const CATALOGUE_PATH = "/ensenanza/offer";

export function isMonthId(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value <= 11;
}

/** The catalogue URL of a month: /ensenanza/offer?mes=N. */
export function monthHref(monthId: number): string {
  return `${CATALOGUE_PATH}?mes=${monthId}`;
}

/** A page of a month in the catalogue; page 1 is the month's own address. */
export function cataloguePageHref(monthId: number, page: number): string {
  return page > 1 ? `${monthHref(monthId)}&pagina=${page}` : monthHref(monthId);
}

/**
 * The current month (0–11) in Mexico City, whatever the server's own time zone: the catalogue
 * is Mexican, so on the night of 31 January at 23:00 in Mexico City it is still January even
 * though it is already February in UTC.
 */
export function currentMonthInMexicoCity(now: Date = clock.now()): number {
  return mexicoCityMonth(now).month - 1;
}

/** Reads ?mes=N; anything that is not a month id 0–11 gives null (the caller picks the current month). */
export function parseMonthParam(value: string | null): number | null {
  if (value === null || !/^\d{1,2}$/.test(value)) return null;
  const month = Number(value);
  return isMonthId(month) ? month : null;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const longDate = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "UTC" });

/**
 * "15 de marzo de 2027" from the calendar date "2027-03-15". The date is a day on the Mexican
 * calendar, not an instant: it is built at UTC midnight and formatted in UTC, so neither the
 * server's nor the browser's time zone can move it to the day before or after.
 */
export function formatCalendarDate(isoDate: string): string {
  const match = CALENDAR_DATE.exec(isoDate);
  if (!match) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${isoDate}`);
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new RangeError(`Not a calendar date: ${isoDate}`);
  }
  return longDate.format(date);
}

export interface CapacityInput {
  modality_id: ModalityId;
  course_max_range: number;
  capacity_wording: CapacityWording;
}

/**
 * The capacity line of a card: in-person seats counted in the course's own word ("30 plazas",
 * "30 personas"); online places are unlimited. Capacity 0 on a course offered both ways means
 * it is online only.
 */
export function capacityLabel(course: CapacityInput): string {
  const n = course.course_max_range;
  const seats = `${n} ${n === 1 ? course.capacity_wording.replace(/s$/, "") : course.capacity_wording}`;
  switch (course.modality_id) {
    case MODALITY.PRESENCIAL:
      return n > 0 ? seats : "Sin cupo presencial disponible";
    case MODALITY.EN_LINEA:
      return "En línea, sin límite";
    case MODALITY.PRESENCIAL_Y_EN_LINEA:
      return n > 0 ? `Presencial: ${seats}; en línea: sin límite` : "Solo en línea (sin cupo presencial), sin límite";
  }
}

export type CardAction = { kind: "closed" } | { kind: "choose"; label: "Inscripción" | "Comprar"; target: "/register" | "/payment" };

/**
 * The card button, exactly as the seed specification's section 4 matrix:
 *   price > 0, open, anonymous  → "Inscripción" to /register
 *   price > 0, open, signed in  → "Comprar" to /payment
 *   free, open, signed in       → "Inscripción" to /payment
 *   free, open, anonymous       → "Inscripción" to /register
 *   not open                    → no action button
 * `price` is the viewer's profile price (an anonymous visitor is priced as EXTERNO, which
 * gives the same button either way: every anonymous visitor registers first).
 */
export function cardAction(input: { price: number; open: boolean; signedIn: boolean }): CardAction {
  if (!input.open) return { kind: "closed" };
  if (!input.signedIn) return { kind: "choose", label: "Inscripción", target: "/register" };
  return input.price > 0 ? { kind: "choose", label: "Comprar", target: "/payment" } : { kind: "choose", label: "Inscripción", target: "/payment" };
}
