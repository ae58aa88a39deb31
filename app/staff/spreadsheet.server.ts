import { stringify } from "csv-stringify/sync";
import writeXlsxFile from "write-excel-file/node";
import { contentDisposition } from "~/files/serve-file.server";

/**
 * The staff area's spreadsheet files (attendance lists, donations): one CSV shape and one XLSX
 * shape, built with csv-stringify and write-excel-file.
 */

// A cell a spreadsheet would run as a formula starts with = + - @ (or a tab / carriage return that
// hides one): CSV injection. The leading apostrophe makes Excel and LibreOffice read it as text.
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** CSV in UTF-8 with a byte-order mark (Excel only reads accents right with it), CRLF, every cell defused. */
export function csvFile(headers: readonly string[], rows: readonly (readonly string[])[]): Buffer {
  const text = stringify([[...headers], ...rows.map((row) => row.map(defuseFormula))], { record_delimiter: "\r\n" });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
}

/** A cell of an XLSX file: text (never read as a formula: typed String) or a number with its format. */
export type XlsxCell = string | { number: number; format: string };

/** An XLSX workbook of one sheet: bold headers, then the rows; `widths` in characters per column. */
export async function xlsxFile(headers: readonly string[], rows: readonly (readonly XlsxCell[])[], widths: readonly number[]): Promise<Buffer> {
  const data = [
    headers.map((value) => ({ value, fontWeight: "bold" as const })),
    ...rows.map((row) =>
      row.map((cell) => (typeof cell === "string" ? { value: cell, type: String } : { value: cell.number, type: Number, format: cell.format })),
    ),
  ];
  return writeXlsxFile(data, { columns: widths.map((width) => ({ width })) }).toBuffer();
}

export type SpreadsheetFormat = "csv" | "xlsx";

/** ?formato=csv|xlsx of an export route; anything else is answered 400 in Spanish. */
export function requestedSpreadsheetFormat(request: Request): SpreadsheetFormat {
  const format = new URL(request.url).searchParams.get("formato");
  if (format !== "csv" && format !== "xlsx") {
    throw new Response("Elija el formato: csv o xlsx.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return format;
}

/** An export download: the file as an attachment named `fileName`, never cached, never sniffed. */
export function spreadsheetResponse(body: Buffer, format: SpreadsheetFormat, fileName: string): Response {
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": contentDisposition(fileName, "attachment"),
      "Content-Length": String(body.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
