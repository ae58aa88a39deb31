import { readdirSync } from "node:fs";
import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import { getDepartmentPage } from "~/content/department-pages.server";
import { directionNodeSchema, newDirectionNodeSchema } from "~/content/direction-forms.server";
import { createDirectionNode, deleteDirectionNode, DIRECTION_CODE_SLUGS, updateDirectionNode } from "~/content/directions-editor.server";
import { getDirectionsMenu } from "~/content/directions.server";
import { linkTargetProblem } from "~/content/link-target";
import { menuLinkAddSchema } from "~/content/menu-forms.server";
import { addMenuLink, getSiteMenus, removeMenuLink, updateMenuLink } from "~/content/menus.server";
import { db } from "~/db.server";
import { loader as directionLoader } from "~/routes/direccion.$slug";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin.ajustes";
import { action as menusAction } from "~/routes/admin.menus._index";
import { action as nodeAction } from "~/routes/admin.direcciones.$nodeId";
import { action as newNodeAction } from "~/routes/admin.direcciones.nueva";
import { siteSettingsSchema, updateSiteSettings } from "~/settings/settings-editor.server";
import { defaultSettings } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import type { StaffUser } from "~/staff/staff";
import { MENU_LINKS_SEED } from "../../migrations/0023-menus";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

let editor: StaffUser;
let editorCookie: string;
let admin: StaffUser;
let adminCookie: string;
let teachingCookie: string;

beforeAll(async () => {
  await useSeededDatabase();
  ({ user: editor, cookie: editorCookie } = await createSignedInStaff(db, "comunicacion"));
  ({ user: admin, cookie: adminCookie } = await createSignedInStaff(db, "admin"));
  ({ cookie: teachingCookie } = await createSignedInStaff(db, "ensenanza"));
});

const context = { cspNonce: "n", requestId: "prueba", clientAddress: "127.0.0.1" };

async function count(table: "audit_log" | "menu_links" | "path_redirects" | "site_settings") {
  return Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
}

async function contentVersion() {
  return (await db.selectFrom("content_version").select("version").executeTakeFirstOrThrow()).version;
}

/** What a route answered, returned or thrown: a Response, or Remix's `data()` with its init. */
async function statusOf(run: () => Promise<unknown>): Promise<{ status: number; location: string | null }> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    outcome = thrown;
  }
  if (outcome instanceof Response) return { status: outcome.status, location: outcome.headers.get("Location") };
  const init = (outcome as { init?: { status?: number } } | null)?.init;
  return { status: init?.status ?? 200, location: null };
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

describe("link targets", () => {
  test("only a site path with one leading slash or an http(s) URL is accepted", () => {
    for (const ok of ["/", "/transparencia", "/ensenanza/offer?x=1#a", "https://www.gob.mx/salud", "http://example.org"]) {
      expect(linkTargetProblem(ok), ok).toBeNull();
    }
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "mailto:a@b.mx",
      "//evil.example",
      "/\\evil.example",
      "https:/evil.example",
      "https://user:clave@evil.example",
      "/trans parencia",
      "/transparencia\u0000",
      "/transparencia\u202e",
      "transparencia",
      "",
    ]) {
      expect(linkTargetProblem(bad), JSON.stringify(bad)).not.toBeNull();
    }
  });

  test("the table refuses an unsafe target even when the code is bypassed", async () => {
    for (const href of ["javascript:alert(1)", "//evil.example", "/a b", "data:x"]) {
      await expect(db.insertInto("menu_links").values({ menu: "pie", label: "X", href, position: 1 }).execute(), href).rejects.toThrow();
    }
    for (const label of ["", "Uno\u0001", "Dos\n"]) {
      await expect(
        db.insertInto("menu_links").values({ menu: "pie", label, href: "/", position: 1 }).execute(),
        JSON.stringify(label),
      ).rejects.toThrow();
    }
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("menu_links").values({ menu: "pie", label: "Válido", href: "https://www.gob.mx/", position: 1 }).execute();
      await trx.deleteFrom("menu_links").where("label", "=", "Válido").execute();
    });
  });
});

describe("menus", () => {
  test("the migration seeds exactly the menus the code had", async () => {
    const anonymous = await getSiteMenus(db, false);
    const signedIn = await getSiteMenus(db, true);
    const pick = (menu: string) => MENU_LINKS_SEED.filter((link) => link.menu === menu).map(({ label, href }) => ({ label, href }));
    expect(anonymous.header).toEqual(pick("anonimo"));
    expect(anonymous.header[1]).toEqual({ label: "Consulta de primera vez", href: "/requisitos" });
    expect(signedIn.header.map((link) => link.label)).toEqual([
      "Inicio",
      "Sesión clínico patológica (video)",
      "Transparencia",
      "Oferta académica",
      "Perfil",
    ]);
    expect(anonymous.footer).toEqual(pick("pie"));
    // The six links the footer had, plus "Donativos" (issue 13).
    expect(anonymous.footer).toHaveLength(7);
    expect(anonymous.footer[0]).toEqual({ label: "Donativos", href: "/donacion" });
  });

  test("a javascript: target or a label with control characters is refused with every error, and nothing is stored", async () => {
    const parsed = menuLinkAddSchema.safeParse({ menu: "anonimo", label: "Hola\u0007", href: "javascript:alert(1)", position: "x" });
    expect(parsed.success).toBe(false);
    const fields = new Set(parsed.error!.issues.map((issue) => issue.path[0]));
    expect(fields).toEqual(new Set(["label", "href", "position"]));

    const [links, audit] = [await count("menu_links"), await count("audit_log")];
    const refused = await statusOf(() =>
      menusAction({
        request: post("/admin/menus", editorCookie, { menu: "pie", label: "Malo", href: "javascript:alert(1)", position: "3" }),
        params: {},
        context,
      }),
    );
    expect(refused.status).toBe(400);
    expect([await count("menu_links"), await count("audit_log")]).toEqual([links, audit]);
  });

  test("add, edit and remove a link: audited, and the public pages' cache is invalidated", async () => {
    const version = await contentVersion();
    const added = await addMenuLink(db, { menu: "anonimo", label: "Donativos", href: "/donativos", position: 9 }, editor, null);
    expect((await getSiteMenus(db, false)).header.at(-1)).toEqual({ label: "Donativos", href: "/donativos" });
    expect((await getSiteMenus(db, true)).header.map((link) => link.label)).not.toContain("Donativos");
    expect(await contentVersion()).toBeGreaterThan(version);

    const edited = await updateMenuLink(db, added.id, { label: "Donaciones", href: "https://www.gob.mx/donar", position: 0 }, editor, "req-1");
    expect(edited.ok).toBe(true);
    expect((await getSiteMenus(db, false)).header[0]).toEqual({ label: "Donaciones", href: "https://www.gob.mx/donar" });
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "menu_link.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!)).toEqual({ label: "Donativos", href: "/donativos", position: 9 });
    expect(audit.actor_email).toBe(editor.email);

    expect((await removeMenuLink(db, added.id, editor, null)).ok).toBe(true);
    expect((await getSiteMenus(db, false)).header.map((link) => link.label)).not.toContain("Donaciones");
    expect(await removeMenuLink(db, added.id, editor, null)).toEqual({
      ok: false,
      status: 404,
      problem: { form: ["No encontramos lo que busca."], fields: {}, code: "no_encontrado" },
    });
  });
});

describe("the directions tree", () => {
  async function node(slug: string) {
    return db.selectFrom("direction_nodes").selectAll().where("slug", "=", slug).executeTakeFirstOrThrow();
  }
  const input = (row: { name: string; parent_id: number | null; position: number }, slug: string) => ({
    name: row.name,
    slug,
    parentId: row.parent_id,
    position: row.position,
  });

  test("every /direccion/<slug> code route is in DIRECTION_CODE_SLUGS", () => {
    const slugs = readdirSync("app/routes")
      .map((file) => /^direccion\.([a-z0-9-]+)\.tsx$/.exec(file)?.[1])
      .filter((slug): slug is string => Boolean(slug));
    expect(new Set(slugs)).toEqual(DIRECTION_CODE_SLUGS);
  });

  test("badly formed slugs are refused by the form", () => {
    for (const slug of ["Mayusculas", "con espacio", "acentuación", "a/b", "-guion", "doble--guion", "x\u0000"]) {
      expect(directionNodeSchema.safeParse({ name: "X", slug, parentId: "", position: "1" }).success, slug).toBe(false);
    }
    for (const name of ["", "Área\u202e", "Área\u0000", "x".repeat(201)]) {
      expect(directionNodeSchema.safeParse({ name, slug: "area", parentId: "", position: "1" }).success, name).toBe(false);
    }
    expect(directionNodeSchema.safeParse({ name: "Área", slug: "area", parentId: "0", position: "1" }).success).toBe(false);
    expect(directionNodeSchema.safeParse({ name: "Área", slug: "area", parentId: "", position: "1" }).data).toEqual({
      name: "Área",
      slug: "area",
      parentId: null,
      position: 1,
    });
  });

  test("a duplicate, reserved or fixed slug and a cycle are refused, and nothing is stored", async () => {
    const planning = await node("planeacion");
    const [redirects, audit] = [await count("path_redirects"), await count("audit_log")];
    const taken = await updateDirectionNode(db, planning.id, input(planning, "medica"), editor, null);
    expect(taken).toMatchObject({ ok: false, problem: { fields: { slug: [expect.stringMatching(/ya la usa/)] } } });
    const reserved = await updateDirectionNode(db, planning.id, input(planning, "hemerobiblioteca"), editor, null);
    expect(reserved).toMatchObject({ ok: false, problem: { fields: { slug: [expect.stringMatching(/Elija otra/)] } } });
    // A specialty's page outside the tree also owns its /direccion address.
    const outside = await db.selectFrom("department_pages").select("slug").where("direction_node_id", "is", null).executeTakeFirst();
    if (outside) expect(await updateDirectionNode(db, planning.id, input(planning, outside.slug), editor, null)).toMatchObject({ ok: false });
    const research = await node("investigacion");
    expect(await updateDirectionNode(db, research.id, input(research, "investigacion-2"), editor, null)).toMatchObject({ ok: false });

    const medical = await node("medica");
    const child = await node("subdireccion-de-pediatria-ambulatoria");
    const cycle = await updateDirectionNode(db, medical.id, { ...input(medical, "medica"), parentId: child.id }, editor, null);
    expect(cycle).toMatchObject({ ok: false, problem: { fields: { parentId: [expect.stringMatching(/sí misma/)] } } });
    expect((await node("planeacion")).href).toBe("/direccion/planeacion");
    expect([await count("path_redirects"), await count("audit_log")]).toEqual([redirects, audit]);
  });

  test("renaming a slug moves the page, keeps the old address as a 308, and collapses chains", async () => {
    const genetics = await node("genetica-y-genomica");
    const saved = await updateDirectionNode(db, genetics.id, input(genetics, "genetica-humana"), editor, "req-2");
    expect(saved.ok).toBe(true);
    expect((await db.selectFrom("direction_nodes").select("href").where("id", "=", genetics.id).executeTakeFirstOrThrow()).href).toBe(
      "/direccion/genetica-humana",
    );
    expect(
      await db.selectFrom("path_redirects").select("to_path").where("from_path", "=", "/direccion/genetica-y-genomica").executeTakeFirst(),
    ).toEqual({
      to_path: "/direccion/genetica-humana",
    });
    expect(await getDepartmentPage(db, "genetica-humana")).not.toBeNull();
    expect(await getDepartmentPage(db, "genetica-y-genomica")).toBeNull();

    const old = await statusOf(() =>
      directionLoader({
        request: new Request("http://localhost/direccion/genetica-y-genomica?a=1"),
        params: { slug: "genetica-y-genomica" },
        context,
      }),
    );
    expect(old).toEqual({ status: 308, location: "/direccion/genetica-humana?a=1" });
    const fresh = await statusOf(() =>
      directionLoader({ request: new Request("http://localhost/direccion/genetica-humana"), params: { slug: "genetica-humana" }, context }),
    );
    expect(fresh.status).toBe(200);

    // The search index follows at once (triggers).
    const found = await sql<{ path: string }>`SELECT path FROM search_index WHERE search_index MATCH 'genetica'`.execute(db);
    expect(found.rows.map((row) => row.path)).toContain("/direccion/genetica-humana");
    expect(found.rows.map((row) => row.path)).not.toContain("/direccion/genetica-y-genomica");

    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "direction_node.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after_json!)).toMatchObject({ slug: "genetica-humana", redirect: { from: "/direccion/genetica-y-genomica" } });

    // A second rename sends both old addresses straight to the newest; renaming back is allowed.
    const again = await node("genetica-humana");
    expect((await updateDirectionNode(db, again.id, input(again, "genomica"), editor, null)).ok).toBe(true);
    const redirects = await db
      .selectFrom("path_redirects")
      .select(["from_path", "to_path"])
      .where("to_path", "like", "/direccion/gen%")
      .orderBy("from_path")
      .execute();
    expect(redirects).toEqual([
      { from_path: "/direccion/genetica-humana", to_path: "/direccion/genomica" },
      { from_path: "/direccion/genetica-y-genomica", to_path: "/direccion/genomica" },
    ]);
    const latest = await node("genomica");
    expect((await updateDirectionNode(db, latest.id, input(latest, "genetica-y-genomica"), editor, null)).ok).toBe(true);
    const back = await db
      .selectFrom("path_redirects")
      .select(["from_path", "to_path"])
      .where("to_path", "like", "/direccion/gen%")
      .orderBy("from_path")
      .execute();
    expect(back).toEqual([
      { from_path: "/direccion/genetica-humana", to_path: "/direccion/genetica-y-genomica" },
      { from_path: "/direccion/genomica", to_path: "/direccion/genetica-y-genomica" },
    ]);
  });

  test("a name, parent and order change is saved without a redirect", async () => {
    const planning = await node("planeacion");
    const redirects = await count("path_redirects");
    const medical = await node("medica");
    const saved = await updateDirectionNode(
      db,
      planning.id,
      { name: "Dirección de Planeación Estratégica", slug: "planeacion", parentId: medical.id, position: 7 },
      editor,
      null,
    );
    expect(saved.ok).toBe(true);
    expect(await node("planeacion")).toMatchObject({ name: "Dirección de Planeación Estratégica", parent_id: medical.id, position: 7 });
    expect(await count("path_redirects")).toBe(redirects);
    await updateDirectionNode(db, planning.id, input(planning, "planeacion"), editor, null);
  });
});

describe("adding and deleting areas of the directions tree", () => {
  async function nodeBySlug(slug: string) {
    return db.selectFrom("direction_nodes").selectAll().where("slug", "=", slug).executeTakeFirst();
  }
  const flatten = (items: Awaited<ReturnType<typeof getDirectionsMenu>>): string[] => items.flatMap((item) => [item.href, ...flatten(item.children)]);
  const form = (fields: Partial<Record<"name" | "slug" | "parentId" | "position" | "level", string>>) => ({
    name: "Clínica del Sueño",
    slug: "clinica-del-sueno",
    parentId: "",
    position: "9",
    level: "departamento",
    ...fields,
  });

  test("bad, duplicate and reserved slugs, a wrong level, a missing parent and control characters are refused (400); nothing is stored", async () => {
    const parent = (await nodeBySlug("medica"))!;
    const before = [await count("audit_log"), await count("path_redirects")];
    const nodes = Number((await db.selectFrom("direction_nodes").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const refused = [
      form({ parentId: String(parent.id), slug: "Clinica Del Sueño" }),
      form({ parentId: String(parent.id), slug: "" }),
      form({ parentId: String(parent.id), slug: "medica" }),
      form({ parentId: String(parent.id), slug: "hemerobiblioteca" }),
      form({ parentId: String(parent.id), name: "Clínica\u0000del Sueño" }),
      form({ parentId: String(parent.id), name: "Clínica\u202edel Sueño" }),
      form({ parentId: "999999" }),
      form({ parentId: "", level: "departamento" }),
      form({ parentId: String(parent.id), level: "direccion" }),
      form({ parentId: String(parent.id), level: "unidad" }),
    ];
    for (const fields of refused) {
      const answer = await statusOf(() => newNodeAction({ request: post("/admin/direcciones/nueva", editorCookie, fields), params: {}, context }));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
    }
    expect(newDirectionNodeSchema.safeParse(form({ slug: "a/b" })).success).toBe(false);
    // A service cannot have areas under it.
    const service = await db.selectFrom("direction_nodes").select("id").where("level", "=", "servicio").executeTakeFirstOrThrow();
    const under = await createDirectionNode(
      db,
      { name: "X", slug: "bajo-servicio", parentId: service.id, position: 0, level: "servicio" },
      editor,
      null,
    );
    expect(under).toMatchObject({ ok: false, problem: { fields: { parentId: [expect.stringMatching(/no puede tener/)] } } });

    const teaching = await statusOf(() =>
      newNodeAction({ request: post("/admin/direcciones/nueva", teachingCookie, form({ parentId: String(parent.id) })), params: {}, context }),
    );
    expect(teaching.status).toBe(403);
    expect(await nodeBySlug("clinica-del-sueno")).toBeUndefined();
    expect([await count("audit_log"), await count("path_redirects")]).toEqual(before);
    expect(Number((await db.selectFrom("direction_nodes").select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n)).toBe(nodes);
  });

  test("a new area shows in the tree and answers at its address; deleting it leaves a 308 to its parent, audited", async () => {
    const parent = (await nodeBySlug("subdireccion-de-pediatria-ambulatoria"))!;
    const version = await contentVersion();
    const added = await statusOf(() =>
      newNodeAction({ request: post("/admin/direcciones/nueva", editorCookie, form({ parentId: String(parent.id) })), params: {}, context }),
    );
    expect(added.status).toBe(303);
    const created = (await nodeBySlug("clinica-del-sueno"))!;
    expect(created).toMatchObject({ name: "Clínica del Sueño", parent_id: parent.id, level: "departamento", href: "/direccion/clinica-del-sueno" });
    expect(added.location).toBe(`/admin/direcciones/${created.id}`);
    expect(flatten(await getDirectionsMenu(db))).toContain("/direccion/clinica-del-sueno");
    const page = await getDepartmentPage(db, "clinica-del-sueno");
    expect(page).toMatchObject({ title: "Clínica del Sueño", layout: "departamento" });
    expect(page!.breadcrumbs.map((crumb) => crumb.href)).toContain(parent.href);
    expect(await contentVersion()).toBeGreaterThan(version);
    const createAudit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "direction_node.create")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(createAudit.entity_id).toBe(String(created.id));
    // The same slug again is a duplicate.
    expect(
      (
        await statusOf(() =>
          newNodeAction({ request: post("/admin/direcciones/nueva", editorCookie, form({ parentId: String(parent.id) })), params: {}, context }),
        )
      ).status,
    ).toBe(400);

    // A node with children cannot be deleted (409, nothing changes).
    const [audits, redirects] = [await count("audit_log"), await count("path_redirects")];
    const withChildren = await statusOf(() =>
      nodeAction({
        request: post(`/admin/direcciones/${parent.id}`, editorCookie, { intent: "delete" }),
        params: { nodeId: String(parent.id) },
        context,
      }),
    );
    expect(withChildren.status).toBe(409);
    expect(await deleteDirectionNode(db, parent.id, editor, null)).toMatchObject({
      ok: false,
      problem: { form: [expect.stringMatching(/dependen/)] },
    });
    const teaching = await statusOf(() =>
      nodeAction({
        request: post(`/admin/direcciones/${created.id}`, teachingCookie, { intent: "delete" }),
        params: { nodeId: String(created.id) },
        context,
      }),
    );
    expect(teaching.status).toBe(403);
    expect([await count("audit_log"), await count("path_redirects")]).toEqual([audits, redirects]);

    const deleted = await statusOf(() =>
      nodeAction({
        request: post(`/admin/direcciones/${created.id}`, editorCookie, { intent: "delete" }),
        params: { nodeId: String(created.id) },
        context,
      }),
    );
    expect(deleted).toEqual({ status: 303, location: "/admin/direcciones" });
    expect(await nodeBySlug("clinica-del-sueno")).toBeUndefined();
    expect(await getDepartmentPage(db, "clinica-del-sueno")).toBeNull();
    expect(flatten(await getDirectionsMenu(db))).not.toContain("/direccion/clinica-del-sueno");
    const old = await statusOf(() =>
      directionLoader({ request: new Request("http://localhost/direccion/clinica-del-sueno"), params: { slug: "clinica-del-sueno" }, context }),
    );
    expect(old).toEqual({ status: 308, location: parent.href });
    const deleteAudit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "direction_node.delete")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(deleteAudit.before_json!)).toMatchObject({ slug: "clinica-del-sueno", name: "Clínica del Sueño" });
    expect(JSON.parse(deleteAudit.after_json!)).toMatchObject({ redirect: { from: "/direccion/clinica-del-sueno", to: parent.href } });
    // The old address is taken by the redirect: adding it again is refused with a clear message.
    const again = await createDirectionNode(
      db,
      { name: "Otra", slug: "clinica-del-sueno", parentId: parent.id, position: 0, level: "departamento" },
      editor,
      null,
    );
    expect(again).toMatchObject({ ok: false, problem: { fields: { slug: [expect.stringMatching(/redirige/)] } } });
  });

  test("a fixed slug or an address outside /direccion cannot be deleted", async () => {
    const library = (await nodeBySlug("hemerobiblioteca"))!;
    if ((await db.selectFrom("direction_nodes").select("id").where("parent_id", "=", library.id).executeTakeFirst()) === undefined) {
      expect(await deleteDirectionNode(db, library.id, editor, null)).toMatchObject({ ok: false, status: 409 });
    }
    const unit = await db
      .selectFrom("direction_nodes")
      .select("id")
      .where("slug", "is", null)
      .where("level", "=", "unidad")
      .executeTakeFirstOrThrow();
    expect(await deleteDirectionNode(db, unit.id, editor, null)).toMatchObject({ ok: false, status: 409 });
    expect(await deleteDirectionNode(db, 999999, editor, null)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("site settings", () => {
  const { socialLinks, coursePrefix, transparencyPlatformUrl, ...texts } = defaultSettings;
  // The form as the browser sends it: the default texts, one social link and a blank row.
  const valid: Record<string, string> = {
    ...texts,
    "socialLinks[0].name": socialLinks[0]!.name,
    "socialLinks[0].url": socialLinks[0]!.url,
    "socialLinks[1].name": "",
    "socialLinks[1].url": "",
  };

  test("comunicacion and ensenanza are refused (403) and nothing changes", async () => {
    const before = await getSettings(db);
    for (const cookie of [editorCookie, teachingCookie]) {
      const refused = await statusOf(() =>
        settingsAction({ request: post("/admin/ajustes", cookie, { ...valid, phone: "55 1111 2222" }), params: {}, context }),
      );
      expect(refused.status).toBe(403);
      const read = await statusOf(() =>
        settingsLoader({ request: new Request("http://localhost/admin/ajustes", { headers: { Cookie: cookie } }), params: {}, context }),
      );
      expect(read.status).toBe(403);
    }
    expect(await getSettings(db)).toEqual(before);
  });

  test("unsafe social links, a bad phone and a bad video address are refused at once", () => {
    const parsed = siteSettingsSchema.safeParse({
      ...valid,
      phone: "123",
      email: "no es correo",
      socialLinks: [
        { name: "Malo", url: "javascript:alert(1)" },
        { name: "", url: "https://x.mx" },
      ],
      sessionVideoEmbedUrl: "javascript:alert(1)",
    });
    expect(parsed.success).toBe(false);
    const paths = parsed.error!.issues.map((issue) => issue.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["phone", "email", "socialLinks.0.url", "socialLinks.1.name", "sessionVideoEmbedUrl"]));
  });

  test("an admin's change is stored, audited with before and after, and invalidates the page cache", async () => {
    const version = await contentVersion();
    const response = await statusOf(() =>
      settingsAction({ request: post("/admin/ajustes", adminCookie, { ...valid, phone: "55 5228 9900" }), params: {}, context }),
    );
    expect(response).toEqual({ status: 303, location: "/admin/ajustes" });
    const settings = await getSettings(db);
    expect(settings.phone).toBe("55 5228 9900");
    // Blank rows are dropped; the list is what was typed.
    expect(settings.socialLinks).toEqual([{ name: "Facebook", url: "https://www.facebook.com/HospitalInfantilDeMexicoFG/?locale=es_LA" }]);
    expect(await contentVersion()).toBeGreaterThan(version);
    const audit = await db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "settings.update")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.before_json!).phone).toBe("55 5228 9917");
    expect(JSON.parse(audit.after_json!).phone).toBe("55 5228 9900");
    expect(audit.actor_email).toBe(admin.email);

    const same = await updateSiteSettings(db, { ...settings }, admin, null);
    expect(same.message).toMatch(/No había cambios/);
  });

  test("the donation transfer details: a CLABE typed with spaces is kept as 18 digits; a wrong one or a hidden character is refused", async () => {
    const good = siteSettingsSchema.safeParse({ ...valid, donationBankName: "Banco de Prueba", donationClabe: "0121 8000 1234 5678 90" });
    expect(good.success && good.data.donationClabe).toBe("012180001234567890");
    const bad = siteSettingsSchema.safeParse({ ...valid, donationBankName: "Banco\u200b", donationClabe: "1234" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((issue) => issue.path.join("."))).toEqual(expect.arrayContaining(["donationBankName", "donationClabe"]));

    const response = await statusOf(() =>
      settingsAction({
        request: post("/admin/ajustes", adminCookie, {
          ...valid,
          phone: "55 5228 9900",
          donationBankName: "Banco de Prueba",
          donationClabe: "012180001234567890",
        }),
        params: {},
        context,
      }),
    );
    expect(response.status).toBe(303);
    const settings = await getSettings(db);
    expect([settings.donationBankName, settings.donationClabe]).toEqual(["Banco de Prueba", "012180001234567890"]);
  });
});
