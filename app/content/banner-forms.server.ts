import { z } from "zod";
import { cleanText } from "~/utils/text";
import { safeLinkTarget, SAFE_LINK_MESSAGE } from "~/utils/safe-link";

/** A datetime-local value, read as Mexico City time by the domain function. */
const localDateTime = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, message)
    .optional();

/** The banner form (new and edit). The image is checked by the upload rule, not here. */
export const bannerSchema = z.object({
  heading: cleanText({
    required: "Escriba el encabezado o deje el campo vacío.",
    max: 200,
    tooLong: "El encabezado tiene más de 200 caracteres; acórtelo.",
  }).optional(),
  altText: cleanText({
    required: "Escriba el texto alternativo: lo que muestra la imagen, para quien no puede verla.",
    max: 300,
    tooLong: "El texto alternativo tiene más de 300 caracteres; acórtelo.",
  }),
  link: cleanText({ required: "Escriba el enlace o deje el campo vacío.", max: 500, tooLong: "El enlace tiene más de 500 caracteres; acórtelo." })
    .refine((value) => safeLinkTarget(value) !== null, SAFE_LINK_MESSAGE)
    .transform((value) => safeLinkTarget(value)!)
    .optional(),
  visibleFrom: localDateTime("Escriba la fecha y hora de inicio completas (día, mes, año, hora y minutos)."),
  visibleUntil: localDateTime("Escriba la fecha y hora de fin completas (día, mes, año, hora y minutos)."),
});

export type BannerInput = z.output<typeof bannerSchema>;
