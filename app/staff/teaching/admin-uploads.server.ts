import { detectFileType } from "~/accounts/documents";
import { parseFormWithFiles, type CheckedFile, type FileRule, type ParsedForm } from "~/accounts/uploads.server";
import { COURSE_FILE_MESSAGES, COURSE_IMAGE_MAX_BYTES, COURSE_PDF_MAX_BYTES, detectCourseFile } from "~/courses/course-form";
import { fileLimits } from "~/files/file-limits";

export type { FileRule };

export const COURSE_FILE_RULES: Record<"course_image" | "course_pdf", FileRule> = {
  course_image: { maxBytes: COURSE_IMAGE_MAX_BYTES, detect: (bytes) => detectCourseFile(bytes, "image"), messages: COURSE_FILE_MESSAGES.image },
  course_pdf: { maxBytes: COURSE_PDF_MAX_BYTES, detect: (bytes) => detectCourseFile(bytes, "pdf"), messages: COURSE_FILE_MESSAGES.pdf },
};

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_MESSAGES = {
  missing: `Adjunte el comprobante del pago: ${fileLimits(["JPG", "PNG", "PDF"], 5)}.`,
  tooLarge: "El comprobante pesa más de 5 MB. Reduzca su tamaño o elija otro archivo.",
  wrongType: "El comprobante no es JPG, PNG ni PDF. Elija una imagen o un PDF.",
  empty: "El comprobante está vacío. Elija otro archivo.",
} as const;

export const RECEIPT_RULES: Record<"receipt", FileRule> = {
  receipt: { maxBytes: RECEIPT_MAX_BYTES, detect: detectFileType, messages: RECEIPT_MESSAGES },
};

/** A file that passed its field's checks (type from content, cleaned name with the real extension). */
export type AdminUpload = CheckedFile;

export type ParsedAdminForm = ParsedForm;

/**
 * Reads an admin form that may carry files with per-field limits (a course programme may weigh
 * 10 MB, a participant's document 1 MB): the one parser of app/accounts/uploads.server.ts, with the
 * whole body capped at the sum of the file limits plus room for the text fields.
 */
export function parseAdminForm(request: Request, rules: Record<string, FileRule>): Promise<ParsedAdminForm> {
  return parseFormWithFiles(request, rules, adminFormMaxBytes(rules));
}

/** The largest body an admin form with these file rules may send: what its route declares as `maxBodyBytes`. */
export function adminFormMaxBytes(rules: Record<string, FileRule>): number {
  return Object.values(rules).reduce((sum, rule) => sum + rule.maxBytes, 0) + 256 * 1024;
}

/** The course form's largest body (image, programme PDF and texts): its routes' `maxBodyBytes`. */
export const COURSE_FORM_MAX_BYTES = adminFormMaxBytes(COURSE_FILE_RULES);
/** An off-line payment form's largest body (the receipt and texts): its routes' `maxBodyBytes`. */
export const RECEIPT_FORM_MAX_BYTES = adminFormMaxBytes(RECEIPT_RULES);
