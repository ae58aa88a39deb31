/**
 * Participants' identity documents and the upload rules (pure: the server checks with it and the
 * browser gives its immediate message with the very same code).
 */
import type { ParticipantDocumentKind } from "~/db.server";
import type { Profile } from "~/courses/pricing";
import { fileLimits } from "~/files/file-limits";

/** 1 MiB: "de 1 MB como máximo". */
export const MAX_UPLOAD_BYTES = 1024 * 1024;

/** What the file inputs accept (a hint for the browser's picker; the server checks content). */
export const UPLOAD_ACCEPT = ".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf";

export type DetectedFileType = { contentType: "image/jpeg" | "image/png" | "application/pdf"; extension: "jpg" | "png" | "pdf" };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/**
 * The real type of a file from its first bytes (magic numbers), never from its name or the type
 * the browser declares: JPEG (FF D8 FF), PNG (the 8-byte signature and an IHDR chunk), PDF ("%PDF-").
 */
export function detectFileType(bytes: Uint8Array): DetectedFileType | null {
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { contentType: "image/jpeg", extension: "jpg" };
  if (startsWith(bytes, PNG_SIGNATURE) && bytes.length >= 16 && String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR") {
    return { contentType: "image/png", extension: "png" };
  }
  if (startsWith(bytes, PDF_SIGNATURE)) return { contentType: "application/pdf", extension: "pdf" };
  return null;
}

/**
 * The seed's message when a document upload fails with JavaScript on (its "elrchivo" typo fixed),
 * shown in a closable error toast; without JavaScript the server's own message shows instead.
 */
export const UPLOAD_FAILED_MESSAGE = "Error al cargar el archivo, intente nuevamente";

/** What a participant's document may be: "JPG, PNG o PDF, de 1 MB como máximo". */
export const DOCUMENT_LIMITS = fileLimits(["JPG", "PNG", "PDF"], 1);

export const FILE_MESSAGES = {
  missing: `Seleccione el archivo: ${DOCUMENT_LIMITS}.`,
  tooLarge: "El archivo pesa más de 1 MB. Reduzca su tamaño o elija otro archivo.",
  wrongType: "El archivo no es JPG, PNG ni PDF. Elija una imagen JPG o PNG, o un PDF.",
  empty: "El archivo está vacío. Elija otro archivo.",
} as const;

/** The two file fields of the seed's registration payload. */
export const DOCUMENT_FIELDS = ["student_license", "student_license_part_2"] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/**
 * A registration document not chosen, by field: it says which of the two, so the error summary's
 * two entries (Documento 1 and 2 are both missing on an empty form) do not read alike.
 */
export const MISSING_DOCUMENT_MESSAGES: Record<DocumentField, string> = {
  student_license: `Seleccione el archivo del documento 1: ${DOCUMENT_LIMITS}.`,
  student_license_part_2: `Seleccione el archivo del documento 2: ${DOCUMENT_LIMITS}.`,
};

export interface RequiredDocument {
  field: DocumentField;
  kind: ParticipantDocumentKind;
  label: string;
}

/** Which documents each profile proves itself with, and in which field each arrives. */
export const DOCUMENTS_BY_ROLE: Record<Profile, RequiredDocument[]> = {
  PERSONAL_HIMFG: [
    { field: "student_license", kind: "staff_id_front", label: "Credencial de trabajador del HIMFG (frente)" },
    { field: "student_license_part_2", kind: "staff_id_back", label: "Credencial de trabajador del HIMFG (reverso)" },
  ],
  ESTUDIANTE: [
    { field: "student_license", kind: "student_id_front", label: "Credencial de estudiante vigente (frente)" },
    { field: "student_license_part_2", kind: "student_id_back", label: "Credencial de estudiante vigente (reverso)" },
  ],
  EXTERNO: [{ field: "student_license", kind: "professional_license", label: "Cédula profesional" }],
};

export const DOCUMENT_KIND_LABELS: Record<ParticipantDocumentKind, string> = {
  staff_id_front: "Credencial de trabajador del HIMFG (frente)",
  staff_id_back: "Credencial de trabajador del HIMFG (reverso)",
  student_id_front: "Credencial de estudiante (frente)",
  student_id_back: "Credencial de estudiante (reverso)",
  professional_license: "Cédula profesional",
};

export const DOCUMENT_STATUS_LABELS = {
  pendiente: "Pendiente de revisión",
  aprobado: "Aprobado",
  rechazado: "Rechazado",
} as const;
