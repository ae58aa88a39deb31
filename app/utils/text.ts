import { z } from "zod";

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

/**
 * The zod schema of a typed text, shared by every form and the JSON API: NFC-normalised, trimmed,
 * required (with `required` as the message for a missing or blank value), at most `max`
 * characters, and refused when it holds control or format characters (a name of zero-width
 * spaces, NUL or U+202E is no name). Use `.optional()` for a field that may be left out.
 */
export function cleanText(options: { required: string; max: number; tooLong: string; invalid?: string; multiline?: boolean }) {
  return z
    .string({ error: options.required })
    .transform(normalizeText)
    .pipe(
      // conform turns an empty string into undefined at every z.string() it meets, also this inner
      // one after the trim: a blank "   " must get the same Spanish message as a missing value.
      z
        .string({ error: options.required })
        .min(1, options.required)
        .max(options.max, options.tooLong)
        .refine((value) => !hasForbiddenCharacters(value, options.multiline), options.invalid ?? INVISIBLE_CHARACTERS_MESSAGE),
    );
}

/**
 * A whole number typed by a person: digits only (no sign, no "0x22", no "3.4e1", no spaces
 * inside), so what is stored is what was written. `message` for anything else.
 */
export function strictInteger(options: { required: string; message: string; maxDigits?: number }) {
  const digits = new RegExp(`^[0-9]{1,${options.maxDigits ?? 9}}$`);
  return z
    .string({ error: options.required })
    .transform((value) => value.trim())
    .pipe(z.string().min(1, options.required).regex(digits, options.message))
    .transform((value) => Number.parseInt(value, 10));
}
