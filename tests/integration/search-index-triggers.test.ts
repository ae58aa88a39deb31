import Database from "better-sqlite3";
import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loader as searchLoader } from "~/routes/buscar";
import { rebuildSearchIndex, searchSite, snippetToText, SEARCH_PAGE_SIZE } from "~/search/site-index.server";
import { prepareDatabase } from "../../server/prepare-database";

const context = { cspNonce: "", requestId: "test" };

async function paths(input: string): Promise<string[]> {
  return (await searchSite(db, input, { pageSize: 1000 })).results.map((r) => r.path);
}

async function indexRows(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM search_index`.execute(db);
  return rows[0]!.n;
}

beforeAll(async () => {
  await prepareDatabase({ includeDemoContent: true }, db);
});

describe("search results are paginated with the true count", () => {
  test("pediatria: the heading count is every distinct match, and the pages together show each once", async () => {
    const first = await searchSite(db, "pediatria");
    expect(first.total).toBeGreaterThan(SEARCH_PAGE_SIZE);
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.pageCount).toBe(Math.ceil(first.total / SEARCH_PAGE_SIZE));

    const seen: string[] = [];
    for (let page = 1; page <= first.pageCount; page++) {
      const shown = await searchSite(db, "pediatria", { page });
      expect(shown.page).toBe(page);
      seen.push(...shown.results.map((r) => r.path));
    }
    expect(seen).toHaveLength(first.total);
    expect(new Set(seen).size).toBe(first.total);
    expect(seen.sort()).toEqual((await paths("pediatria")).sort());
  });

  test("a page past the end shows the last page; nonsense page numbers show the first", async () => {
    const all = await searchSite(db, "pediatria");
    expect((await searchSite(db, "pediatria", { page: 999 })).page).toBe(all.pageCount);
    const response = await searchLoader({ request: new Request("http://localhost/buscar?q=pediatria&pagina=2"), params: {}, context });
    expect(response.page).toBe(2);
    expect(response.total).toBe(all.total);
    for (const bad of ["0", "-1", "abc", "2.5", "1e3"]) {
      const shown = await searchLoader({ request: new Request(`http://localhost/buscar?q=pediatria&pagina=${bad}`), params: {}, context });
      expect(shown.page).toBe(1);
    }
  });
});

describe("courses are searchable", () => {
  test("Reanimación finds the courses with an entry page, linked to /cursos2025/{course_url}", async () => {
    const found = (await searchSite(db, "Reanimación", { pageSize: 100 })).results.filter((r) => r.kind === "curso");
    expect(found.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/cursos2025/reanimacion-neonatal", "/cursos2025/reanimacion-cardiopulmonar-pediatrica"]),
    );
    expect(found.find((r) => r.path === "/cursos2025/reanimacion-neonatal")?.title).toBe("Curso de Reanimación Neonatal");
  });

  test("a closed course is found and says so; a course without an entry page is not", async () => {
    const closed = (await searchSite(db, "Urgencias Pediátricas", { pageSize: 100 })).results.find(
      (r) => r.path === "/cursos2025/urgencias-pediatricas",
    );
    expect(closed?.context).toBe("Oferta académica · inscripción cerrada");
    expect((await paths("Lactancia Materna")).filter((p) => p.startsWith("/cursos2025/"))).toEqual([]);
  });
});

describe("the index follows every write at once, without a rebuild", () => {
  test("a content page: edit, unpublish, publish, delete", async () => {
    expect(await paths("zorzalito")).toEqual([]);
    await sql`UPDATE content_pages SET body = body || ' Nuevo servicio zorzalito.' WHERE path = '/voluntariado'`.execute(db);
    expect(await paths("zorzalito")).toEqual(["/voluntariado"]);
    await sql`UPDATE content_pages SET is_published = 0 WHERE path = '/voluntariado'`.execute(db);
    expect(await paths("zorzalito")).toEqual([]);
    await sql`UPDATE content_pages SET is_published = 1 WHERE path = '/voluntariado'`.execute(db);
    expect(await paths("zorzalito")).toEqual(["/voluntariado"]);
    const { id } = await db.selectFrom("content_pages").select("id").where("path", "=", "/voluntariado").executeTakeFirstOrThrow();
    await sql`UPDATE content_pages SET path = '/voluntariado-nuevo' WHERE id = ${id}`.execute(db);
    expect(await paths("zorzalito")).toEqual(["/voluntariado-nuevo"]);
    await sql`DELETE FROM content_pages WHERE id = ${id}`.execute(db);
    expect(await paths("zorzalito")).toEqual([]);
  });

  test("a course: rename, close, lose its entry page, delete", async () => {
    await sql`UPDATE courses SET course_name = 'Curso de Simulación Tucanera' WHERE course_url = 'oncologia-pediatrica'`.execute(db);
    expect(await paths("tucanera")).toEqual(["/cursos2025/oncologia-pediatrica"]);
    expect(await paths("Oncología Pediátrica")).not.toContain("/cursos2025/oncologia-pediatrica");
    await sql`UPDATE courses SET course_able = 0 WHERE course_url = 'oncologia-pediatrica'`.execute(db);
    const closed = (await searchSite(db, "tucanera")).results[0];
    expect(closed?.context).toContain("inscripción cerrada");
    await sql`UPDATE courses SET course_url = NULL WHERE course_url = 'oncologia-pediatrica'`.execute(db);
    expect(await paths("tucanera")).toEqual([]);
    await sql`UPDATE courses SET course_url = 'oncologia-pediatrica' WHERE course_name = 'Curso de Simulación Tucanera'`.execute(db);
    expect(await paths("tucanera")).toEqual(["/cursos2025/oncologia-pediatrica"]);
  });

  test("documents follow their group's title; gallery items appear and go", async () => {
    const group = await db.selectFrom("document_groups").select(["id", "title"]).where("collection_key", "=", "yearbooks").executeTakeFirstOrThrow();
    const before = (await paths("anuario")).length;
    await sql`UPDATE document_groups SET title = 'Colibrí' WHERE id = ${group.id}`.execute(db);
    const inGroup = await db.selectFrom("document_items").select("id").where("group_id", "=", group.id).execute();
    expect((await searchSite(db, "colibri", { pageSize: 1000 })).results.filter((r) => r.kind === "documento")).toHaveLength(inGroup.length);
    await sql`UPDATE document_groups SET title = ${group.title} WHERE id = ${group.id}`.execute(db);
    expect(await paths("colibri")).toEqual([]);
    expect((await paths("anuario")).length).toBe(before);

    const file = await db.selectFrom("gallery_items").select("image_file_id").executeTakeFirstOrThrow();
    const { insertId } = await db
      .insertInto("gallery_items")
      .values({
        gallery: "galeria",
        image_file_id: file.image_file_id,
        caption: "Mural del quetzal",
        title: "Quetzal",
        alt_text: "Un quetzal",
        width: 10,
        height: 10,
      })
      .executeTakeFirstOrThrow();
    expect(await paths("quetzal")).toEqual([`/galeria/${insertId}`]);
    await db.deleteFrom("gallery_items").where("id", "=", Number(insertId)).execute();
    expect(await paths("quetzal")).toEqual([]);
  });

  test("a write from another SQLite client (no app code loaded) keeps the index right", async () => {
    const other = new Database(process.env.DATABASE_PATH!);
    try {
      other.prepare("UPDATE department_pages SET summary = summary || ' Guacamaya.' WHERE slug = 'departamento-de-nefrologia'").run();
    } finally {
      other.close();
    }
    expect(await paths("guacamaya")).toEqual(["/direccion/departamento-de-nefrologia"]);
  });

  test("a failed write leaves the index as it was (same transaction)", async () => {
    const rows = await indexRows();
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`UPDATE content_pages SET title = 'Garza morena' WHERE path = '/patronato'`.execute(trx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await paths("garza")).toEqual([]);
    expect(await indexRows()).toBe(rows);
  });

  test("a start does not rebuild the index, and a rebuild gives the same entries the triggers kept", async () => {
    const kept = await sql<{
      rowid: number;
      path: string;
      title: string;
      body: string;
    }>`SELECT rowid, path, title, body FROM search_index ORDER BY rowid`.execute(db);
    // Remove one entry behind the triggers' back: a start must not notice (it does no rebuild).
    await sql`DELETE FROM search_index WHERE rowid = (SELECT min(rowid) FROM search_index)`.execute(db);
    const again = await prepareDatabase({ includeDemoContent: true }, db);
    expect(again).toEqual({ migrations: [], seedSteps: [], searchEntries: 0, totpSecrets: { sealed: 0, resealed: 0, unreadable: 0 } });
    expect(await indexRows()).toBe(kept.rows.length - 1);
    // The repair tool restores exactly what the triggers had kept.
    expect(await rebuildSearchIndex(db)).toBe(kept.rows.length);
    const rebuilt = await sql<{
      rowid: number;
      path: string;
      title: string;
      body: string;
    }>`SELECT rowid, path, title, body FROM search_index ORDER BY rowid`.execute(db);
    expect(rebuilt.rows).toEqual(kept.rows);
  });
});

describe("snippets read as text", () => {
  test("link targets, list markers and Markdown marks are dropped; highlights stay paired", () => {
    expect(snippetToText("1. Regístrese en el [Formulario de \u0001registro\u0002](https://forms.gle/abc) antes")).toBe(
      "Regístrese en el Formulario de \u0001registro\u0002 antes",
    );
    expect(snippetToText("gle/SBfHiq) antes del plazo ## Cómo **participar**")).toBe("antes del plazo Cómo participar");
    expect(snippetToText("lea el [resumen](/sesion/\u0001resumen\u0002.pdf) y")).toBe("lea el resumen y");
    expect(snippetToText("la consulta de [primera vez](/requisitos). Y [\u0001citas\u0002](/citas), luego")).toBe(
      "la consulta de primera vez. Y \u0001citas\u0002, luego",
    );
    expect(snippetToText("15 de junio de 2025. El \u0001registro\u0002\n- Otro punto")).toBe(
      "15 de junio de 2025. El \u0001registro\u0002 Otro punto",
    );
  });
});
