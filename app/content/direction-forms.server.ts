import { z } from "zod";
import { cleanText, strictInteger } from "~/utils/text";

/** The directions tree editor's form (server only, so zod stays off the browser). */

/** One lower-case slug segment: "departamento-de-urgencias". */
export const DIRECTION_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const directionNodeSchema = z.object({
  name: cleanText({ required: "Escriba el nombre del área.", max: 200, tooLong: "El nombre tiene más de 200 caracteres; acórtelo." }),
  // Absent for the nodes whose address is not /direccion/{slug} (they keep their fixed address).
  slug: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, "Escriba la dirección corta (slug) del área, por ejemplo departamento-de-urgencias.")
        .max(120, "La dirección corta tiene más de 120 caracteres; acórtela.")
        .regex(
          DIRECTION_SLUG_PATTERN,
          "La dirección corta usa sólo minúsculas sin acentos, números y guiones entre palabras, por ejemplo departamento-de-urgencias.",
        ),
    )
    .optional(),
  // "" (or absent): a top-level direction, shown in the header.
  parentId: z
    .string()
    .trim()
    .regex(/^(|[1-9][0-9]{0,9})$/, "Elija el área de la que depende, de la lista.")
    .optional()
    .transform((value) => (value ? Number(value) : null)),
  position: strictInteger({
    required: "Escriba el orden del área entre sus hermanas (0 es la primera).",
    message: "El orden es un número entero de 0 a 999, sin signos ni decimales.",
    maxDigits: 3,
  }),
});

export type DirectionNodeInput = z.output<typeof directionNodeSchema>;

/** A new node: the same fields, the slug required, and its level (checked against the parent's by the domain). */
export const newDirectionNodeSchema = directionNodeSchema.extend({
  slug: z
    .string({ error: "Escriba la dirección corta (slug) del área, por ejemplo departamento-de-urgencias." })
    .pipe(directionNodeSchema.shape.slug.unwrap()),
  level: z.enum(["direccion", "subdireccion", "departamento", "servicio"], {
    error: "Elija el tipo de área (dirección, subdirección, departamento o servicio).",
  }),
});
