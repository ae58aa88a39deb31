import { z } from "zod";
import { markdownText, oneLine, requiredLine } from "~/utils/text";

/**
 * The pages editor's forms (shared by the server and the browser, so no server imports here).
 * Messages say what to fix, in Spanish.
 */

export const PAGE_STATUSES = ["borrador", "publicada", "programada"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];

export const PAGE_STATUS_LABELS: Record<PageStatus, string> = {
  borrador: "Borrador (no se publica)",
  publicada: "Publicar ahora",
  programada: "Programar la publicación",
};

/**
 * What each choice does to a published record (decision 0033): a draft or a schedule never takes
 * the published version down.
 */
const PUBLISHED_HINTS: Record<PageStatus, string> = {
  borrador: "La versión publicada sigue visible; estos cambios se guardan aparte hasta que los publique.",
  publicada: "Estos cambios reemplazan la versión publicada en cuanto guarde.",
  programada: "La versión publicada sigue visible hasta la fecha y hora que elija; entonces estos cambios la reemplazan.",
};

/** The publication choice's options; for a published record, each says what happens to the published version. */
export function publicationOptions(published: boolean): { value: PageStatus; label: string; hint?: string }[] {
  return PAGE_STATUSES.map((value) => ({ value, label: PAGE_STATUS_LABELS[value], hint: published ? PUBLISHED_HINTS[value] : undefined }));
}

/** Lower-case slug segments: "/convocatoria/avisos-2026". */
export const PAGE_PATH_PATTERN = /^(\/[a-z0-9]+(?:-[a-z0-9]+)*){1,4}$/;

// Control characters never belong in a one-line field; tabs and new lines do in a body.
const oneLineText = (value: string) => value.replace(/[\u0000-\u001f\u007f]/g, " ").trim();

// The site's one text rule (app/utils/text.ts), as in the record editors: control and format
// characters (bidi overrides, zero-width spaces) are refused with the field's name, not stored;
// the body is also refused when nested too deep to render (decision 0032).
const pageText = {
  title: requiredLine("Título", 200, "Escriba el título de la página."),
  navLabel: oneLine("Etiqueta del menú", 80),
  summary: requiredLine("Resumen", 300, "Escriba el resumen (la descripción que muestran los buscadores)."),
  body: markdownText("Contenido", 100_000),
  status: z.enum(PAGE_STATUSES, { error: "Elija si la página queda en borrador, se publica ahora o se programa." }),
  // A datetime-local value, read as Mexico City time.
  publishAt: z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, "Escriba la fecha y hora de publicación completas (día, mes, año, hora y minutos).")
    .optional(),
};

export function requirePublishAt(value: { status: PageStatus; publishAt?: string }, ctx: z.RefinementCtx) {
  if (value.status === "programada" && !value.publishAt) {
    ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Escriba la fecha y hora en que se publicará la página." });
  }
}

export const pageEditSchema = z.object(pageText).superRefine(requirePublishAt);

export const pageCreateSchema = z
  .object({
    path: z
      .string({ error: "Escriba la dirección de la página, por ejemplo /convocatoria/avisos-2026." })
      .transform((value) => oneLineText(value).replace(/\/+$/, ""))
      .pipe(
        z
          .string()
          .min(1, "Escriba la dirección de la página, por ejemplo /convocatoria/avisos-2026.")
          .max(160, "La dirección tiene más de 160 caracteres; acórtela.")
          .regex(
            PAGE_PATH_PATTERN,
            "La dirección empieza con / y usa sólo minúsculas sin acentos, números y guiones, en uno a cuatro tramos separados por /, por ejemplo /convocatoria/avisos-2026.",
          ),
      ),
    ...pageText,
  })
  .superRefine(requirePublishAt);

export type PageEditInput = z.output<typeof pageEditSchema>;
export type PageCreateInput = z.output<typeof pageCreateSchema>;

/** The editable state of a page, as a revision keeps it. */
export interface PageSnapshot {
  path: string;
  title: string;
  navLabel: string | null;
  summary: string;
  body: string;
  status: PageStatus;
  publishAt: string | null;
}

/** The names of a page's fields, for the history (client-safe). */
export const SNAPSHOT_FIELD_LABELS: Record<keyof PageSnapshot, string> = {
  path: "Dirección",
  title: "Título",
  navLabel: "Etiqueta del menú",
  summary: "Resumen",
  body: "Contenido",
  status: "Estado",
  publishAt: "Publicación programada",
};
