import { newFolio } from "./constancia-folio";

/**
 * The folio of a «Constancia anual de educación continua» (decision 0054): "A-" and four groups of
 * five Crockford base-32 characters, 100 random bits like a constancia's (decision 0052), verified
 * on the same page, /verificar/constancia/{folio}. The letter tells the two apart before any query.
 * Client-safe.
 */
const TRANSCRIPT_FOLIO_PATTERN = /^A(?:-[0-9A-HJKMNP-TV-Z]{5}){4}$/;

export const TRANSCRIPT_TITLE = "Constancia anual de educación continua";

export function newTranscriptFolio(): string {
  return `A${newFolio().slice(1)}`;
}

/** The folio as typed (any case, spaces around) in its stored form, or null when it cannot be one. */
export function normalizeTranscriptFolio(value: string): string | null {
  const folio = value.trim().toUpperCase();
  return TRANSCRIPT_FOLIO_PATTERN.test(folio) ? folio : null;
}

/**
 * Where the participant downloads a transcript: of a year ("/profile/constancia-anual/2027.pdf",
 * also where the «Generar» form posts) or by its folio ("/profile/constancia-anual/A-….pdf").
 */
export function transcriptPdfPath(yearOrFolio: number | string): string {
  return `/profile/constancia-anual/${yearOrFolio}.pdf`;
}

/** The id of /profile's «Constancia anual» section, where a download without a transcript lands. */
export const ANNUAL_TRANSCRIPT_ANCHOR = "constancia-anual";

/** The year a constancia counts in: the year of its course's last day (a Mexico City calendar date). */
export function constanciaYear(finishDate: string): number {
  return Number(finishDate.slice(0, 4));
}
