import { unzipSync } from "fflate";

/**
 * The real type of a transparency document from its bytes (never its name nor the type the browser
 * declares): PDF, DOCX, XLSX or XLS. Server-only in practice (it may read a 20 MB zip index), but
 * free of server imports so it can be unit-tested directly.
 *
 * - PDF: starts with "%PDF-".
 * - DOCX / XLSX: a zip (Office Open XML package) whose [Content_Types].xml declares the main part
 *   of a Word document or an Excel workbook. Macro-enabled variants (docm, xlsm) declare another
 *   type and are refused, as is any other zip (a renamed .jar or .apk).
 * - XLS: an OLE2 compound file (D0 CF 11 E0 A1 B1 1A E1) whose directory holds a "Workbook" (or
 *   the older "Book") stream. A .doc, also OLE2, has "WordDocument" instead and is refused.
 */
export type OfficeDocumentType =
  | { contentType: "application/pdf"; extension: "pdf" }
  | { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document"; extension: "docx" }
  | { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"; extension: "xlsx" }
  | { contentType: "application/vnd.ms-excel"; extension: "xls" };

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const DOCX_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
const XLSX_MAIN = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml";

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

export function detectOfficeDocument(bytes: Uint8Array): OfficeDocumentType | null {
  if (startsWith(bytes, PDF)) return { contentType: "application/pdf", extension: "pdf" };
  if (startsWith(bytes, ZIP)) return detectOpenXml(bytes);
  if (startsWith(bytes, OLE2)) return isOleWorkbook(bytes) ? { contentType: "application/vnd.ms-excel", extension: "xls" } : null;
  return null;
}

function detectOpenXml(bytes: Uint8Array): OfficeDocumentType | null {
  let types: string;
  try {
    // Only [Content_Types].xml is inflated; the other entries are listed, not read.
    const entries = unzipSync(bytes, { filter: (file) => file.name === "[Content_Types].xml" && file.originalSize <= 1_000_000 });
    const raw = entries["[Content_Types].xml"];
    if (!raw) return null;
    types = new TextDecoder().decode(raw);
  } catch {
    return null;
  }
  const mainPart = (contentType: string) => new RegExp(`ContentType="${contentType.replace(/[.+]/g, "\\$&")}"`).test(types);
  if (mainPart(DOCX_MAIN)) return { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extension: "docx" };
  if (mainPart(XLSX_MAIN)) return { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extension: "xlsx" };
  return null;
}

/**
 * Reads the compound file's directory (MS-CFB) and looks for the workbook stream. Every offset is
 * checked against the buffer, and the sector chain is bounded, so a crafted file cannot loop or
 * read outside it.
 */
function isOleWorkbook(bytes: Uint8Array): boolean {
  if (bytes.length < 512) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sectorShift = view.getUint16(30, true);
  if (sectorShift !== 9 && sectorShift !== 12) return false;
  const sectorSize = 1 << sectorShift;
  const sectorOffset = (sector: number) => (sector + 1) * sectorSize;

  // The FAT: its sector numbers are in the header (109 at most; enough for files far beyond 20 MB).
  const fatSectors: number[] = [];
  const fatCount = Math.min(view.getUint32(44, true), 109);
  for (let i = 0; i < fatCount; i++) fatSectors.push(view.getUint32(76 + i * 4, true));
  const perSector = sectorSize / 4;
  const nextSector = (sector: number): number | null => {
    const fatSector = fatSectors[Math.floor(sector / perSector)];
    if (fatSector === undefined) return null;
    const at = sectorOffset(fatSector) + (sector % perSector) * 4;
    return at + 4 <= bytes.length ? view.getUint32(at, true) : null;
  };

  let sector: number | null = view.getUint32(48, true);
  const maxSectors = Math.ceil(bytes.length / sectorSize);
  for (let steps = 0; sector !== null && sector < 0xfffffffa && steps < maxSectors; steps++) {
    const start = sectorOffset(sector);
    if (start + sectorSize > bytes.length) return false;
    for (let entry = start; entry < start + sectorSize; entry += 128) {
      const nameBytes = view.getUint16(entry + 64, true);
      if (nameBytes < 2 || nameBytes > 64) continue;
      const name = new TextDecoder("utf-16le").decode(bytes.subarray(entry, entry + nameBytes - 2));
      // Object type 2 is a stream.
      if (bytes[entry + 66] === 2 && (name === "Workbook" || name === "Book")) return true;
    }
    sector = nextSector(sector);
  }
  return false;
}
