import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, describe, expect, test } from "vitest";
import { column, searchWords, textContains } from "~/utils/text-search.server";

// The one LIKE matcher of the staff lists, on a real SQLite: `%` and `_` are taken as typed.
interface Db {
  pages: { title: string };
}
const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
afterAll(() => db.destroy());

async function titlesContaining(word: string, lowered = false) {
  return (
    await db
      .selectFrom("pages")
      .select("title")
      .where(textContains(column("title", lowered), word))
      .orderBy("title")
      .execute()
  ).map((row) => row.title);
}

describe("textContains", () => {
  test("matches anywhere; `_`, `%` and `\\` match only themselves", async () => {
    await db.schema.createTable("pages").addColumn("title", "text").execute();
    await db
      .insertInto("pages")
      .values(["informe_anual", "informe anual", "100% digital", "100 digital", "ruta\\dos", "Cirugía Pediátrica"].map((title) => ({ title })))
      .execute();
    expect(await titlesContaining("e_a")).toEqual(["informe_anual"]);
    expect(await titlesContaining("0%")).toEqual(["100% digital"]);
    expect(await titlesContaining("a\\d")).toEqual(["ruta\\dos"]);
    expect(await titlesContaining("%")).toEqual(["100% digital"]);
    expect(await titlesContaining("pediátrica", true)).toEqual(["Cirugía Pediátrica"]);
    expect(await titlesContaining("anual")).toEqual(["informe anual", "informe_anual"]);
  });

  test("searchWords: lowercase, at most eight", () => {
    expect(searchWords("  Cirugía   PEDIÁTRICA ")).toEqual(["cirugía", "pediátrica"]);
    expect(searchWords("a b c d e f g h i j")).toHaveLength(8);
  });
});
