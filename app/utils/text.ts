import { z } from "zod";
import { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE, normalizeText } from "./text-checks";

// The zod-free checks live in ./text-checks so browser code can use them without zod.
export { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE, normalizeText } from "./text-checks";

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
