import { z } from "zod";
import { cleanText, strictInteger } from "~/utils/text";
import { linkTargetProblem } from "./link-target";
import { MENU_NAMES } from "./menus";

/** The menu editor's forms (server only: routes import them from here so zod stays off the browser). */

const label = cleanText({
  required: "Escriba la etiqueta del enlace (el texto que se ve en el menú).",
  max: 80,
  tooLong: "La etiqueta tiene más de 80 caracteres; acórtela.",
});

const href = z
  .string({ error: "Escriba el destino del enlace: una ruta del sitio (/transparencia) o una dirección https://…" })
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    const problem = linkTargetProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const position = strictInteger({
  required: "Escriba el orden del enlace (1 es el primero).",
  message: "El orden es un número entero de 0 a 999, sin signos ni decimales.",
  maxDigits: 3,
});

export const menuLinkSchema = z.object({ label, href, position });

export const menuLinkAddSchema = menuLinkSchema.extend({
  menu: z.enum(MENU_NAMES, { error: "Elija el menú al que se agrega el enlace." }),
});

export type MenuLinkInput = z.output<typeof menuLinkSchema>;
export type MenuLinkAddInput = z.output<typeof menuLinkAddSchema>;
