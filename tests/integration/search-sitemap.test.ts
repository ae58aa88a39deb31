import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { loader as robotsLoader } from "~/routes/robots[.]txt";
import { loader as searchLoader } from "~/routes/buscar";
import { loader as sitemapLoader } from "~/routes/sitemap[.]xml";
import { searchSite as searchPage, toFtsQuery } from "~/search/site-index.server";
import { prepareDatabase } from "../../server/prepare-database";

const context = { cspNonce: "", requestId: "test" };

/** Every result of a query, all pages at once (most tests care about what is found, not paging). */
async function searchSite(database: typeof db, input: string) {
  return (await searchPage(database, input, { pageSize: 1000 })).results;
}

beforeAll(async () => {
  await prepareDatabase({ includeDemoContent: true }, db);
});

describe("site search", () => {
  test("matches without accents and in any letter case", async () => {
    const results = await searchSite(db, "NEFROLOGIA");
    expect(results.map((r) => r.path)).toContain("/direccion/departamento-de-nefrologia");
    const withAccent = await searchSite(db, "nefrología");
    expect(withAccent.map((r) => r.path)).toEqual(results.map((r) => r.path));
  });

  test("matches word prefixes and shows a highlighted snippet", async () => {
    const results = await searchSite(db, "hemerobiblio");
    const library = results.find((r) => r.path === "/hemerobiblioteca" || r.path === "/direccion/hemerobiblioteca");
    expect(library).toBeDefined();
    const body = await searchSite(db, "fotocopiad");
    const hit = body.find((r) => r.path === "/hemerobiblioteca");
    expect(hit?.snippet.filter((part) => part.highlight).map((part) => part.text.toLowerCase())).toContain("fotocopiado");
  });

  test("finds documents by title and links to the stored file", async () => {
    const results = await searchSite(db, "anuario 2020");
    const document = results.find((r) => r.kind === "documento");
    expect(document?.path).toMatch(/^\/archivos\/[0-9a-f-]{36}\//);
  });

  test("treats search operators and quotes as plain words", async () => {
    expect(toFtsQuery('pediatría" OR NEAR(x')).toBe('"pediatría"* "OR"* "NEAR"* "x"*');
    expect(toFtsQuery("  ¿? ")).toBeNull();
    await expect(searchSite(db, '"*) AND (')).resolves.toEqual([]);
    await expect(searchSite(db, "NOT urgencias")).resolves.toBeInstanceOf(Array);
  });

  test("an unpublished page is not found, not even through its menu entry, and comes back when published", async () => {
    await db.updateTable("department_pages").set({ is_published: 0 }).where("slug", "=", "departamento-de-nefrologia").execute();
    expect((await searchSite(db, "nefrologia")).map((r) => r.path)).not.toContain("/direccion/departamento-de-nefrologia");
    await db.updateTable("department_pages").set({ is_published: 1 }).where("slug", "=", "departamento-de-nefrologia").execute();
    expect((await searchSite(db, "nefrologia")).map((r) => r.path)).toContain("/direccion/departamento-de-nefrologia");
  });

  test("the /buscar page answers the query from the URL", async () => {
    const response = await searchLoader({ request: new Request("http://localhost/buscar?q=urgencias"), params: {}, context });
    expect(response.query).toBe("urgencias");
    expect(response.results.map((r) => r.path)).toContain("/direccion/departamento-de-urgencias");
    expect(response.total).toBeGreaterThanOrEqual(response.results.length);
    const empty = await searchLoader({ request: new Request("http://localhost/buscar"), params: {}, context });
    expect(empty.results).toEqual([]);
  });
});

describe("sitemap and robots", () => {
  test("the sitemap lists every public page with absolute URLs, and no files", async () => {
    const response = await sitemapLoader({ request: new Request("http://sitio.example/sitemap.xml"), params: {}, context });
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of [
      "/",
      "/direccion/medica",
      "/direccion/subdireccion-de-asistenca-medica",
      "/investigadores/15",
      "/avisos-de-privacidad",
      "/legado-artistico",
      "/hemerobiblioteca",
      "/anuarios-estadisticos",
      "/cursos2025/reanimacion-neonatal",
    ]) {
      expect(xml).toContain(`<loc>http://sitio.example${path === "/" ? "/" : path}</loc>`);
    }
    expect(xml).not.toContain("/archivos/");
    expect(xml.match(/<url>/g)!.length).toBeGreaterThan(100);
  });

  test("robots.txt points to the sitemap", async () => {
    const response = await robotsLoader({ request: new Request("http://sitio.example/robots.txt"), params: {}, context });
    expect(await response.text()).toContain("Sitemap: http://sitio.example/sitemap.xml");
  });
});
