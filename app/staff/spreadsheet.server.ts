import { setImmediate as nextTurn } from "node:timers/promises";
import zlib from "node:zlib";
import { stringify } from "csv-stringify/sync";
import { strFromU8, strToU8, unzipSync, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import writeXlsxFile from "write-excel-file/node";
import { contentDisposition } from "~/files/serve-file.server";
import { mexicoCityStamp } from "~/utils/mexico-city";
import { whenStarted } from "~/utils/after-start.server";

/**
 * The staff area's spreadsheet files (attendance and enrolments, donations, the ledger): an
 * export declares its columns once, each with a type, and gets both files from that one list,
 * built with csv-stringify and write-excel-file.
 *
 * An export streams (decision 0040): its rows come in batches (`RowBatches`, read by keyset from a
 * read snapshot), each batch is serialised and handed to the response on its own turn of the event
 * loop, so a file of 100,000 rows never holds the site for more than one batch's work. The XLSX
 * workbook is write-excel-file's (styles, widths, the bold header row, every part but the rows);
 * its sheet's rows are written here a batch at a time, with the same cell types and formats, and
 * zipped as they come by fflate's streaming Zip, the sheet deflated by Node's zlib on its thread
 * pool (`ThreadPoolZipDeflate`), off the event loop.
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

const BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

function csvLines<Row>(columns: SpreadsheetColumns<Row>, rows: readonly Row[]): Buffer {
  return Buffer.from(
    stringify(
      rows.map((row) => columns.map((column) => csvCell(column, row))),
      { record_delimiter: "\r\n" },
    ),
    "utf8",
  );
}

function csvHead<Row>(columns: SpreadsheetColumns<Row>): Buffer {
  return Buffer.concat([BYTE_ORDER_MARK, Buffer.from(stringify([columns.map((column) => column.header)], { record_delimiter: "\r\n" }), "utf8")]);
}

/** CSV in UTF-8 with a byte-order mark (Excel only reads accents right with it), CRLF, text cells defused. */
export function csvFile<Row>(columns: SpreadsheetColumns<Row>, rows: readonly Row[]): Buffer {
  return Buffer.concat([csvHead(columns), csvLines(columns, rows)]);
}

/** An XLSX workbook of one sheet: bold headers, then one typed cell per column and row. */
export async function xlsxFile<Row>(columns: SpreadsheetColumns<Row>, rows: readonly Row[]): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of xlsxChunks(columns, oneBatch(rows))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function* oneBatch<Row>(rows: readonly Row[]): AsyncGenerator<readonly Row[]> {
  yield rows;
}

/**
 * An export's rows, a batch at a time, in the file's order. A source reads each batch on a turn of
 * the event loop of its own (`keysetBatches`), small enough that reading and writing it stays far
 * under 50 ms at a hundred times the demo data.
 */
export type RowBatches<Row> = AsyncIterable<readonly Row[]>;

/**
 * Batches read by keyset: `read(after)` gets the rows after the last one of the previous batch
 * (`after` is null for the first), `keyOf` names a row's position. Each read waits for the event
 * loop to have served what was waiting (setImmediate), so other requests run between batches.
 * Stops at an empty or short batch, or after `limit` rows. `size` is the largest batch; the batch
 * adapts to what a turn costs (TURN_BUDGET_MS).
 */
export async function* keysetBatches<Row, Key>(
  read: (after: Key | null, size: number) => Promise<readonly Row[]>,
  keyOf: (row: Row) => Key,
  size: number,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<readonly Row[]> {
  let after: Key | null = null;
  let left = limit;
  // The batch grows and shrinks with what a turn costs on this machine: read + write (the consumer
  // runs between the yield and the resume) aim at TURN_BUDGET_MS, never above `size` rows; it starts
  // small, since the first batches after a start run cold code.
  let batch = Math.max(1, Math.min(size, Math.ceil(size / 8)));
  while (left > 0) {
    await nextTurn();
    const want = Math.min(batch, left);
    const began = performance.now();
    const rows = await read(after, want);
    if (rows.length > 0) yield rows.slice(0, want);
    if (rows.length < want) return;
    left -= rows.length;
    after = keyOf(rows[rows.length - 1]!);
    const spent = performance.now() - began;
    if (spent > TURN_BUDGET_MS) batch = Math.max(1, Math.floor(batch / 2));
    else if (spent < TURN_BUDGET_MS / 2) batch = Math.min(size, Math.ceil(batch * 1.5));
  }
}

/**
 * Resolves once the event loop has been round once, its poll phase (where requests come in)
 * included, wherever it is called from. `setImmediate` alone does not do it from a request's own
 * turn: an immediate queued in the poll phase runs in the same turn, right after it; one queued
 * from there runs in the next.
 */
export function afterAWholeTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

/** What one batch of an export may hold the event loop for, read and written (issue 22 bounds it at 50 ms). */
const TURN_BUDGET_MS = 12;

async function* csvChunks<Row>(columns: SpreadsheetColumns<Row>, batches: RowBatches<Row>): AsyncGenerator<Uint8Array> {
  yield csvHead(columns);
  for await (const batch of batches) yield csvLines(columns, batch);
}

// --- XLSX, streamed ---------------------------------------------------------------------------

interface XlsxTemplate {
  /** Every part of the workbook but the sheet, as write-excel-file made them. */
  parts: [name: string, data: Uint8Array][];
  /** The sheet up to and including its header row, and what closes it. */
  sheetHead: string;
  sheetTail: string;
  /** The cell style (index into cellXfs) of each typed cell. */
  style: { integer: number; money: number; day: number; dateTime: number };
}

const SHEET_PART = "xl/worksheets/sheet1.xml";
const templates = new WeakMap<object, Promise<XlsxTemplate>>();

/**
 * write-excel-file builds the workbook once per export (its styles, widths, shared header
 * strings): the header row and a row with one cell of each number format, whose style numbers the
 * streamed rows then use. The sample row is left out of the sheet.
 */
function xlsxTemplate<Row>(columns: SpreadsheetColumns<Row>): Promise<XlsxTemplate> {
  let template = templates.get(columns);
  if (!template) {
    template = (async () => {
      const day = new Date("2000-01-01T00:00:00Z");
      const data = [
        columns.map((column) => ({ value: column.header, fontWeight: "bold" as const })),
        [
          { value: 0, type: Number, format: "0" },
          { value: 0, type: Number, format: XLSX_MONEY_FORMAT },
          { value: day, type: Date, format: XLSX_DAY_FORMAT },
          { value: day, type: Date, format: XLSX_DATE_TIME_FORMAT },
        ],
      ];
      const buffer = await writeXlsxFile(data, { columns: columns.map((column) => ({ width: column.width })) }).toBuffer();
      const files = unzipSync(new Uint8Array(buffer));
      const sheet = strFromU8(files[SHEET_PART]!);
      const sample = /<row r="2"[^>]*>(.*?)<\/row>/.exec(sheet);
      const tail = sheet.indexOf("</sheetData>");
      if (!sample || tail < 0) throw new Error("write-excel-file's sheet is not as expected");
      const styles = [...sample[1]!.matchAll(/<c [^>]*\bs="(\d+)"/g)].map((match) => Number(match[1]));
      if (styles.length !== 4) throw new Error("write-excel-file's sample row has no styles");
      return {
        parts: Object.entries(files).filter(([name]) => name !== SHEET_PART),
        sheetHead: sheet.slice(0, sample.index),
        sheetTail: sheet.slice(tail),
        style: { integer: styles[0]!, money: styles[1]!, day: styles[2]!, dateTime: styles[3]! },
      };
    })();
    templates.set(columns, template);
  }
  return template;
}

/**
 * Builds a column set's XLSX template once the server's start is over (`whenStarted`), off any
 * request (write-excel-file's first workbook and its code's first run cost ~30–60 ms of one
 * event-loop turn, which the first export after a restart would otherwise hold while visitors
 * wait). Called beside each export's column definition.
 */
export function warmXlsxTemplate<Row>(columns: SpreadsheetColumns<Row>): void {
  whenStarted(() => void xlsxTemplate(columns).catch(() => templates.delete(columns)));
}

function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

// Characters XML 1.0 cannot carry at all (a spreadsheet would refuse the file) are dropped.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

function escapeXml(text: string): string {
  return text.replace(NOT_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

// An XLSX date is days since 1899-12-30, counted as write-excel-file counts them (the same float).
const DAYS_BEFORE_UNIX_EPOCH = 70 * 365 + 19;

function serialDay(date: Date): number {
  return date.getTime() / 86_400_000 + DAYS_BEFORE_UNIX_EPOCH;
}

function xlsxCellXml<Row>(column: SpreadsheetColumn<Row>, ref: string, row: Row, style: XlsxTemplate["style"]): string {
  const cell = xlsxCell(column, row);
  if (cell === null) return "";
  if (cell.type === String) return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.value as string)}</t></is></c>`;
  if (cell.type === Date) {
    const s = "format" in cell && cell.format === XLSX_DAY_FORMAT ? style.day : style.dateTime;
    return `<c r="${ref}" s="${s}"><v>${serialDay(cell.value as Date)}</v></c>`;
  }
  const s = "format" in cell && cell.format === XLSX_MONEY_FORMAT ? style.money : style.integer;
  return `<c r="${ref}" s="${s}"><v>${cell.value as number}</v></c>`;
}

/**
 * A ZIP entry deflated by Node's zlib (DEFLATE at level 6, as fflate's ZipDeflate) on the thread
 * pool: the sheet of a 100× export is ~10 MB of XML, which fflate's own deflate compressed in
 * JavaScript, on the event loop, for about a quarter of the export's time there (issue 22). fflate
 * documents this subclassing ("a custom compression algorithm": `push` takes the source bytes and
 * keeps their CRC and size, `process` hands on what it made). The Zip writes each part's sizes
 * after its data, so the compressed bytes may come later than the rows that made them.
 */
class ThreadPoolZipDeflate extends ZipPassThrough {
  readonly #deflate = zlib.createDeflateRaw({ level: 6 });
  readonly #ended: Promise<void>;
  #lastWrite: Promise<void> = Promise.resolve();

  constructor(filename: string) {
    super(filename);
    this.compression = 8;
    this.#ended = new Promise<void>((resolve, reject) => {
      // zlib's output Buffers are backed by ordinary ArrayBuffers (never shared memory).
      this.#deflate.on("data", (chunk: Buffer) => this.ondata(null, chunk as Uint8Array<ArrayBuffer>, false));
      this.#deflate.once("end", () => {
        this.ondata(null, new Uint8Array(0), true);
        resolve();
      });
      this.#deflate.once("error", reject);
    });
    // Awaited by `ended()`; a failure also reaches the export through it.
    this.#ended.catch(() => {});
  }

  protected override process(chunk: Uint8Array, final: boolean): void {
    if (chunk.length > 0) {
      this.#lastWrite = new Promise((resolve, reject) => this.#deflate.write(chunk, (error) => (error ? reject(error) : resolve())));
      this.#lastWrite.catch(() => {});
    }
    if (final) this.#deflate.end();
  }

  /** Resolves once zlib has taken everything pushed so far (its output is then out or on its way). */
  taken(): Promise<void> {
    return this.#lastWrite;
  }

  /** Resolves once the last compressed bytes and the part's sizes went to the Zip. */
  ended(): Promise<void> {
    return this.#ended;
  }

  /** An export stopped half-way (the download was cancelled): zlib's stream is let go. */
  close(): void {
    this.#deflate.destroy();
  }
}

/**
 * The workbook's bytes as its rows come: write-excel-file's parts first, then the sheet, deflated
 * a batch at a time on the thread pool (fflate's Zip writes each part's sizes after its data, so
 * nothing waits for the end), then the zip's directory.
 */
async function* xlsxChunks<Row>(columns: SpreadsheetColumns<Row>, batches: RowBatches<Row>): AsyncGenerator<Uint8Array> {
  const template = await xlsxTemplate(columns);
  const letters = columns.map((_, index) => columnLetters(index));
  let out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const take = (): Uint8Array => {
    if (failure) throw failure;
    const bytes = out.length === 1 ? out[0]! : Buffer.concat(out);
    out = [];
    return bytes;
  };
  // A fixed time keeps the file the same for the same rows.
  const mtime = new Date("2000-01-01T00:00:00Z");
  for (const [name, data] of template.parts) {
    const part = new ZipDeflate(name, { level: 6 });
    part.mtime = mtime;
    zip.add(part);
    part.push(data, true);
  }
  const sheet = new ThreadPoolZipDeflate(SHEET_PART);
  sheet.mtime = mtime;
  zip.add(sheet);
  try {
    sheet.push(strToU8(template.sheetHead));
    yield take();
    let rowNumber = 1;
    for await (const batch of batches) {
      let xml = "";
      for (const row of batch) {
        rowNumber += 1;
        xml += `<row r="${rowNumber}">`;
        for (let index = 0; index < columns.length; index++)
          xml += xlsxCellXml(columns[index]!, `${letters[index]}${rowNumber}`, row, template.style);
        xml += "</row>";
      }
      sheet.push(strToU8(xml));
      // zlib's pace: the next batch is read once this one is compressed (memory stays one batch).
      await sheet.taken();
      const bytes = take();
      if (bytes.length > 0) yield bytes;
    }
    sheet.push(strToU8(template.sheetTail), true);
    await sheet.ended();
  } finally {
    sheet.close();
  }
  zip.end();
  yield take();
}

export interface StreamOptions {
  /** Resolves when the response has room for more (the load context's `responseDrained`). */
  drained?: () => Promise<void>;
  /**
   * Runs once when the export ends: `rows` rows were written, `complete` when that was the whole
   * file (false when the download was cancelled or a read failed). The audit row is written here.
   */
  onEnd?: (rows: number, complete: boolean) => Promise<void>;
}

/**
 * The bytes as a web stream a Remix loader can answer with. It is pulled: the next batch is read
 * only when the response has taken the previous one (and, given `drained`, when the socket has
 * room), each on a turn of the event loop of its own.
 */
function pulledStream(chunks: AsyncGenerator<Uint8Array>, written: () => number, options: StreamOptions) {
  let ended = false;
  let first = true;
  const end = async (complete: boolean) => {
    if (ended) return;
    ended = true;
    await options.onEnd?.(written(), complete);
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          // The stream's first pull comes in the turn of the request that started the export: the
          // file's first bytes (the workbook's parts) and its first batch wait for a turn of their own.
          if (first) {
            first = false;
            await afterAWholeTurn();
          }
          await options.drained?.();
          const { value, done } = await chunks.next();
          if (done) {
            await end(true);
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          await end(false).catch(() => {});
          controller.error(error);
        }
      },
      async cancel() {
        try {
          await chunks.return(undefined);
        } finally {
          await end(false);
        }
      },
    },
    { highWaterMark: 1 },
  );
}

/** An export's file as a stream of bytes, in `format`, from its batches of rows. */
export function spreadsheetStream<Row>(
  format: SpreadsheetFormat,
  columns: SpreadsheetColumns<Row>,
  batches: RowBatches<Row>,
  options: StreamOptions = {},
): ReadableStream<Uint8Array> {
  let rows = 0;
  async function* counted(): AsyncGenerator<readonly Row[]> {
    for await (const batch of batches) {
      yield batch;
      rows += batch.length;
    }
  }
  return pulledStream(format === "csv" ? csvChunks(columns, counted()) : xlsxChunks(columns, counted()), () => rows, options);
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

/**
 * An export download: the file (a stream, its length unknown until the end) as an attachment
 * named `fileName`, never cached, never sniffed.
 */
export function spreadsheetResponse(body: ReadableStream<Uint8Array> | Buffer, format: SpreadsheetFormat, fileName: string): Response {
  const headers: Record<string, string> = {
    "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "Content-Disposition": contentDisposition(fileName, "attachment"),
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (Buffer.isBuffer(body)) headers["Content-Length"] = String(body.byteLength);
  return new Response(Buffer.isBuffer(body) ? new Uint8Array(body) : body, { headers });
}
