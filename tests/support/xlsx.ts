import { strFromU8, unzipSync } from "fflate";
import { readSheet } from "read-excel-file/node";

/**
 * What a spreadsheet program sees in an XLSX file the staff area produced: the first sheet's
 * values as read-excel-file reads them (string, number, Date, null), by header, and each cell's
 * number format read from the workbook's own XML.
 */
export async function readXlsx(buffer: Buffer) {
  const [headers = [], ...rows] = await readSheet(buffer);
  const names = headers.map(String);
  const formats = cellFormats(buffer);
  return {
    headers: names,
    /** Row `index` (0 = the first after the headers) as { header: value }. */
    row(index: number): Record<string, unknown> {
      const cells = rows[index];
      if (!cells) throw new Error(`no row ${index}`);
      return Object.fromEntries(names.map((name, column) => [name, cells[column] ?? null]));
    },
    /** The number format of the cell under `header` in row `index`, or null (General / text). */
    format(index: number, header: string): string | null {
      const column = names.indexOf(header);
      if (column < 0) throw new Error(`no column ${header}`);
      return formats.get(`${columnLetters(column)}${index + 2}`) ?? null;
    },
    rowCount: rows.length,
  };
}

function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Cell address → its number format code, for the cells that have one. */
function cellFormats(buffer: Buffer): Map<string, string> {
  const files = unzipSync(new Uint8Array(buffer));
  const styles = strFromU8(files["xl/styles.xml"]!);
  const sheet = strFromU8(files["xl/worksheets/sheet1.xml"]!);
  const codes = new Map<string, string>();
  for (const match of styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)) codes.set(match[1]!, unescapeXml(match[2]!));
  const cellXfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? "";
  const styleFormats = [...cellXfs.matchAll(/<xf\b([^>]*)>/g)].map((match) => {
    const id = /numFmtId="(\d+)"/.exec(match[1]!)?.[1];
    return id ? (codes.get(id) ?? `builtin:${id}`) : null;
  });
  const formats = new Map<string, string>();
  for (const match of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>/g)) {
    const style = /\bs="(\d+)"/.exec(match[2]!)?.[1];
    const format = style ? styleFormats[Number(style)] : null;
    if (format) formats.set(match[1]!, format);
  }
  return formats;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
