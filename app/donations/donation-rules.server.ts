import type { FileRule } from "~/accounts/uploads.server";
import { detectFileType, FILE_MESSAGES, MAX_UPLOAD_BYTES, type DetectedFileType } from "~/accounts/documents";
import { DONATION_FIELDS } from "./donation-options";

// The two files of the donation form, checked by content (app/accounts/uploads.server.ts).

/** The letter of intent: JPG, PNG or PDF, at most 1 MB. */
const LETTER_RULE: FileRule<DetectedFileType["contentType"]> = {
  maxBytes: MAX_UPLOAD_BYTES,
  detect: detectFileType,
  messages: {
    tooLarge: "La carta de motivos pesa más de 1 MB. Reduzca su tamaño o elija otro archivo.",
    wrongType: "La carta de motivos no es JPG, PNG ni PDF. Elija una imagen JPG o PNG, o un PDF.",
    empty: FILE_MESSAGES.empty,
  },
  fallbackName: "carta-de-motivos",
};

/** The constancia de situación fiscal: PDF only, at most 1 MB. */
const TAX_CERTIFICATE_RULE: FileRule<DetectedFileType["contentType"]> = {
  maxBytes: MAX_UPLOAD_BYTES,
  detect: (bytes) => {
    const type = detectFileType(bytes);
    return type?.contentType === "application/pdf" ? type : null;
  },
  messages: {
    tooLarge: "La constancia de situación fiscal pesa más de 1 MB. Reduzca su tamaño o descárguela de nuevo del SAT.",
    wrongType: "La constancia de situación fiscal debe ser un archivo PDF.",
    empty: FILE_MESSAGES.empty,
  },
  fallbackName: "constancia-situacion-fiscal",
};

export const DONATION_FILE_RULES = {
  [DONATION_FIELDS.letter]: LETTER_RULE,
  [DONATION_FIELDS.taxCertificate]: TAX_CERTIFICATE_RULE,
};
