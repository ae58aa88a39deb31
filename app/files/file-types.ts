/**
 * What a visitor is told about a stored file before opening it: its type in the words people
 * use (PDF, DOCX, XLSX...) and its size formatted for es-MX ("PDF, 24 kB").
 */
const TYPE_LABELS: Record<string, string> = {
  "application/pdf": "PDF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "DOCX",
  "application/msword": "DOC",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "XLSX",
  "application/vnd.ms-excel": "XLS",
  "image/svg+xml": "SVG",
  "image/png": "PNG",
  "image/jpeg": "JPG",
  "image/webp": "WEBP",
};

/** The content type for a file name's extension (used when storing files). */
export const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xls: "application/vnd.ms-excel",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

export function fileTypeLabel(contentType: string, fileName?: string): string {
  const known = TYPE_LABELS[contentType.split(";")[0]!.trim().toLowerCase()];
  if (known) return known;
  const extension = fileName?.split(".").pop();
  return extension && extension !== fileName ? extension.toUpperCase() : "Archivo";
}

const kilobytes = new Intl.NumberFormat("es-MX", { style: "unit", unit: "kilobyte", unitDisplay: "short", maximumFractionDigits: 0 });
const megabytes = new Intl.NumberFormat("es-MX", { style: "unit", unit: "megabyte", unitDisplay: "short", maximumFractionDigits: 1 });

/** "24 kB", "1.2 MB" (decimal units, as browsers and operating systems show them). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1_000_000) return megabytes.format(bytes / 1_000_000);
  return kilobytes.format(Math.max(1, Math.round(bytes / 1000)));
}

/** "PDF, 24 kB" */
export function describeFile(file: { content_type: string; file_name: string; byte_size: number }): string {
  return `${fileTypeLabel(file.content_type, file.file_name)}, ${formatFileSize(file.byte_size)}`;
}

/** Inline types the browser shows itself; everything else is offered as a download. */
export function isInlineType(contentType: string): boolean {
  return contentType === "application/pdf" || contentType.startsWith("image/") || contentType.startsWith("text/plain");
}

/** The public URL of a stored file with its readable name as the last segment. */
export function namedFileUrl(id: string, fileName: string): string {
  return `/archivos/${id}/${encodeURIComponent(fileName)}`;
}
