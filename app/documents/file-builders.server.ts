import { strToU8, zipSync, type Zippable } from "fflate";

/**
 * Small, valid document files built in memory: PDF (written by hand: a one-page PDF 1.4 with the
 * standard Helvetica fonts needs no library), and DOCX/XLSX (Office Open XML zip packages, zipped
 * with fflate). Output is deterministic for the same input, so a file's hash (its ETag) is stable.
 */

export interface DocumentContent {
  title: string;
  /** Who issues it, e.g. "Subdirección de Recursos Financieros". */
  issuer: string;
  /** Body paragraphs. */
  paragraphs: string[];
  /** ISO date used as the document date (kept fixed so builds are reproducible). */
  date: string;
}

const INSTITUTION = "Hospital Infantil de México Federico Gómez";

// ---------------------------------------------------------------------------------------------
// PDF

// Windows-1252 (WinAnsiEncoding) bytes for the few characters outside Latin-1 that Spanish
// typography uses; Latin-1 itself maps one to one.
const WIN_ANSI_EXTRA: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  "„": 0x84,
  "…": 0x85,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
};

function winAnsiBytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) bytes.push(code);
    else if (code >= 0xa0 && code <= 0xff) bytes.push(code);
    else bytes.push(WIN_ANSI_EXTRA[char] ?? 0x3f);
  }
  return bytes;
}

/** A PDF literal string: "(" bytes ")" with \, ( and ) escaped; returned as latin1 text. */
function pdfString(text: string): string {
  return (
    "(" +
    winAnsiBytes(text)
      .map((byte) => {
        const char = String.fromCharCode(byte);
        return char === "\\" || char === "(" || char === ")" ? `\\${char}` : char;
      })
      .join("") +
    ")"
  );
}

/** A text string for the document information dictionary (UTF-16BE with BOM, hex). */
function pdfTextString(text: string): string {
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0").toUpperCase();
  return `<${hex}>`;
}

function wrap(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function pdfDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split("-");
  return `D:${y}${m}${d}120000-06'00'`;
}

export function buildPdf(content: DocumentContent): Buffer {
  // A4 portrait in points; text set in Helvetica (one of the 14 standard fonts, no embedding).
  const ops: string[] = [
    "BT",
    "/F2 9 Tf",
    "56 790 Td",
    `${pdfString(INSTITUTION.toUpperCase())} Tj`,
    "0 -14 Td",
    `${pdfString(content.issuer)} Tj`,
    "ET",
  ];
  ops.push("0.62 0.13 0.25 RG 1.5 w 56 760 m 539 760 l S");
  let y = 730;
  ops.push("BT", "/F2 15 Tf", `56 ${y} Td`);
  const titleLines = wrap(content.title, 60);
  titleLines.forEach((line, index) => ops.push(`${index === 0 ? "" : "0 -19 Td "}${pdfString(line)} Tj`));
  ops.push("ET");
  y -= titleLines.length * 19 + 14;
  for (const paragraph of content.paragraphs) {
    const lines = wrap(paragraph, 92);
    ops.push("BT", "/F1 10 Tf", `56 ${y} Td`, "14 TL");
    lines.forEach((line, index) => ops.push(`${index === 0 ? "" : "T* "}${pdfString(line)} Tj`));
    ops.push("ET");
    y -= lines.length * 14 + 10;
    if (y < 80) break;
  }
  ops.push(
    "BT",
    "/F1 8 Tf",
    "56 40 Td",
    `${pdfString(`${INSTITUTION} · Dr. Márquez 162, Col. Doctores, Cuauhtémoc, 06720, Ciudad de México`)} Tj`,
    "ET",
  );
  const stream = ops.join("\n");

  const objects = [
    "<< /Type /Catalog /Pages 2 0 R /Lang (es-MX) >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfTextString(content.title)} /Author ${pdfTextString(INSTITUTION)} /Subject ${pdfTextString(content.issuer)} /Producer (HIMFG sitio web) /CreationDate (${pdfDate(content.date)}) >>`,
  ];

  // Header with a binary comment so transfer tools treat the file as binary.
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  const id = simpleHash(stream).padEnd(32, "0");
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** A short stable hex digest (FNV-1a, twice) for the PDF /ID; not a security hash. */
function simpleHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    a = Math.imul(a ^ text.charCodeAt(i), 0x01000193) >>> 0;
    b = Math.imul(b ^ text.charCodeAt(text.length - 1 - i), 0x01000193) >>> 0;
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0");
}

// ---------------------------------------------------------------------------------------------
// Office Open XML (DOCX, XLSX)

function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function corePropertiesXml(content: DocumentContent): string {
  return `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xml(content.title)}</dc:title><dc:creator>${xml(INSTITUTION)}</dc:creator><dc:subject>${xml(content.issuer)}</dc:subject><dc:language>es-MX</dc:language><dcterms:created xsi:type="dcterms:W3CDTF">${content.date.slice(0, 10)}T12:00:00Z</dcterms:created></cp:coreProperties>`;
}

function zipPackage(files: Record<string, string>, isoDate: string): Buffer {
  const mtime = new Date(`${isoDate.slice(0, 10)}T12:00:00Z`);
  const entries: Zippable = {};
  // [Content_Types].xml goes first, as Office writes it.
  for (const [name, text] of Object.entries(files)) entries[name] = [strToU8(text), { mtime, level: 6 }];
  return Buffer.from(zipSync(entries));
}

export function buildDocx(content: DocumentContent): Buffer {
  const paragraph = (text: string, options: { bold?: boolean; size?: number } = {}) =>
    `<w:p><w:r><w:rPr>${options.bold ? "<w:b/>" : ""}${options.size ? `<w:sz w:val="${options.size}"/>` : ""}</w:rPr><w:t xml:space="preserve">${xml(text)}</w:t></w:r></w:p>`;
  const body = [
    paragraph(INSTITUTION, { bold: true, size: 20 }),
    paragraph(content.issuer, { size: 20 }),
    paragraph(content.title, { bold: true, size: 32 }),
    ...content.paragraphs.map((text) => paragraph(text)),
  ].join("");
  return zipPackage(
    {
      "[Content_Types].xml": `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
      "_rels/.rels": `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
      "word/document.xml": `${XML_HEAD}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="12240" w:h="15840"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>`,
      "docProps/core.xml": corePropertiesXml(content),
    },
    content.date,
  );
}

export interface SheetContent extends DocumentContent {
  sheetName: string;
  columns: string[];
  rows: (string | number)[][];
}

function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function buildXlsx(content: SheetContent): Buffer {
  const cell = (value: string | number, ref: string, style = 0) =>
    typeof value === "number"
      ? `<c r="${ref}"${style ? ` s="${style}"` : ""}><v>${value}</v></c>`
      : `<c r="${ref}" t="inlineStr"${style ? ` s="${style}"` : ""}><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
  const allRows: { values: (string | number)[]; style: number }[] = [
    { values: [content.title], style: 1 },
    { values: [`${INSTITUTION} · ${content.issuer}`], style: 0 },
    { values: [], style: 0 },
    { values: content.columns, style: 1 },
    ...content.rows.map((values) => ({ values, style: 0 })),
    { values: [], style: 0 },
    ...content.paragraphs.map((text) => ({ values: [text], style: 0 })),
  ];
  const sheetRows = allRows
    .map((row, r) => `<row r="${r + 1}">${row.values.map((v, c) => cell(v, `${columnName(c)}${r + 1}`, row.style)).join("")}</row>`)
    .join("");
  const widths = content.columns.map((_, c) => `<col min="${c + 1}" max="${c + 1}" width="${c === 0 ? 18 : 34}" customWidth="1"/>`).join("");
  return zipPackage(
    {
      "[Content_Types].xml": `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
      "_rels/.rels": `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
      "xl/workbook.xml": `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${xml(content.sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      "xl/_rels/workbook.xml.rels": `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
      "xl/styles.xml": `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
      "xl/worksheets/sheet1.xml": `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${widths ? `<cols>${widths}</cols>` : ""}<sheetData>${sheetRows}</sheetData></worksheet>`,
      "docProps/core.xml": corePropertiesXml(content),
    },
    content.date,
  );
}
