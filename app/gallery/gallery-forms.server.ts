import { z } from "zod";
import { cleanText } from "~/utils/text";

/** An image of a gallery (new and edit). The image file is checked by the upload rule, not here. */
export const galleryImageSchema = z.object({
  title: cleanText({ required: "Escriba el título de la imagen.", max: 200, tooLong: "El título tiene más de 200 caracteres; acórtelo." }),
  author: cleanText({
    required: "Escriba el autor o deje el campo vacío.",
    max: 200,
    tooLong: "El autor tiene más de 200 caracteres; acórtelo.",
  }).optional(),
  caption: cleanText({
    required: "Escriba el pie de foto: la descripción que acompaña la imagen.",
    max: 400,
    tooLong: "El pie de foto tiene más de 400 caracteres; acórtelo.",
  }),
  altText: cleanText({
    required: "Escriba el texto alternativo: lo que muestra la imagen, para quien no puede verla.",
    max: 400,
    tooLong: "El texto alternativo tiene más de 400 caracteres; acórtelo.",
  }),
});
export type GalleryImageInput = z.output<typeof galleryImageSchema>;

/** The texts of a gallery's page. */
export const galleryTextsSchema = z.object({
  title: cleanText({ required: "Escriba el título de la galería.", max: 200, tooLong: "El título tiene más de 200 caracteres; acórtelo." }),
  description: cleanText({
    required: "Escriba la descripción (la que muestran los buscadores).",
    max: 300,
    tooLong: "La descripción tiene más de 300 caracteres; acórtela.",
  }),
  intro: cleanText({
    required: "Escriba la introducción que se lee arriba de las imágenes.",
    max: 2000,
    tooLong: "La introducción tiene más de 2000 caracteres; acórtela.",
    multiline: true,
  }),
});
export type GalleryTextsInput = z.output<typeof galleryTextsSchema>;
