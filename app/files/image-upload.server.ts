import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { z } from "zod";
import { parseFormWithFiles, type CheckedFile, type FileRule } from "~/accounts/uploads.server";
import { mergeErrors } from "~/staff/teaching/route-helpers.server";
import { readImageInfo, type ImageInfo } from "./image-size";
import { fileLimits } from "./file-limits";

/** Images staff publish (banners, gallery): JPG, PNG or WebP, at most 2 MB, checked by content. */
export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const CONTENT_IMAGE_MESSAGES = {
  missing: `Elija la imagen: ${fileLimits(["JPG", "PNG", "WebP"], 2)}.`,
  tooLarge: "La imagen pesa más de 2 MB. Reduzca su tamaño o elija otra.",
  wrongType: "El archivo no es una imagen JPG, PNG ni WebP (se revisa su contenido, no su nombre). Elija una imagen en alguno de esos formatos.",
  empty: "La imagen está vacía. Elija otro archivo.",
} as const;

export const CONTENT_IMAGE_RULE: FileRule<ImageInfo["contentType"]> = {
  maxBytes: CONTENT_IMAGE_MAX_BYTES,
  detect: readImageInfo,
  messages: CONTENT_IMAGE_MESSAGES,
  fallbackName: "imagen",
};

/** The name of the file field in the banner and gallery forms. */
export const IMAGE_FIELD = "imagen";

export type CheckedImage = CheckedFile<ImageInfo["contentType"]>;

/** The pixel size of an image that passed CONTENT_IMAGE_RULE. */
export function imageSizeOf(image: CheckedImage): { width: number; height: number } {
  const info = readImageInfo(image.data);
  if (!info) throw new Error("a checked image has no readable size");
  return { width: info.width, height: info.height };
}

/**
 * The first step of a banner or gallery form's action (multipart, one image): the text fields
 * through the zod schema, the image through CONTENT_IMAGE_RULE, and — when `requireImage` — a
 * message for a missing one, all at once. Returns the parsed values and the checked image, or
 * `done`: a 400 (413 for a body over the limit) with every error and the typed values (never the file).
 */
/** The largest body of a form with one content image: what its route declares as `maxBodyBytes`. */
export const IMAGE_FORM_MAX_BYTES = CONTENT_IMAGE_MAX_BYTES + 256 * 1024;

export async function parseImageSubmission<Schema extends z.ZodType>(request: Request, schema: Schema, requireImage: boolean) {
  const form = await parseFormWithFiles(request, { [IMAGE_FIELD]: CONTENT_IMAGE_RULE }, IMAGE_FORM_MAX_BYTES);
  if (!form.ok) {
    const result = parseWithZod(new FormData(), { schema }).reply({
      formErrors: [form.status === 413 ? CONTENT_IMAGE_MESSAGES.tooLarge : "No pudimos leer el formulario. Vuelva a intentarlo."],
    });
    return { done: data({ result: result as SubmissionResult<string[]> }, { status: form.status === 413 ? 413 : 400 }) } as const;
  }
  const submission = parseWithZod(form.fields, { schema });
  const image = form.files.get(IMAGE_FIELD);
  const missing = requireImage && !image && !form.fileErrors[IMAGE_FIELD] ? { [IMAGE_FIELD]: [CONTENT_IMAGE_MESSAGES.missing] } : {};
  const fieldErrors = mergeErrors(submission.status === "success" ? {} : (submission.error ?? {}), form.fileErrors, missing);
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    return { done: data({ result: submission.reply({ fieldErrors }) as SubmissionResult<string[]> }, { status: 400 }) } as const;
  }
  return { submission, value: submission.value as z.output<Schema>, image } as const;
}
