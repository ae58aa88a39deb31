import crypto from "node:crypto";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const RANDOM_LENGTH = 10;
export const MAX_CONTROL_NUMBER_LENGTH = 30;

/**
 * A payment control number: prefix (settings.coursePrefix, "HIMFGCURSOS") + a code (the course
 * id) + 10 random letters/digits from a secure generator. Banorte allows letters and digits only,
 * 30 at most, and rejects a reused one; uniqueness is the database's UNIQUE constraint (the caller
 * retries on a collision).
 */
export function makeControlNumber(prefix: string, code: string | number): string {
  let random = "";
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[crypto.randomInt(ALPHABET.length)];
  const value = `${prefix}${code}${random}`.toUpperCase();
  if (!/^[A-Z0-9]+$/.test(value)) throw new Error(`Control number has characters Banorte refuses: ${value}`);
  if (value.length > MAX_CONTROL_NUMBER_LENGTH) {
    throw new Error(`Control number longer than ${MAX_CONTROL_NUMBER_LENGTH} characters: ${value}`);
  }
  return value;
}

export function isUniqueViolation(error: unknown, column: string): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message) && error.message.includes(column);
}
