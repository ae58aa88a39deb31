/**
 * A constancia's folio (decision 0052): "C-" and four groups of five characters of Crockford's
 * base 32 (digits and upper-case letters without I, L, O, U), 100 random bits: printed on the
 * constancia, carried by its QR code, and the only key of /verificar/constancia/{folio}. Never
 * derived from an id, so nobody finds another person's constancia by counting. Client-safe.
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const FOLIO_PATTERN = /^C(?:-[0-9A-HJKMNP-TV-Z]{5}){4}$/;

/** A new folio from 20 random base-32 digits (Web Crypto: the same on the server and in tests). */
export function newFolio(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const digits = Array.from(bytes, (byte) => ALPHABET[byte & 31]).join("");
  return `C-${digits.slice(0, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 15)}-${digits.slice(15, 20)}`;
}

/** The folio as typed (any case, spaces around) in its stored form, or null when it cannot be one. */
export function normalizeFolio(value: string): string | null {
  const folio = value.trim().toUpperCase();
  return FOLIO_PATTERN.test(folio) ? folio : null;
}

/** The verification page of a folio: "/verificar/constancia/C-…". */
export function constanciaVerificationPath(folio: string): string {
  return `/verificar/constancia/${folio}`;
}

/** Where the participant downloads the PDF of a standing constancia of theirs. */
export function constanciaPdfPath(folio: string): string {
  return `/profile/constancias/${folio}.pdf`;
}

export const CONSTANCIA_KIND_LABELS = { asistencia: "Constancia de asistencia", acreditacion: "Constancia de acreditación" } as const;
