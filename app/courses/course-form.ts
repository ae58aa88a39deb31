/**
 * The staff course form (pure: the admin route parses with it on the server and renders its
 * choices). Field names are the seed's (course_*, modality_id, month_id) so another client can
 * post the same form. Prices are typed in pesos with up to two decimals and become integer
 * centavos here, by string arithmetic (never through a float).
 */
import { z } from "zod";
import { MONTHS } from "./catalogue";
import { hasInPersonSeats, MODALITY_IDS, MODALITY_LABELS, parseModalityId, type ModalityId } from "./modality";
import { hasForbiddenCharacters } from "~/utils/text-checks";

export const COURSE_URL_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** "1,500.50" or "1500.5" → 150050 centavos; null when it is not an amount in pesos. */
export function pesosToCentavos(value: string): number | null {
  const cleaned = value.trim().replace(/^\$\s*/, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const pesos = Number(match[1]!.replace(/,/g, ""));
  const cents = Number((match[2] ?? "").padEnd(2, "0"));
  const total = pesos * 100 + cents;
  return Number.isSafeInteger(total) && total <= 100_000_000_00 ? total : null;
}

/** 150050 → "1500.50" (what the form shows back for editing). */
export function centavosToPesos(centavos: number): string {
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;
}

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2000 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const price = (label: string) =>
  z.string({ error: `Escriba el ${label} en pesos; 0 si es gratuito.` }).transform((value, ctx) => {
    const centavos = pesosToCentavos(value);
    if (centavos === null) {
      ctx.addIssue({
        code: "custom",
        message: `Escriba el ${label} en pesos, sin signo negativo y con hasta dos decimales, por ejemplo 1500 o 1500.50.`,
      });
      return z.NEVER;
    }
    return centavos;
  });

const calendarDate = (missing: string) =>
  z.string({ error: missing }).trim().refine(isCalendarDate, "Escriba una fecha válida con el formato AAAA-MM-DD.");

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();

// No control or format characters (bidi overrides, zero-width spaces) in anything a participant
// will read: the site's one text rule (app/utils/text-checks.ts).
const noControl = (value: string | undefined) => value === undefined || !hasForbiddenCharacters(value, true);

export const courseSchema = z.object({
  course_name: z
    .string({ error: "Escriba el nombre del curso." })
    .trim()
    .min(1, "Escriba el nombre del curso.")
    .max(200, "El nombre del curso es demasiado largo (máximo 200 caracteres).")
    .refine(noControl, "Quite los caracteres de control del nombre."),
  course_summary: optionalText(600, "La descripción es demasiado larga (máximo 600 caracteres).").refine(
    noControl,
    "Quite los caracteres de control de la descripción.",
  ),
  course_start_date: calendarDate("Escriba la fecha de inicio."),
  course_finish_date: calendarDate("Escriba la fecha de término."),
  course_price: price("precio para externos"),
  course_student_price: price("precio para estudiantes"),
  course_employee_price: price("precio para personal HIMFG"),
  course_url: z
    .string()
    .trim()
    .regex(
      COURSE_URL_PATTERN,
      "La dirección del curso solo puede llevar minúsculas sin acentos, números y guiones (por ejemplo, pediatria-2027), y empezar con letra o número.",
    )
    .optional(),
  course_password: optionalText(100, "La contraseña del curso es demasiado larga (máximo 100 caracteres).").refine(
    noControl,
    "Quite los caracteres de control de la contraseña.",
  ),
  course_able: z.literal("1").optional(),
  course_max_range: z
    .number({ error: "Escriba el cupo presencial en números; 0 si el curso es solo en línea." })
    .int("Escriba el cupo como número entero.")
    .min(0, "El cupo no puede ser negativo.")
    .max(100_000, "El cupo es demasiado grande."),
  modality_id: z
    .enum(MODALITY_IDS.map(String) as [string, ...string[]], { error: "Elija la modalidad del curso." })
    .transform((value) => Number(value) as ModalityId),
  month_id: z
    .number({ error: "Elija el mes del catálogo." })
    .int("Elija el mes del catálogo.")
    .min(0, "Elija el mes del catálogo.")
    .max(11, "Elija el mes del catálogo."),
  capacity_wording: z.enum(["plazas", "personas"], { error: "Elija cómo se muestra el cupo: plazas o personas." }),
  venue: optionalText(200, "La sede es demasiado larga (máximo 200 caracteres).").refine(noControl, "Quite los caracteres de control de la sede."),
  online_access_url: z
    .string()
    .trim()
    .max(500, "La liga de acceso es demasiado larga.")
    .regex(/^https:\/\/[^\s<>"]+$/, "La liga de acceso en línea debe empezar con https://")
    .optional(),
});

export type CourseFormValue = z.output<typeof courseSchema>;

/** The checks between fields, on the raw form values (so they show alongside every other error). */
export function courseCrossFieldErrors(raw: { start?: string; finish?: string; modality?: string; venue?: string }): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const start = raw.start?.trim() ?? "";
  const finish = raw.finish?.trim() ?? "";
  if (isCalendarDate(start) && isCalendarDate(finish) && finish < start) {
    errors.course_finish_date = ["La fecha de término no puede ser anterior a la de inicio."];
  }
  const modality = parseModalityId(raw.modality);
  if (modality !== null && hasInPersonSeats(modality) && !raw.venue?.trim()) {
    errors.venue = ["Escriba la sede: un curso presencial necesita dónde impartirse."];
  }
  return errors;
}

export const MODALITY_OPTIONS = MODALITY_IDS.map((id) => ({
  value: String(id),
  label: MODALITY_LABELS[id],
}));
export const MONTH_OPTIONS = MONTHS.map((label, index) => ({ value: String(index), label }));

/** The course files: what each accepts, checked by content on the server. */
export const COURSE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const COURSE_PDF_MAX_BYTES = 10 * 1024 * 1024;

export type CourseFileKind = "image" | "pdf";

/** JPEG, PNG or WebP by their first bytes (the image); PDF by "%PDF-" (the programme). */
export function detectCourseFile(bytes: Uint8Array, kind: CourseFileKind): { contentType: string; extension: string } | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (kind === "pdf") return bytes.length >= 5 && ascii(0, 5) === "%PDF-" ? { contentType: "application/pdf", extension: "pdf" } : null;
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: "image/jpeg", extension: "jpg" };
  if (bytes.length >= 16 && bytes[0] === 0x89 && ascii(1, 4) === "PNG" && ascii(12, 16) === "IHDR")
    return { contentType: "image/png", extension: "png" };
  if (bytes.length >= 16 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP" && ascii(12, 15) === "VP8")
    return { contentType: "image/webp", extension: "webp" };
  return null;
}

export const COURSE_FILE_MESSAGES = {
  image: {
    tooLarge: "La imagen pesa más de 2 MB. Reduzca su tamaño o elija otra.",
    wrongType: "La imagen no es JPG, PNG ni WebP. Elija una imagen en alguno de esos formatos.",
    empty: "La imagen está vacía. Elija otro archivo.",
  },
  pdf: {
    tooLarge: "El programa pesa más de 10 MB. Reduzca su tamaño o elija otro archivo.",
    wrongType: "El programa no es un PDF. Elija el programa en formato PDF.",
    empty: "El programa está vacío. Elija otro archivo.",
  },
} as const;
