import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";

/*
 * THE ONE WAY a staff list matches typed words with LIKE (issue 23: five copies, two of which
 * escaped `%` and `_` without telling SQLite the escape character, so a search for "a_b" found
 * nothing). Lists that grow large use an index instead (participants: the trigram table).
 */

/** The words of a list's search box: at most eight, lowercase. */
export function searchWords(query: string): string[] {
  return query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
}

/** A word as a LIKE pattern that matches it anywhere, its `\`, `%` and `_` taken literally. */
export function containing(word: string): string {
  return `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `text` contains `word` (ASCII letters case-insensitively, as SQLite's LIKE), `%` and `_` as typed. */
export function textContains(text: Expression<unknown> | RawBuilder<unknown>, word: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${text} LIKE ${containing(word)} ESCAPE '\\'`;
}

/** A column by name (`"title"`, `"c.course_name"`) for textContains; `lowered` compares its lowercase text. */
export function column(name: string, lowered = false): RawBuilder<unknown> {
  return lowered ? sql`lower(${sql.ref(name)})` : sql`${sql.ref(name)}`;
}
