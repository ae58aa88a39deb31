import { readdirSync } from "node:fs";
import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import { getContentPage } from "~/content/content-pages.server";
import {
  createPage,
  diffPageRevisions,
  listPageRevisions,
  publishDuePages,
  RESERVED_FIRST_SEGMENTS,
  restorePageRevision,
  updatePage,
} from "~/content/page-editor.server";
import { pageCreateSchema } from "~/content/page-forms";
import { db } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { loader as pageLoader } from "~/routes/$";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

let editor: StaffUser;

beforeAll(async () => {
  await useSeededDatabase();
  editor = (await createSignedInStaff(db, "comunicacion")).user;
});

const NOW = new Date("2026-03-01T15:00:00Z"); // 09:00 in Mexico City
const base = { title: "Avisos 2026", navLabel: "", summary: "Avisos de la convocatoria 2026.", body: "Primer aviso.", status: "borrador" as const };

async function search(words: string) {
  return (await sql<{ path: string }>`SELECT path FROM search_index WHERE search_index MATCH ${words}`.execute(db)).rows;
}

async function counts() {
  const [pages, revisions, audit] = await Promise.all(
    ["content_pages", "page_revisions", "audit_log"].map(async (table) =>
      Number(
        (
          await db
            .selectFrom(table as "audit_log")
            .select(db.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ),
  );
  return { pages, revisions, audit };
}

const args = (path: string) => ({
  request: new Request(`http://localhost${path}`),
  params: { "*": path.slice(1) },
  context: { cspNonce: "n", requestId: "r" },
});

describe("creating a page", () => {
  test("bad addresses are refused with a reason, and store nothing", async () => {
    const before = await counts();
    for (const path of ["/Mayusculas", "/con espacio", "/acentuación", "sin-barra", "/a//b", "/a/b/c/d/e", "/-guion"]) {
      expect(pageCreateSchema.safeParse({ ...base, path }).success, path).toBe(false);
    }
    for (const path of ["/voluntariado", "/direccion/nueva", "/admin/x", "/buscar", "/ensenanza/offer", "/galeria"]) {
      const outcome = await createPage(db, { ...base, path }, editor, null, NOW);
      expect(outcome.ok, path).toBe(false);
      if (!outcome.ok) expect(outcome.problem.fields.path?.[0]).toMatch(/Elija otra|Edítela/);
    }
    const past = await createPage(
      db,
      { ...base, path: "/convocatoria/avisos-2026", status: "programada", publishAt: "2026-03-01T08:59" },
      editor,
      null,
      NOW,
    );
    expect(past.ok).toBe(false);
    expect(await counts()).toEqual(before);
  });

  test("every top-level code route is reserved (keep RESERVED_FIRST_SEGMENTS in step with app/routes)", () => {
    const segments = readdirSync("app/routes")
      .map((file) =>
        file
          .replace(/\.tsx?$/, "")
          .split(/[._]/)[0]!
          .replace(/\[$/, ""),
      )
      .filter((segment) => segment && !segment.startsWith("$"));
    for (const segment of new Set(segments))
      expect(RESERVED_FIRST_SEGMENTS.has(segment) || segment === "robots[" || segment === "sitemap[", segment).toBe(true);
  });

  test("a scheduled page appears at its time, in the page route, search and sitemap views, with revisions and audit rows", async () => {
    const created = await createPage(
      db,
      {
        ...base,
        path: "/convocatoria/avisos-2026",
        body: "Calendario zarzamoraúnica de entrevistas.",
        status: "programada",
        publishAt: "2026-03-02T10:30",
      },
      editor,
      "req-1",
      NOW,
    );
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const row = await db
      .selectFrom("content_pages")
      .select(["is_published", "publish_at"])
      .where("id", "=", created.pageId)
      .executeTakeFirstOrThrow();
    // 10:30 in Mexico City is 16:30 UTC.
    expect(row).toEqual({ is_published: 0, publish_at: "2026-03-02T16:30:00.000Z" });
    expect(await getContentPage(db, "/convocatoria/avisos-2026")).toBeNull();
    expect(await search("zarzamoraunica")).toEqual([]);

    expect(await publishDuePages(db, new Date("2026-03-02T16:29:59Z"))).toBe(0);
    expect(await getContentPage(db, "/convocatoria/avisos-2026")).toBeNull();
    expect(await publishDuePages(db, new Date("2026-03-02T16:30:00Z"))).toBe(1);
    expect(await publishDuePages(db, new Date("2026-03-02T16:31:00Z"))).toBe(0);

    const { page } = await pageLoader(args("/convocatoria/avisos-2026"));
    expect(page.title).toBe("Avisos 2026");
    expect(await search("zarzamoraunica")).toEqual([{ path: "/convocatoria/avisos-2026" }]);
    const inSitemap = (await sql`SELECT path FROM search_source WHERE in_sitemap = 1 AND path = '/convocatoria/avisos-2026'`.execute(db)).rows;
    expect(inSitemap).toHaveLength(1);

    const revisions = await listPageRevisions(db, created.pageId);
    expect(revisions.map((r) => [r.number, r.action, r.authorName])).toEqual([
      [2, "publicar", "Publicación programada"],
      [1, "crear", editor.name],
    ]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity", "=", "content_page")
      .where("entity_id", "=", String(created.pageId))
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "page.create", actor_email: editor.email },
      { action: "page.publish_scheduled", actor_email: null },
    ]);
  });

  test("edits keep revisions, a diff says what changed, and Restaurar brings back the first text as a new revision", async () => {
    const id = (await db.selectFrom("content_pages").select("id").where("path", "=", "/convocatoria/avisos-2026").executeTakeFirstOrThrow()).id;
    const edited = await updatePage(
      db,
      id,
      { ...base, title: "Avisos 2026 (actualizado)", body: "Calendario nuevo: frambuesaeditada.", status: "publicada" },
      editor,
      null,
      NOW,
    );
    expect(edited.ok).toBe(true);
    expect(await search("frambuesaeditada")).toEqual([{ path: "/convocatoria/avisos-2026" }]);
    expect(await search("zarzamoraunica")).toEqual([]);

    const same = await updatePage(
      db,
      id,
      { ...base, title: "Avisos 2026 (actualizado)", body: "Calendario nuevo: frambuesaeditada.", status: "publicada" },
      editor,
      null,
      NOW,
    );
    expect(same).toMatchObject({ ok: true, message: "No había cambios que guardar." });
    expect((await listPageRevisions(db, id)).length).toBe(3);

    const diffs = await diffPageRevisions(db, id, 1, 3);
    expect(diffs?.map((d) => d.field)).toEqual(["title", "body", "status", "publishAt"]);
    const body = diffs!.find((d) => d.field === "body")!;
    expect(
      body.parts
        .filter((p) => p.change === "removed")
        .map((p) => p.value)
        .join(""),
    ).toContain("zarzamoraúnica");
    expect(
      body.parts
        .filter((p) => p.change === "added")
        .map((p) => p.value)
        .join(""),
    ).toContain("frambuesaeditada");

    const restored = await restorePageRevision(db, id, 1, editor, null, NOW);
    expect(restored).toMatchObject({ ok: true, message: "Se restauró la versión 1 como versión 4." });
    const page = await getContentPage(db, "/convocatoria/avisos-2026");
    // The texts come back; the page stays published.
    expect(page?.title).toBe("Avisos 2026");
    expect(page?.body.__html).toContain("zarzamoraúnica");
    expect(await search("zarzamoraunica")).toEqual([{ path: "/convocatoria/avisos-2026" }]);
    const revisions = await listPageRevisions(db, id);
    expect(revisions[0]).toMatchObject({ number: 4, action: "restaurar", restoredFromNumber: 1, changedFields: ["title", "body"] });
    // Revisions are append-only.
    await expect(db.deleteFrom("page_revisions").execute()).rejects.toThrow(/append-only/);
  });

  test("a script and a javascript: link typed into a page render inert", async () => {
    const created = await createPage(
      db,
      {
        ...base,
        path: "/prueba-inerte",
        body: 'Hola <script>alert(1)</script> <b style="color:red" onclick="x()">negrita</b> [clic](javascript:alert(2))',
        status: "publicada",
      },
      editor,
      null,
      NOW,
    );
    expect(created.ok).toBe(true);
    const { page } = await pageLoader(args("/prueba-inerte"));
    expect(page.body.__html).toContain("Hola");
    expect(page.body.__html).not.toMatch(/<script|alert\(1\)|onclick|style=|javascript:/i);
  });
});

describe("the page route", () => {
  test("answers case-insensitively and with a trailing slash, redirects renamed paths permanently, and 404s the rest", async () => {
    const { page } = await pageLoader(args("/Voluntariado/"));
    expect(page.path).toBe("/voluntariado");
    await db.insertInto("path_redirects").values({ from_path: "/voluntarios", to_path: "/voluntariado" }).execute();
    const redirect = await pageLoader(args("/voluntarios")).catch((error: unknown) => error);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).status).toBe(308);
    expect((redirect as Response).headers.get("Location")).toBe("/voluntariado");
    const missing = await pageLoader(args("/no-existe")).catch((error: unknown) => error);
    expect((missing as Response).status).toBe(404);
  });
});
