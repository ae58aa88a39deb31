import { z } from "zod";
import type { FileRule } from "~/accounts/uploads.server";
import { detectOfficeDocument, type OfficeDocumentType } from "~/files/office-documents";
import { cleanText, strictInteger } from "~/utils/text";
import { fileLimits } from "~/files/file-limits";

/**
 * The document editor's forms (issue 12, decision 0024): zod schemas with the Spanish messages,
 * and the one file rule for transparency documents. Server-only, so zod never reaches the browser.
 */

/** 20 MB (decimal, as the form says it). */
export const DOCUMENT_MAX_BYTES = 20_000_000;

export const DOCUMENT_FILE_MESSAGES = {
  missing: `Elija el archivo del documento: ${fileLimits(["PDF", "DOCX", "XLS", "XLSX"], 20)}.`,
  tooLarge: "El archivo pesa más de 20 MB. Redúzcalo (por ejemplo, guarde el PDF con menor resolución) o divídalo en varios documentos.",
  wrongType:
    "El archivo no es un PDF, DOCX, XLS ni XLSX (lo revisamos por su contenido, no por su nombre). Guárdelo en uno de esos formatos y vuelva a subirlo.",
  empty: "El archivo está vacío. Elija otro archivo.",
  badName: "El nombre del archivo no es válido (tiene rutas o caracteres de control). Cámbielo en su computadora y vuelva a elegirlo.",
} as const;

export const DOCUMENT_FILE_RULE: FileRule<OfficeDocumentType["contentType"]> = {
  maxBytes: DOCUMENT_MAX_BYTES,
  detect: detectOfficeDocument,
  messages: DOCUMENT_FILE_MESSAGES,
  refuseHostileNames: true,
};

/** The whole form may carry one document plus its text fields. */
export const DOCUMENT_FORM_MAX_BYTES = DOCUMENT_MAX_BYTES + 256 * 1024;
/**
 * The words of a refused oversized upload, as one name: route modules re-export it, and in the
 * browser bundle a `.server` import is empty, so a route must never read a property of it at the
 * top level (that crashed the route module in the browser).
 */
export const DOCUMENT_TOO_LARGE_MESSAGE = DOCUMENT_FILE_MESSAGES.tooLarge;

const documentTitle = cleanText({
  required: "Escriba el título del documento, como se mostrará en la página.",
  max: 400,
  tooLong: "El título tiene más de 400 caracteres; acórtelo.",
  invalid: "El título contiene caracteres invisibles o de control. Escríbalo de nuevo con el teclado (sin copiarlo de otro documento).",
});

const groupTitle = cleanText({
  required: "Escriba el año o el nombre del grupo, por ejemplo 2026 o «Licitaciones».",
  max: 200,
  tooLong: "El nombre del grupo tiene más de 200 caracteres; acórtelo.",
  invalid: "El nombre del grupo contiene caracteres invisibles o de control. Escríbalo de nuevo con el teclado.",
});

const id = (message: string) => strictInteger({ required: message, message, maxDigits: 12 });

export const addGroupSchema = z.object({
  title: groupTitle,
  place: z.enum(["inicio", "final"], { error: "Elija si el grupo va al principio o al final de la lista." }),
});

export const renameGroupSchema = z.object({ groupId: id("Elija el grupo."), title: groupTitle });

export const deleteGroupSchema = z.object({ groupId: id("Elija el grupo que quiere eliminar.") });

/** The collection's introduction, Markdown (rendered by the one sanitiser, app/content/markdown.server.ts). */
export const introSchema = z.object({
  intro: cleanText({
    required: "Escriba la introducción de la colección (uno o dos párrafos).",
    max: 5000,
    tooLong: "La introducción tiene más de 5000 caracteres; acórtela.",
    invalid: "La introducción contiene caracteres invisibles o de control. Escríbala de nuevo con el teclado (sin copiarla de otro documento).",
    multiline: true,
    markdownLabel: "Introducción",
  }),
});

export const moveSchema = z.object({
  id: id("Elija qué mover."),
  direction: z.enum(["subir", "bajar"], { error: "Elija si sube o baja." }),
});

export const uploadDocumentSchema = z.object({ groupId: id("Elija el año o grupo donde va el documento."), title: documentTitle });

export const renameDocumentSchema = z.object({ title: documentTitle });

export type AddGroupInput = z.output<typeof addGroupSchema>;
export type MoveInput = z.output<typeof moveSchema>;

/** Intents whose only input is the file or the button itself (replace, remove, restore). */
export const noFieldsSchema = z.object({});

/** Replacing a file: the file itself, and optionally its address on the former site (checked by the domain). */
export const replaceDocumentSchema = z.object({ formerAddress: z.string().max(2000, "La dirección anterior es demasiado larga.").optional() });
