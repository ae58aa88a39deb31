// What typed text may hold, without zod: shared by the server's schemas (./text.ts) and the
// browser's own checks (registration), so the browser bundle never carries zod (issue 11).

/**
 * Characters no typed text needs and that hide what a value really is: control characters (NUL,
 * escapes), format characters (zero-width spaces and joiners, the bidi overrides U+202E…, soft
 * hyphens, BOM), private-use and lone surrogates, line and paragraph separators. A multi-line
 * text keeps its line breaks (\n only; \r\n and \r become \n) and tabs.
 */
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;
const FORBIDDEN_MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\p{Cf}\p{Co}\p{Cs}\p{Zl}\p{Zp}]/u;

export const INVISIBLE_CHARACTERS_MESSAGE =
  "El texto contiene caracteres invisibles o de control. Escríbalo de nuevo con el teclado (sin copiarlo de otro documento).";

/** NFC, \r\n → \n, trimmed: the form a text is compared and stored in. */
export function normalizeText(value: string): string {
  return value.normalize("NFC").replace(/\r\n?/g, "\n").trim();
}

/** Whether a (normalised) text holds a character that `cleanText` refuses. */
export function hasForbiddenCharacters(value: string, multiline = false): boolean {
  return (multiline ? FORBIDDEN_MULTILINE : FORBIDDEN).test(value);
}
