import commonPasswords from "./data/common-passwords";

/**
 * What a new password must be (pure, so the form schemas can use it): at least 8 characters and
 * not one of the most used passwords (a curated list, English and Spanish, in data/).
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 200;

const COMMON = new Set(commonPasswords.map((word) => word.normalize("NFC").toLowerCase()));

/** A password on the curated list of the most used ones (English and Spanish), in any letter case. */
export function isCommonPassword(password: string): boolean {
  const normalized = password.normalize("NFC").toLowerCase();
  if (COMMON.has(normalized)) return true;
  // "aaaaaaaa", "11111111": one repeated character.
  return new Set(normalized).size <= 2;
}

/** Why a new password is refused (Spanish, for the field), or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `La contraseña debe tener como máximo ${MAX_PASSWORD_LENGTH} caracteres.`;
  if (isCommonPassword(password)) return "Esa contraseña es muy común y fácil de adivinar. Elija otra.";
  return null;
}
