import { sql, type RawBuilder } from "kysely";
import { refuse, type Outcome } from "~/actions/outcome";
import type { z } from "zod";

/**
 * Keyset paging for long staff lists (issue 22, decision 0035). A page is read from a position in
 * the list's own order (its sort key and the row's id), never with OFFSET: page 1 and page 900
 * cost the same, and a row added meanwhile does not shift what the next page shows.
 *
 * The position travels in the address as `?despues=<cursor>` (the rows after it) or
 * `?antes=<cursor>` (the rows before it); a cursor is the key's values as JSON in base64url. It
 * is read strictly: anything that is not a key this list makes is refused with a Spanish message
 * (the route answers 400), never passed to SQL as it came.
 */

export const CURSOR_MAX_LENGTH = 400;

export const INVALID_CURSOR_MESSAGE =
  "La dirección de esta página de la lista no es válida (su marcador de posición está dañado o es de otra lista). Vuelva a la primera página.";

export type KeyValue = string | number;

/** Where a page starts: after a key (the next page) or before it (the previous page). */
export interface PagePosition<Key extends readonly KeyValue[]> {
  direction: "after" | "before";
  key: Key;
}

export function encodeCursor(key: readonly KeyValue[]): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/** Refused 400 with INVALID_CURSOR_MESSAGE (the list answers it beside an empty page). */
export type CursorReading<Key extends readonly KeyValue[]> = Outcome<{ position: PagePosition<Key> | null }>;

/** The position asked for in `?despues=` or `?antes=` (at most one), checked against the list's key schema. */
export function readCursor<Key extends readonly KeyValue[]>(searchParams: URLSearchParams, schema: z.ZodType<Key>): CursorReading<Key> {
  const after = searchParams.getAll("despues");
  const before = searchParams.getAll("antes");
  if (after.length + before.length === 0) return { ok: true, position: null };
  if (after.length + before.length > 1) return refuse(400, INVALID_CURSOR_MESSAGE);
  const raw = after[0] ?? before[0]!;
  if (raw.length === 0 || raw.length > CURSOR_MAX_LENGTH || !/^[A-Za-z0-9_-]+$/.test(raw)) return refuse(400, INVALID_CURSOR_MESSAGE);
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    return refuse(400, INVALID_CURSOR_MESSAGE);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) return refuse(400, INVALID_CURSOR_MESSAGE);
  return { ok: true, position: { direction: after.length ? "after" : "before", key: parsed.data } };
}

/**
 * The WHERE term and the ORDER BY direction of a page: `columns` are the list's sort key (all in
 * the same direction, `order`), compared as one row value so SQLite reads from the index position.
 * Reading backwards (the previous page) flips both; `pageFrom` puts the rows back in order.
 */
export function keysetTerms(columns: readonly RawBuilder<unknown>[], order: "asc" | "desc", position: PagePosition<readonly KeyValue[]> | null) {
  const backwards = position?.direction === "before";
  const readOrder: "asc" | "desc" = backwards ? (order === "asc" ? "desc" : "asc") : order;
  if (!position) return { where: null, order: readOrder };
  const operator = readOrder === "asc" ? ">" : "<";
  const where = sql<boolean>`(${sql.join(columns)}) ${sql.raw(operator)} (${sql.join(position.key.map((value) => sql.val(value)))})`;
  return { where, order: readOrder };
}

export interface KeysetPage<Row> {
  rows: Row[];
  /** The cursor of the next page (`?despues=`), null on the last one. */
  next: string | null;
  /** The cursor of the previous page (`?antes=`), null on the first one. */
  previous: string | null;
}

/**
 * A page from the rows a query read in its reading order, one more than `limit` (the extra row
 * says whether there is more in that direction).
 */
export function pageFrom<Row>(
  fetched: readonly Row[],
  limit: number,
  position: PagePosition<readonly KeyValue[]> | null,
  keyOf: (row: Row) => readonly KeyValue[],
): KeysetPage<Row> {
  const more = fetched.length > limit;
  const taken = fetched.slice(0, limit);
  const rows = position?.direction === "before" ? taken.reverse() : taken;
  const first = rows[0];
  const last = rows[rows.length - 1];
  const hasNext = position?.direction === "before" ? true : more;
  const hasPrevious = position === null ? false : position.direction === "after" ? true : more;
  return {
    rows,
    next: hasNext && last ? encodeCursor(keyOf(last)) : null,
    previous: hasPrevious && first ? encodeCursor(keyOf(first)) : null,
  };
}

/** Counts at most this many rows of a filtered list: beyond it the page says «más de 1,000». */
export const COUNT_LIMIT = 1_000;

/** A count that stopped at COUNT_LIMIT: `atLeast` when there are more. */
export interface BoundedCount {
  count: number;
  atLeast: boolean;
}

export function boundedCount(counted: number): BoundedCount {
  return counted > COUNT_LIMIT ? { count: COUNT_LIMIT, atLeast: true } : { count: counted, atLeast: false };
}

/** «1 participante», «250 participantes», «Más de 1,000 participantes» (es-MX digits). */
export function countLabel(total: BoundedCount, one: string, many: string): string {
  const number = new Intl.NumberFormat("es-MX").format(total.count);
  if (total.atLeast) return `Más de ${number} ${many}`;
  return total.count === 1 ? `1 ${one}` : `${number} ${many}`;
}
