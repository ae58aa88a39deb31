import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import { uploadBody } from "~/actions/pipeline.server";
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

/** The largest body of a form with one content image: what its route declares as `maxBodyBytes`. */
export const IMAGE_FORM_MAX_BYTES = CONTENT_IMAGE_MAX_BYTES + 256 * 1024;

/**
 * How a banner or gallery form is read by its staffAction (multipart, one image): the image
 * through CONTENT_IMAGE_RULE (type read from the bytes), the body capped at IMAGE_FORM_MAX_BYTES
 * (413 with the image's own too-large message).
 */
export const contentImageBody = uploadBody(
  { [IMAGE_FIELD]: CONTENT_IMAGE_RULE },
  { maxBytes: IMAGE_FORM_MAX_BYTES, tooLarge: CONTENT_IMAGE_MESSAGES.tooLarge },
);

/** The `requiredFiles` of a form that must bring its image (a new banner, a new gallery image). */
export const IMAGE_REQUIRED = { [IMAGE_FIELD]: CONTENT_IMAGE_MESSAGES.missing };

/** The image a form brought, checked by CONTENT_IMAGE_RULE (undefined when none was chosen). */
export function imageOf(files: Map<string, CheckedFile>): CheckedImage | undefined {
  return files.get(IMAGE_FIELD) as CheckedImage | undefined;
}
