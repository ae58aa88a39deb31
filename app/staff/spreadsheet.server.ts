import { stringify } from "csv-stringify/sync";
import writeXlsxFile from "write-excel-file/node";
import { contentDisposition } from "~/files/serve-file.server";
import { mexicoCityStamp } from "~/utils/mexico-city";

/**
 * The staff area's spreadsheet files (attendance and enrolments, donations, the ledger): an
 * export declares its columns once, each with a type, and gets both files from that one list,
 * built with csv-stringify and write-excel-file.
 *
 * | type    | value             | XLSX cell                                  | CSV                     |
 * | ------- | ----------------- | ------------------------------------------ | ----------------------- |
 * | text    | string            | text (never a formula)                     | formula-looking defused |
 * | integer | number            | number, format 0                           | 1234                    |
 * | money   | centavos          | number in pesos, format #,##0.00           | 1500.50 (dot, no $)     |
 * | date    | 'YYYY-MM-DD'      | date, format dd/mm/yyyy                    | 2026-03-01              |
 * | date    | ISO instant       | date-time in Mexico City, dd/mm/yyyy hh:mm | 2026-03-01 23:30        |
 *
 * The CSV keeps ISO dates (year first): every spreadsheet reads them as dates whatever its locale,
 * where 01/03/2026 means March in one and January in another. null is an empty cell.
 */
export type SpreadsheetColumn<Row> = { header: string; /** XLSX width in characters. */ width: number } & (
  | { type: "text"; value: (row: Row) => string | null }
  | { type: "integer"; value: (row: Row) => number | null }
  | { type: "money"; /** Centavos. */ value: (row: Row) => number | null }
  | { type: "date"; /** A calendar day 'YYYY-MM-DD' or an ISO instant (shown in Mexico City wall time). */ value: (row: Row) => string | null }
);

export type SpreadsheetColumns<Row> = readonly SpreadsheetColumn<Row>[];

export const XLSX_MONEY_FORMAT = "#,##0.00";
export const XLSX_DAY_FORMAT = "dd/mm/yyyy";
export const XLSX_DATE_TIME_FORMAT = "dd/mm/yyyy hh:mm";

// A cell a spreadsheet would run as a formula starts with = + - @ (or a tab / carriage return that
// hides one): CSV injection. The leading apostrophe makes Excel and LibreOffice read it as text.
export function defuseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

function pesos(centavos: number): string {
  return (centavos / 100).toFixed(2);
}

/** "2026-03-01" stays a day; an instant becomes its Mexico City wall time "2026-03-01 23:30". */
function csvDate(value: string): string {
  return CALENDAR_DAY.test(value) ? value : mexicoCityStamp(value);
}

/**
 * An XLSX date has no time zone: it is the wall time the reader sees. write-excel-file counts
 * from the Date's UTC fields, so the Date carries the Mexico City wall time as if it were UTC.
 */
function xlsxDate(value: string): { value: Date; type: DateConstructor; format: string } {
  if (CALENDAR_DAY.test(value)) return { value: new Date(`${value}T00:00:00Z`), type: Date, format: XLSX_DAY_FORMAT };
  return { value: new Date(`${mexicoCityStamp(value).replace(" ", "T")}:00Z`), type: Date, format: XLSX_DATE_TIME_FORMAT };
}

function csvCell<Row>(column: SpreadsheetColumn<Row>, row: Row): string {
  switch (column.type) {
    case "text": {
      const value = column.value(row);
      return value === null ? "" : defuseFormula(value);
    }
    // Numbers and dates are written by us, never typed by a person: nothing to defuse ("-200.00" is a refund).
    case "integer": {
      const value = column.value(row);
      return value === null ? "" : String(value);
    }
    case "money": {
      const value = column.value(row);
      return value === null ? "" : pesos(value);
    }
    case "date": {
      const value = column.value(row);
      return value === null ? "" : csvDate(value);
    }
  }
}

function xlsxCell<Row>(column: SpreadsheetColumn<Row>, row: Row) {
  switch (column.type) {
    case "text": {
      const value = column.value(row);
      return value === null || value === "" ? null : { value, type: String };
    }
    case "integer": {
      const value = column.value(row);
      return value === null ? null : { value, type: Number, format: "0" };
    }
    case "money": {
      const value = column.value(row);
      return value === null ? null : { value: value / 100, type: Number, format: XLSX_MONEY_FORMAT };
    }
    case "date": {
      const value = column.value(row);
      return value === null ? null : xlsxDate(value);
    }
  }
}

/** CSV in UTF-8 with a byte-order mark (Excel only reads accents right with it), CRLF, text cells defused. */
export function csvFile<Row>(columns: SpreadsheetColumns<Row>, rows: readonly Row[]): Buffer {
  const records = [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => csvCell(column, row)))];
  const text = stringify(records, { record_delimiter: "\r\n" });
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
}

/** An XLSX workbook of one sheet: bold headers, then one typed cell per column and row. */
export async function xlsxFile<Row>(columns: SpreadsheetColumns<Row>, rows: readonly Row[]): Promise<Buffer> {
  const data = [
    columns.map((column) => ({ value: column.header, fontWeight: "bold" as const })),
    ...rows.map((row) => columns.map((column) => xlsxCell(column, row))),
  ];
  return writeXlsxFile(data, { columns: columns.map((column) => ({ width: column.width })) }).toBuffer();
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
