import { z } from "zod";
import { markdownStructureProblem } from "./markdown-limits";
import { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE, normalizeText } from "./text-checks";

// The zod-free checks live in ./text-checks so browser code can use them without zod.
export { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE, normalizeText } from "./text-checks";

/**
 * The zod schema of a typed text, shared by every form and the JSON API: NFC-normalised, trimmed,
 * required (with `required` as the message for a missing or blank value), at most `max`
 * characters, and refused when it holds control or format characters (a name of zero-width
 * spaces, NUL or U+202E is no name). Use `.optional()` for a field that may be left out.
 */
export function cleanText(options: {
  required: string;
  max: number;
  tooLong: string;
  invalid?: string;
  multiline?: boolean;
  /** A Markdown text: also refused when nested too deep to render (markdown-limits.ts); the label names it. */
  markdownLabel?: string;
}) {
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
        .refine((value) => !hasForbiddenCharacters(value, options.multiline), options.invalid ?? INVISIBLE_CHARACTERS_MESSAGE)
        .superRefine((value, ctx) => {
          const problem = options.markdownLabel && value.length <= options.max ? markdownStructureProblem(value, options.markdownLabel) : null;
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
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

// ---------------------------------------------------------------- labelled fields (editors)
// The same rule for the staff editors' fields, whose messages name the field: first the record
// editors' (decision 0026), now every content editor's (pages, records, panels; decision 0032).

/** "«Título» tiene caracteres de control (invisibles)…": the message of a field that holds one. */
export const controlMessage = (label: string) => `«${label}» tiene caracteres de control (invisibles). Bórrelos y escriba el texto de nuevo.`;

// No .pipe(z.string()) after a transform: conform's coercion would read a trimmed "" as "missing".
function lineText(label: string, max: number, required?: string) {
  return z
    .string(required ? { error: required } : undefined)
    .refine((value) => !hasForbiddenCharacters(value), controlMessage(label))
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, `«${label}» tiene más de ${max} caracteres; acórtelo.`)
    .refine((value) => !required || value.length > 0, required ?? "");
}

/** An optional one-line text: no control or format characters (bidi overrides, zero-width spaces…), trimmed, at most `max`. */
export const oneLine = (label: string, max: number) => lineText(label, max).optional();
/** A required one-line text; `required` is the message when it is missing or blank. */
export const requiredLine = (label: string, max: number, required: string) => lineText(label, max, required);

/**
 * A Markdown text (rendered by the one sanitiser): tabs and line breaks allowed, other control and
 * format characters refused, and no nesting deep enough to break the renderer (markdown-limits.ts).
 */
export function markdownText(label: string, max = 50_000) {
  return z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    .refine((value) => !hasForbiddenCharacters(value, true), controlMessage(label))
    .refine((value) => value.length <= max, `«${label}» tiene más de ${max.toLocaleString("es-MX").replace(/,/g, " ")} caracteres; acórtelo.`)
    .superRefine((value, ctx) => {
      const problem = value.length <= max ? markdownStructureProblem(value, label) : null;
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional();
}
