import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { publishDueRecords } from "~/content/record-publication.server";
import { listRevisions } from "~/content/revisions.server";
import { db } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { formatMexicoCityDateTime, instantToMexicoCityLocal } from "~/utils/mexico-city";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

// Issue 12: research units and profile records edited by the communications office (decision 0026),
// through the real HTTP stack (multipart, forgery guard, the route's role check) and the domain.

let baseUrl = "";
let close: () => Promise<void>;
let editor: { user: StaffUser; cookie: string };
let teaching: { cookie: string };
let unitId = 0;
let profileId = 0;
let profilePath = "";

const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90), Buffer.from("This program cannot be run in DOS mode.")]);

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
  editor = await createSignedInStaff(db, "comunicacion");
  teaching = await createSignedInStaff(db, "ensenanza");
  unitId = (await db.selectFrom("research_units").select("id").where("is_published", "=", 1).orderBy("id").executeTakeFirstOrThrow()).id;
  const page = await db
    .selectFrom("content_pages")
    .select(["path", "profile_page_id"])
    .where("profile_page_id", "is not", null)
    .where("is_published", "=", 1)
    .orderBy("path")
    .executeTakeFirstOrThrow();
  profileId = page.profile_page_id!;
  profilePath = page.path;
});

afterAll(async () => {
  await close();
});

async function counts(table: "research_units" | "profile_pages", id: number) {
  const count = async (t: "stored_files" | "page_revisions" | "audit_log") =>
    Number((await db.selectFrom(t).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    files: await count("stored_files"),
    revisions: await count("page_revisions"),
    audit: await count("audit_log"),
    row: JSON.stringify(await db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirstOrThrow()),
  };
}

/** A public page's HTML, without what differs per request. */
async function publicHtml(path: string) {
  return (await (await fetch(`${baseUrl}${path}`)).text()).replace(/ data-request-id="[^"]*"/, "");
}

async function search(words: string) {
  return (await sql<{ path: string }>`SELECT path FROM search_index WHERE search_index MATCH ${words}`.execute(db)).rows.map((r) => r.path);
}

/** The publication choice as the form shows it for a row (a scheduled time in Mexico City). */
function publicationValues(row: { is_published: 0 | 1; publish_at: string | null }) {
  return {
    status: row.is_published ? "publicada" : row.publish_at ? "programada" : "borrador",
    publishAt: row.publish_at ? instantToMexicoCityLocal(new Date(row.publish_at)) : "",
  };
}

async function unitForm(changes: Record<string, string | Blob> = {}) {
  const unit = await db.selectFrom("research_units").selectAll().where("id", "=", unitId).executeTakeFirstOrThrow();
  const values: Record<string, string> = {
    intent: "save",
    unit_name: unit.name,
    unit_kind: unit.kind,
    summary: unit.summary,
    content: unit.content,
    lines_of_work: (JSON.parse(unit.lines_of_work) as string[]).join("\n"),
    head_name: unit.head_name ?? "",
    head_grade: unit.head_grade ?? "",
    image_alt: unit.image_alt,
    ...publicationValues(unit),
  };
  if (unit.name_is_illustrative) values.name_is_illustrative = "on";
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...values, ...changes })) form.append(name, value);
  return form;
}

async function profileForm(changes: Record<string, string | Blob> = {}) {
  const p = await db.selectFrom("profile_pages").selectAll().where("id", "=", profileId).executeTakeFirstOrThrow();
  const values: Record<string, string> = {
    intent: "save",
    page_title: p.page_title,
    page_banner_image_alt: p.banner_image_alt,
    page_banner_content: p.banner_content,
    page_first_content: p.first_content,
    page_first_image_alt: p.first_image_alt,
    page_second_content: p.second_content,
    page_second_image_alt: p.second_image_alt,
    ...publicationValues(p),
  };
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...values, ...changes })) form.append(name, value);
  return form;
}

function post(path: string, form: FormData, cookie = editor.cookie) {
  return fetch(`${baseUrl}${path}`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: baseUrl }, redirect: "manual" });
}

const KINDS = [
  {
    kind: "research units",
    table: "research_units" as const,
    entity: "research_unit" as const,
    base: "/admin/contenido/investigacion",
    id: () => unitId,
    form: unitForm,
    publicPath: () => `/investigadores/${unitId}`,
    hostile: [
      ["control characters in the name", { unit_name: "Unidad\u0007 de prueba" }, /tiene caracteres de control/],
      ["control characters in a line of work", { lines_of_work: "Genómica\nOncología\u0000" }, /tiene caracteres de control/],
      ["a bidi override that makes the name read backwards", { unit_name: "Unidad \u202egolocno" }, /tiene caracteres de control/],
      ["a bidi isolate in the Markdown text", { content: "Texto \u2066oculto\u2069" }, /tiene caracteres de control/],
      ["a kind that does not exist", { unit_kind: "secreta" }, /Elija el tipo de unidad/],
      ["an empty name", { unit_name: "  " }, /Escriba el nombre de la unidad/],
      ["an EXE renamed .png", { image: new File([EXE], "foto.png", { type: "image/png" }) }, /no es una imagen JPG, PNG ni WebP/],
    ] as [string, Record<string, string | Blob>, RegExp][],
    edit: <Record<string, string>>{
      unit_name: "Unidad de Prueba Editada",
      content: "Texto mameyeditado con [enlace](javascript:alert(1)).\n\n<script>alert(1)</script>",
      lines_of_work: "Genómica\n\nNefrología",
    },
  },
  {
    kind: "profile records",
    table: "profile_pages" as const,
    entity: "profile_page" as const,
    base: "/admin/contenido/perfiles",
    id: () => profileId,
    form: profileForm,
    publicPath: () => profilePath,
    hostile: [
      ["control characters in the banner text", { page_banner_content: "Hola\u001b[31m" }, /tiene caracteres de control/],
      ["an empty title", { page_title: "" }, /Escriba el título del perfil/],
      ["an EXE renamed .jpg", { page_first_image: new File([EXE], "foto.jpg", { type: "image/jpeg" }) }, /no es una imagen JPG, PNG ni WebP/],
    ] as [string, Record<string, string | Blob>, RegExp][],
    edit: <Record<string, string>>{ page_first_content: "Texto tamarindoeditado con [enlace](javascript:alert(1)).\n\n<script>alert(1)</script>" },
  },
];

for (const k of KINDS) {
  describe(k.kind, () => {
    for (const [label, changes, message] of k.hostile) {
      test(`hostile input is refused: ${label}`, async () => {
        const before = await counts(k.table, k.id());
        const response = await post(`${k.base}/${k.id()}`, await k.form(changes));
        expect(response.status).toBe(400);
        expect(await response.text()).toMatch(message);
        expect(await counts(k.table, k.id())).toEqual(before);
      });
    }

    test("an ensenanza member is refused on every screen, and nothing is stored", async () => {
      const before = await counts(k.table, k.id());
      expect((await post(`${k.base}/${k.id()}`, await k.form({ summary: "Intruso" }), teaching.cookie)).status).toBe(403);
      const restore = new FormData();
      restore.set("revision", "1");
      expect((await post(`${k.base}/${k.id()}/historial`, restore, teaching.cookie)).status).toBe(403);
      expect(await counts(k.table, k.id())).toEqual(before);
      for (const path of [k.base, `${k.base}/${k.id()}`, `${k.base}/${k.id()}/historial`]) {
        expect((await fetch(`${baseUrl}${path}`, { headers: { Cookie: teaching.cookie } })).status, path).toBe(403);
      }
    });

    test("an edit shows on the public page and in /buscar at once; history, diff, restore of version 1 and audit follow", async () => {
      const publicBefore = await publicHtml(k.publicPath());
      const rowBefore = await db.selectFrom(k.table).selectAll().where("id", "=", k.id()).executeTakeFirstOrThrow();
      const response = await post(`${k.base}/${k.id()}`, await k.form(k.edit));
      expect(response.status).toBe(303);

      const html = await publicHtml(k.publicPath());
      const word = k.entity === "research_unit" ? "mameyeditado" : "tamarindoeditado";
      expect(html).toContain(word);
      expect(html).not.toContain("<script>alert(1)");
      expect(html).not.toContain('href="javascript:');
      if (k.entity === "research_unit") {
        expect(html).toContain("Unidad de Prueba Editada");
        expect(html).toMatch(/<li>Genómica<\/li>\s*<li>Nefrología<\/li>/);
      }
      expect(await search(word)).toEqual([k.publicPath()]);

      const revisions = await listRevisions(db, k.entity, k.id());
      expect(revisions.map((r) => [r.number, r.action])).toEqual([
        [2, "editar"],
        [1, "inicial"],
      ]);
      const history = await (await fetch(`${baseUrl}${k.base}/${k.id()}/historial?de=1&a=2`, { headers: { Cookie: editor.cookie } })).text();
      expect(history).toContain("Versión inicial (contenido anterior al editor)");
      expect(history).toMatch(new RegExp(`<ins>[^<]*${word}`));

      const restore = new FormData();
      restore.set("revision", "1");
      const restored = await post(`${k.base}/${k.id()}/historial`, restore);
      expect(restored.status).toBe(303);
      const rowAfter = await db.selectFrom(k.table).selectAll().where("id", "=", k.id()).executeTakeFirstOrThrow();
      expect({ ...rowAfter, updated_at: null }).toEqual({ ...rowBefore, updated_at: null });
      expect(await search(word)).toEqual([]);
      expect(await publicHtml(k.publicPath())).toBe(publicBefore);
      expect((await listRevisions(db, k.entity, k.id()))[0]).toMatchObject({ number: 3, action: "restaurar", restoredFromNumber: 1 });

      const audit = await db
        .selectFrom("audit_log")
        .select(["action", "actor_email"])
        .where("entity", "=", k.entity)
        .where("entity_id", "=", String(k.id()))
        .orderBy("id")
        .execute();
      expect(audit).toEqual([
        { action: `${k.entity}.update`, actor_email: editor.user.email },
        { action: `${k.entity}.restore`, actor_email: editor.user.email },
      ]);
    });
  });
}

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("rules checked before anything is stored", () => {
  test("every error at once for a research unit, with what was typed kept", async () => {
    const before = await counts("research_units", unitId);
    const response = await post(
      `/admin/contenido/investigacion/${unitId}`,
      await unitForm({ unit_name: "Nombre conservado", head_name: "", head_grade: "Jefa", summary: "x\u0000", image: new File([EXE], "a.webp") }),
    );
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toMatch(/Escriba el nombre del responsable, o borre su cargo/);
    expect(html).toMatch(/«Resumen» tiene caracteres de control/);
    expect(html).toMatch(/no es una imagen JPG, PNG ni WebP/);
    expect(html).toContain('value="Nombre conservado"');
    expect(await counts("research_units", unitId)).toEqual(before);
  });

  test("a research unit image without its description is refused", async () => {
    const before = await counts("research_units", unitId);
    const response = await post(`/admin/contenido/investigacion/${unitId}`, await unitForm({ image: new File([PNG], "u.png"), image_alt: "" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/Describa la imagen/);
    expect(await counts("research_units", unitId)).toEqual(before);
  });

  test("a profile's narrow-screen banner needs the banner", async () => {
    const before = await counts("profile_pages", profileId);
    const response = await post(
      `/admin/contenido/perfiles/${profileId}`,
      await profileForm({ quitar_page_banner_image: "on", banner_image_responsive: new File([PNG], "b.png") }),
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/necesita también la imagen del encabezado/);
    expect(await counts("profile_pages", profileId)).toEqual(before);
  });

  test("Vista previa renders through the sanitiser and stores nothing", async () => {
    const before = await counts("profile_pages", profileId);
    const form = await profileForm({ page_first_content: "Hola **vista** <script>alert(1)</script> [x](javascript:alert(1))" });
    form.set("intent", "preview");
    const response = await post(`/admin/contenido/perfiles/${profileId}`, form);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain("Vista previa (todavía no se guarda)");
    expect(html).toContain("<strong>vista</strong>");
    expect(html).not.toContain("<script>alert(1)");
    expect(html).not.toContain('href="javascript:');
    expect(await counts("profile_pages", profileId)).toEqual(before);
  });
});

describe("new records and publication (decision 0026)", () => {
  const HOUR = 3600_000;

  function newUnitForm(changes: Record<string, string | Blob> = {}) {
    const form = new FormData();
    const values = {
      intent: "save",
      unit_name: "Laboratorio de Pruebas Guanábana",
      unit_kind: "laboratorio",
      summary: "Un laboratorio creado desde el editor.",
      content: "Estudia la fruta chirimoyanueva.",
      lines_of_work: "Primera línea\nSegunda línea",
      head_name: "",
      head_grade: "",
      image_alt: "",
    };
    for (const [name, value] of Object.entries({ ...values, ...changes })) form.append(name, value);
    return form;
  }

  function newProfileForm(changes: Record<string, string | Blob> = {}) {
    const form = new FormData();
    const values = {
      intent: "save",
      page_title: "Perfil nuevo de prueba",
      page_banner_content: "Encabezado nuevo.",
      page_first_content: "Texto nuevo.",
    };
    for (const [name, value] of Object.entries({ ...values, ...changes })) form.append(name, value);
    return form;
  }

  async function rows(table: "research_units" | "profile_pages") {
    return Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  }

  async function everything() {
    const count = async (t: "stored_files" | "page_revisions" | "audit_log" | "research_units" | "profile_pages") =>
      Number((await db.selectFrom(t).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    return Promise.all(["stored_files", "page_revisions", "audit_log", "research_units", "profile_pages"].map((t) => count(t as "audit_log")));
  }

  async function sitemap() {
    return (await fetch(`${baseUrl}/sitemap.xml`)).text();
  }

  test("a new research unit gets the next number, starts as a draft (a forged state and number are ignored), then is published", async () => {
    const last = await db
      .selectFrom("research_units")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirstOrThrow();
    const id = last.id! + 1;
    const response = await post("/admin/contenido/investigacion/nueva", newUnitForm({ status: "publicada", id: "1" }));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/admin/contenido/investigacion/${id}`);
    const row = await db.selectFrom("research_units").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Laboratorio de Pruebas Guanábana", kind: "laboratorio", is_published: 0, publish_at: null });
    expect(JSON.parse(row.lines_of_work)).toEqual(["Primera línea", "Segunda línea"]);
    expect((await listRevisions(db, "research_unit", id)).map((r) => [r.number, r.action])).toEqual([[1, "crear"]]);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity", "=", "research_unit")
      .where("entity_id", "=", String(id))
      .execute();
    expect(audit).toEqual([{ action: "research_unit.create", actor_email: editor.user.email }]);

    // A draft: not public, not in /buscar nor the sitemap; the editor and the list show it.
    expect((await fetch(`${baseUrl}/investigadores/${id}`)).status).toBe(404);
    expect(await search("chirimoyanueva")).toEqual([]);
    expect(await sitemap()).not.toContain(`/investigadores/${id}</loc>`);
    const screen = await (await fetch(`${baseUrl}/admin/contenido/investigacion/${id}`, { headers: { Cookie: editor.cookie } })).text();
    expect(screen).toContain("borrador: no se muestra en el sitio");

    const published = await post(`/admin/contenido/investigacion/${id}`, await formForUnit(id, { status: "publicada" }));
    expect(published.status).toBe(303);
    expect(await (await fetch(`${baseUrl}/investigadores/${id}`)).text()).toContain("chirimoyanueva");
    expect(await search("chirimoyanueva")).toEqual([`/investigadores/${id}`]);
    expect(await sitemap()).toContain(`/investigadores/${id}</loc>`);
  });

  test("a scheduled edit of a published unit keeps it public until the clock reaches its time (decision 0033)", async () => {
    const at = new Date(Math.ceil((Date.now() + 3 * HOUR) / 60_000) * 60_000);
    const form = await formForUnit(unitId, { content: "Texto carambolaprogramada.", status: "programada", publishAt: instantToMexicoCityLocal(at) });
    expect((await post(`/admin/contenido/investigacion/${unitId}`, form)).status).toBe(303);
    const during = await fetch(`${baseUrl}/investigadores/${unitId}`);
    expect(during.status).toBe(200);
    expect(await during.text()).not.toContain("carambolaprogramada");
    expect(await search("carambolaprogramada")).toEqual([]);
    const list = await (await fetch(`${baseUrl}/admin/contenido/investigacion`, { headers: { Cookie: editor.cookie } })).text();
    expect(list).toContain(`Publicada · cambios programados para el ${formatMexicoCityDateTime(at.toISOString())}`);
    expect(await publishDueRecords(db, new Date(at.getTime() - 1))).toBe(0);
    expect(await publishDueRecords(db, new Date(at.getTime() + 60_000))).toBe(1);
    expect(await (await fetch(`${baseUrl}/investigadores/${unitId}`)).text()).toContain("carambolaprogramada");
    expect(await search("carambolaprogramada")).toEqual([`/investigadores/${unitId}`]);
    expect((await listRevisions(db, "research_unit", unitId))[0]).toMatchObject({ action: "publicar" });
  });

  test("a profile record taken off the site is left out of the page that shows it and of its search entry; scheduled, it comes back at its time", async () => {
    const word = "maracuyaperfil";
    expect((await post(`/admin/contenido/perfiles/${profileId}`, await profileForm({ page_banner_content: `Encabezado ${word}.` }))).status).toBe(
      303,
    );
    expect(await publicHtml(profilePath)).toContain(word);
    expect(await search(word)).toEqual([profilePath]);

    // A draft of the published record keeps it on the page (decision 0033); taking it off is «Retirar de la publicación».
    expect((await post(`/admin/contenido/perfiles/${profileId}`, await profileForm({ status: "borrador" }))).status).toBe(303);
    expect(await publicHtml(profilePath)).toContain(word);
    expect(await search(word)).toEqual([profilePath]);
    const retired = await fetch(`${baseUrl}/admin/contenido/perfiles/${profileId}/publicacion`, {
      method: "POST",
      body: new URLSearchParams({ intent: "retirar" }),
      headers: { Cookie: editor.cookie, Origin: baseUrl },
      redirect: "manual",
    });
    expect(retired.status).toBe(303);
    const page = await fetch(`${baseUrl}${profilePath}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(word);
    expect(await search(word)).toEqual([]);

    const at = new Date(Math.ceil((Date.now() + HOUR) / 60_000) * 60_000);
    expect(
      (await post(`/admin/contenido/perfiles/${profileId}`, await profileForm({ status: "programada", publishAt: instantToMexicoCityLocal(at) })))
        .status,
    ).toBe(303);
    expect(await publicHtml(profilePath)).not.toContain(word);
    expect(await publishDueRecords(db, at)).toBe(1);
    expect(await publicHtml(profilePath)).toContain(word);
    expect(await search(word)).toEqual([profilePath]);
  });

  test("a new profile record: a key and number from the server, a draft, its first revision and audit row", async () => {
    const response = await post("/admin/contenido/perfiles/nueva", newProfileForm({ key: "medica", status: "publicada" }));
    expect(response.status).toBe(303);
    const id = Number(response.headers.get("location")!.split("/").pop());
    const row = await db.selectFrom("profile_pages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ key: `perfil-${id}`, page_title: "Perfil nuevo de prueba", is_published: 0, publish_at: null });
    expect((await listRevisions(db, "profile_page", id)).map((r) => r.action)).toEqual(["crear"]);
    expect(
      await db.selectFrom("audit_log").select("action").where("entity", "=", "profile_page").where("entity_id", "=", String(id)).execute(),
    ).toEqual([{ action: "profile_page.create" }]);
  });

  test("hostile input on the new screens is refused (400, Spanish) and stores nothing", async () => {
    const cases: [string, FormData, RegExp][] = [
      ["/admin/contenido/investigacion/nueva", newUnitForm({ unit_name: "Unidad\u0007 oculta" }), /tiene caracteres de control/],
      ["/admin/contenido/investigacion/nueva", newUnitForm({ summary: "Resumen\u0085 con un control C1" }), /«Resumen» tiene caracteres de control/],
      ["/admin/contenido/investigacion/nueva", newUnitForm({ unit_kind: "secreta" }), /Elija el tipo de unidad/],
      ["/admin/contenido/investigacion/nueva", newUnitForm({ image: new File([EXE], "a.png", { type: "image/png" }) }), /no es una imagen JPG/],
      ["/admin/contenido/investigacion/nueva", newUnitForm({ image: new File([PNG], "a.png"), image_alt: "" }), /Describa la imagen/],
      ["/admin/contenido/perfiles/nueva", newProfileForm({ page_first_content: "Hola\u001b[31m" }), /tiene caracteres de control/],
      ["/admin/contenido/perfiles/nueva", newProfileForm({ page_title: "" }), /Escriba el título del perfil/],
    ];
    for (const [path, form, message] of cases) {
      const before = await everything();
      const response = await post(path, form);
      expect(response.status, `${path} ${message}`).toBe(400);
      expect(await response.text()).toMatch(message);
      expect(await everything()).toEqual(before);
    }
  });

  test("forged ids answer the Spanish 404 and store nothing", async () => {
    const before = await everything();
    for (const path of [
      "/admin/contenido/investigacion/999999",
      "/admin/contenido/investigacion/0",
      "/admin/contenido/perfiles/99999",
      "/admin/contenido/perfiles/1e3",
    ]) {
      const response = await post(
        path,
        path.includes("investigacion") ? newUnitForm({ status: "publicada" }) : newProfileForm({ status: "publicada" }),
      );
      expect(response.status, path).toBe(404);
      expect((await fetch(`${baseUrl}${path}`, { headers: { Cookie: editor.cookie } })).status, path).toBe(404);
    }
    expect(await everything()).toEqual(before);
  });

  test("an ensenanza member is refused on every new screen and action, and nothing is stored", async () => {
    const before = await everything();
    const unitsBefore = await rows("research_units");
    for (const path of ["/admin/contenido/investigacion/nueva", "/admin/contenido/perfiles/nueva"]) {
      expect((await fetch(`${baseUrl}${path}`, { headers: { Cookie: teaching.cookie } })).status, path).toBe(403);
      const form = path.includes("investigacion") ? newUnitForm() : newProfileForm();
      expect((await post(path, form, teaching.cookie)).status, path).toBe(403);
    }
    expect((await post(`/admin/contenido/investigacion/${unitId}`, await formForUnit(unitId, { status: "borrador" }), teaching.cookie)).status).toBe(
      403,
    );
    expect((await post(`/admin/contenido/perfiles/${profileId}`, await profileForm({ status: "borrador" }), teaching.cookie)).status).toBe(403);
    expect(await everything()).toEqual(before);
    expect(await rows("research_units")).toBe(unitsBefore);
  });
});

/** The edit form of any unit, as the editor sends it. */
async function formForUnit(id: number, changes: Record<string, string | Blob> = {}) {
  const saved = unitId;
  unitId = id;
  try {
    return await unitForm(changes);
  } finally {
    unitId = saved;
  }
}
