import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { getDepartmentPage } from "~/content/department-pages.server";
import { DEPARTMENT_RECORD, departmentEditSchema, isSafeStaffLink } from "~/content/department-editor.server";
import { publishDueRecords } from "~/content/record-publication.server";
import { listRevisions } from "~/content/revisions.server";
import { db } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { instantToMexicoCityLocal } from "~/utils/mexico-city";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

const { update: updateDepartmentPage } = DEPARTMENT_RECORD;

// Issue 12: department and direction pages edited by the communications office (decision 0026).
// Through the real HTTP stack (multipart, forgery guard, the route's role check) and the domain.

let baseUrl = "";
let close: () => Promise<void>;
let editor: { user: StaffUser; cookie: string };
let teaching: { cookie: string };
let pageId = 0;

const SLUG = "pre-y-posgrado";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90), Buffer.from("This program cannot be run in DOS mode.")]);

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
  editor = await createSignedInStaff(db, "comunicacion");
  teaching = await createSignedInStaff(db, "ensenanza");
  pageId = (await db.selectFrom("department_pages").select("id").where("slug", "=", SLUG).executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await close();
});

async function counts() {
  const count = async (table: "stored_files" | "page_revisions" | "audit_log") =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    files: await count("stored_files"),
    revisions: await count("page_revisions"),
    audit: await count("audit_log"),
    row: JSON.stringify(await db.selectFrom("department_pages").selectAll().where("id", "=", pageId).executeTakeFirstOrThrow()),
  };
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

/** The form as the editor sends it: the page's current values, with `changes` on top. */
async function formFor(changes: Record<string, string | Blob> = {}) {
  const page = (await db.selectFrom("department_pages").selectAll().where("id", "=", pageId).executeTakeFirstOrThrow())!;
  const form = new FormData();
  const values: Record<string, string> = {
    intent: "save",
    page_title: page.title,
    summary: page.summary,
    tipo_departamento: String(page.tipo_departamento),
    page_titular: page.head_name ?? "",
    page_titular_grade: page.head_grade ?? "",
    page_first_content: page.first_content,
    page_second_content: page.second_content,
    page_first_image_alt: page.first_image_alt,
    page_second_image_alt: page.second_image_alt,
    ...publicationValues(page),
  };
  (JSON.parse(page.staff_links) as { name: string; link: string }[]).forEach((row, index) => {
    values[`page_staff[${index}].name`] = row.name;
    values[`page_staff[${index}].link`] = row.link;
  });
  for (const [name, value] of Object.entries({ ...values, ...changes })) form.append(name, value);
  return form;
}

function post(form: FormData, cookie = editor.cookie) {
  return fetch(`${baseUrl}/admin/contenido/departamentos/${pageId}`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: baseUrl },
    redirect: "manual",
  });
}

describe("hostile input is refused with a Spanish message and stores nothing", () => {
  const cases: [string, Record<string, string | Blob>, RegExp][] = [
    ["control characters in the titular's name", { page_titular: "Dra. Ana\u0007 López" }, /tiene caracteres de control/],
    ["control characters in a staff link", { "page_staff[0].name": "Contacto", "page_staff[0].link": "/direccion/\u0000x" }, /caracteres de control/],
    [
      "a javascript: link in page_staff",
      { "page_staff[0].name": "Mapa", "page_staff[0].link": "javascript:alert(1)" },
      /debe ser una página del sitio/,
    ],
    [
      "a data: link in page_staff",
      { "page_staff[0].name": "Mapa", "page_staff[0].link": "data:text/html,<script>alert(1)</script>" },
      /debe ser una página del sitio/,
    ],
    [
      "a protocol-relative link in page_staff",
      { "page_staff[0].name": "Mapa", "page_staff[0].link": "//evil.example/x" },
      /debe ser una página del sitio/,
    ],
    ["a staff row without a name", { "page_staff[0].name": "", "page_staff[0].link": "/direccion/medica" }, /Escriba el nombre de la fila 1/],
    ["an EXE renamed .jpg", { page_first_image: new File([EXE], "foto.jpg", { type: "image/jpeg" }) }, /no es una imagen JPG, PNG ni WebP/],
    [
      "an image over 2 MB",
      { page_second_image: new File([PNG, Buffer.alloc(2 * 1024 * 1024)], "grande.png", { type: "image/png" }) },
      /pesa más de 2 MB/,
    ],
    ["an empty title", { page_title: "   " }, /Escriba el título de la página/],
  ];
  for (const [label, changes, message] of cases) {
    test(label, async () => {
      const before = await counts();
      const response = await post(await formFor(changes));
      expect(response.status).toBe(400);
      expect(await response.text()).toMatch(message);
      expect(await counts()).toEqual(before);
    });
  }

  test("every error at once, and what was typed comes back", async () => {
    const response = await post(
      await formFor({
        page_title: "Título conservado",
        page_titular: "x\u001b[31m",
        "page_staff[0].name": "Mapa",
        "page_staff[0].link": "javascript:void(0)",
        page_first_image: new File([EXE], "foto.jpg"),
      }),
    );
    const html = await response.text();
    expect(response.status).toBe(400);
    expect(html).toMatch(/tiene caracteres de control/);
    expect(html).toMatch(/debe ser una página del sitio/);
    expect(html).toMatch(/no es una imagen JPG, PNG ni WebP/);
    expect(html).toContain('value="Título conservado"');
  });

  test("an image without its description is refused before anything is stored", async () => {
    const before = await counts();
    const response = await post(await formFor({ page_first_image: new File([PNG], "nueva.png"), page_first_image_alt: "" }));
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/Describa la imagen/);
    expect(await counts()).toEqual(before);
  });

  test("an ensenanza member is refused, and nothing is stored", async () => {
    const before = await counts();
    const response = await post(await formFor({ page_title: "Intruso" }), teaching.cookie);
    expect(response.status).toBe(403);
    expect(await counts()).toEqual(before);
    expect((await fetch(`${baseUrl}/admin/contenido/departamentos/${pageId}`, { headers: { Cookie: teaching.cookie } })).status).toBe(403);
    expect((await fetch(`${baseUrl}/admin/contenido/departamentos`, { headers: { Cookie: teaching.cookie } })).status).toBe(403);
    expect((await fetch(`${baseUrl}/admin/contenido/departamentos/${pageId}/historial`, { headers: { Cookie: teaching.cookie } })).status).toBe(403);
  });

  test("the staff link rule", () => {
    for (const link of ["/direccion/medica", "https://www.himfg.edu.mx/x?y=1", "http://example.org", "mailto:ana.lopez@himfg.edu.mx"]) {
      expect(isSafeStaffLink(link), link).toBe(true);
    }
    for (const link of [
      "javascript:alert(1)",
      " JAVASCRIPT:x",
      "java\tscript:x",
      "//evil.example",
      "/\\evil",
      "ftp://x",
      "mailto:x",
      "https://",
      "vbscript:x",
      "/a b",
    ]) {
      expect(isSafeStaffLink(link), link).toBe(false);
    }
  });
});

describe("editing, history and restore", () => {
  test("Agregar fila and Vista previa answer the form without storing", async () => {
    const before = await counts();
    const form = await formFor({ page_first_content: "Texto **previo** <script>alert(1)</script>" });
    form.set("intent", "preview");
    const preview = await post(form);
    expect(preview.status).toBe(200);
    const html = await preview.text();
    expect(html).toContain("Vista previa (todavía no se guarda)");
    expect(html).toContain("<strong>previo</strong>");
    expect(html).not.toContain("<script>alert(1)");

    const rowsBefore = (
      JSON.parse(
        (await db.selectFrom("department_pages").select("staff_links").where("id", "=", pageId).executeTakeFirstOrThrow()).staff_links,
      ) as unknown[]
    ).length;
    const add = await formFor();
    add.delete("intent");
    add.set("__intent__", JSON.stringify({ type: "insert", payload: { name: "page_staff", defaultValue: { name: "", link: "" } } }));
    const added = await post(add);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain(`Nombre (fila ${rowsBefore + 1})`);
    expect(await counts()).toEqual(before);
  });

  test("a save with new texts, an image and staff rows; the page, search, revisions, diff, restore and audit follow", async () => {
    const seeded = await getDepartmentPage(db, SLUG);
    const seededRow = await db.selectFrom("department_pages").selectAll().where("id", "=", pageId).executeTakeFirstOrThrow();
    const response = await post(
      await formFor({
        page_title: "Educación de Pre y Posgrado",
        page_titular: "Dra. Prueba Editada",
        page_titular_grade: "Jefa del Departamento",
        page_first_content: "## Rotaciones\n\nTexto guayabaeditada con [enlace](javascript:alert(1)).",
        page_first_image: new File([PNG], "rotaciones.png", { type: "image/png" }),
        page_first_image_alt: "Residentes en rotación.",
        "page_staff[0].name": "Coordinación de rotaciones",
        "page_staff[0].link": "https://www.himfg.edu.mx/rotaciones",
        "page_staff[1].name": "Dirección de Enseñanza",
        "page_staff[1].link": "/direccion/ensenanza",
        "page_staff[2].name": "",
        "page_staff[2].link": "",
      }),
    );
    expect(response.status).toBe(303);

    const page = await getDepartmentPage(db, SLUG);
    expect(page?.title).toBe("Educación de Pre y Posgrado");
    expect(page?.head).toMatchObject({ name: "Dra. Prueba Editada", grade: "Jefa del Departamento" });
    expect(page?.firstContent.__html).toContain("guayabaeditada");
    expect(page?.firstContent.__html).not.toContain("javascript:");
    expect(page?.firstImage?.alt).toBe("Residentes en rotación.");
    expect(page?.staffLinks.slice(0, 2)).toEqual([
      { name: "Coordinación de rotaciones", link: "https://www.himfg.edu.mx/rotaciones" },
      { name: "Dirección de Enseñanza", link: "/direccion/ensenanza" },
    ]);
    const stored = await db
      .selectFrom("stored_files")
      .select(["content_type", "file_name", "visibility"])
      .where("id", "=", seededRow.first_image_file_id ? page!.firstImage!.url.split("/")[2]! : "")
      .executeTakeFirst();
    expect(stored).toMatchObject({ content_type: "image/png", file_name: "rotaciones.png", visibility: "public" });
    expect(await search("guayabaeditada")).toEqual([`/direccion/${SLUG}`]);
    // The public page (anonymous cache included) shows the edit at once.
    expect(await (await fetch(`${baseUrl}/direccion/${SLUG}`)).text()).toContain("guayabaeditada");

    const revisions = await listRevisions(db, "department_page", pageId);
    expect(revisions.map((r) => [r.number, r.action])).toEqual([
      [2, "editar"],
      [1, "inicial"],
    ]);
    expect(revisions[0]!.changedFields).toEqual(
      expect.arrayContaining(["page_title", "page_titular", "page_first_content", "page_first_image", "page_first_image_alt", "page_staff"]),
    );

    const history = await (
      await fetch(`${baseUrl}/admin/contenido/departamentos/${pageId}/historial?de=1&a=2`, { headers: { Cookie: editor.cookie } })
    ).text();
    expect(history).toContain("Versión inicial (contenido anterior al editor)");
    expect(history).toMatch(/<del>[^<]*Edgar Barajas Colón/);
    expect(history).toContain("<ins>Coordinación de rotaciones");

    const restore = new FormData();
    restore.set("revision", "1");
    const restored = await fetch(`${baseUrl}/admin/contenido/departamentos/${pageId}/historial`, {
      method: "POST",
      body: restore,
      headers: { Cookie: editor.cookie, Origin: baseUrl },
      redirect: "manual",
    });
    expect(restored.status).toBe(303);
    const back = await getDepartmentPage(db, SLUG);
    expect({ ...back, updatedAt: null }).toEqual({ ...seeded, updatedAt: null });
    expect(await search("guayabaeditada")).toEqual([]);
    expect((await listRevisions(db, "department_page", pageId))[0]).toMatchObject({ number: 3, action: "restaurar", restoredFromNumber: 1 });

    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity", "=", "department_page")
      .where("entity_id", "=", String(pageId))
      .orderBy("id")
      .execute();
    expect(audit).toEqual([
      { action: "department_page.update", actor_email: editor.user.email },
      { action: "department_page.restore", actor_email: editor.user.email },
    ]);
  });

  test("the schema drops blank staff rows and the domain says when nothing changed", async () => {
    const parsed = departmentEditSchema.parse({
      page_title: "Dirección Médica",
      summary: "Resumen.",
      tipo_departamento: "2",
      page_staff: [{ name: "", link: "" }, { name: "Contacto", link: "/direccion/medica" }, {}],
      status: "borrador",
    });
    expect(parsed.page_staff).toEqual([{ name: "Contacto", link: "/direccion/medica" }]);
    const page = (await db.selectFrom("department_pages").selectAll().where("id", "=", pageId).executeTakeFirstOrThrow())!;
    const same = await updateDepartmentPage(
      db,
      pageId,
      departmentEditSchema.parse({
        page_title: page.title,
        summary: page.summary,
        tipo_departamento: String(page.tipo_departamento),
        page_titular: page.head_name ?? undefined,
        page_titular_grade: page.head_grade ?? undefined,
        page_first_content: page.first_content || undefined,
        page_second_content: page.second_content || undefined,
        page_first_image_alt: page.first_image_alt || undefined,
        page_second_image_alt: page.second_image_alt || undefined,
        page_staff: JSON.parse(page.staff_links),
        status: "publicada",
      }),
      {},
      editor.user,
      null,
      new Date(),
    );
    expect(same).toEqual({ ok: true, message: "No había cambios que guardar." });
  });
});

test("a profile record's text is found in search on the page that shows it, at once", async () => {
  const page = await db
    .selectFrom("content_pages")
    .select(["path", "profile_page_id"])
    .where("profile_page_id", "is not", null)
    .where("is_published", "=", 1)
    .executeTakeFirstOrThrow();
  await db.updateTable("profile_pages").set({ first_content: "Texto con carambolaperfil." }).where("id", "=", page.profile_page_id!).execute();
  expect(await search("carambolaperfil")).toContain(page.path);
});

describe("publication: draft, publish now, scheduled (decision 0026)", () => {
  const HOUR = 3600_000;

  async function sitemap() {
    return (await fetch(`${baseUrl}/sitemap.xml`)).text();
  }

  async function publicStatus() {
    return (await fetch(`${baseUrl}/direccion/${SLUG}`)).status;
  }

  function retire(cookie = editor.cookie) {
    return fetch(`${baseUrl}/admin/contenido/departamentos/${pageId}/publicacion`, {
      method: "POST",
      body: new URLSearchParams({ intent: "retirar" }),
      headers: { Cookie: cookie, Origin: baseUrl },
      redirect: "manual",
    });
  }

  test("a draft of a published page keeps it public (decision 0033); «Retirar de la publicación» takes it off the page, /buscar and the sitemap; publishing brings it back", async () => {
    const saved = await post(await formFor({ page_first_content: "Texto nisperoborrador.", status: "borrador" }));
    expect(saved.status).toBe(303);
    expect(await publicStatus()).toBe(200);
    expect(await (await fetch(`${baseUrl}/direccion/${SLUG}`)).text()).not.toContain("nisperoborrador");
    expect(await search("nisperoborrador")).toEqual([]);
    expect(await sitemap()).toContain(`/direccion/${SLUG}</loc>`);
    // The editor opens on the draft and says the published version stays.
    const screen = await (await fetch(`${baseUrl}/admin/contenido/departamentos/${pageId}`, { headers: { Cookie: editor.cookie } })).text();
    expect(screen).toContain("nisperoborrador");
    expect(screen).toContain("La versión publicada sigue visible en el sitio hasta que publique estos cambios");
    expect((await listRevisions(db, "department_page", pageId))[0]).toMatchObject({ action: "editar", status: "borrador", pending: true });

    // Taking it down is its own, audited action; an ensenanza member cannot.
    expect((await retire(teaching.cookie)).status).toBe(403);
    expect(await publicStatus()).toBe(200);
    expect((await retire()).status).toBe(303);
    expect(await publicStatus()).toBe(404);
    expect(await search("nisperoborrador")).toEqual([]);
    expect(await sitemap()).not.toContain(`/direccion/${SLUG}</loc>`);
    expect((await fetch(`${baseUrl}/buscar?q=nisperoborrador`)).status).toBe(200);
    expect((await listRevisions(db, "department_page", pageId))[0]).toMatchObject({ action: "retirar", status: "borrador", pending: false });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity", "=", "department_page")
      .where("entity_id", "=", String(pageId))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: "department_page.unpublish", actor_email: editor.user.email });

    // The draft's text stayed in the editor; «Publicar ahora» puts it live.
    expect((await post(await formFor({ status: "publicada" }))).status).toBe(303);
    expect(await publicStatus()).toBe(200);
    expect(await search("nisperoborrador")).toEqual([`/direccion/${SLUG}`]);
    expect(await sitemap()).toContain(`/direccion/${SLUG}</loc>`);
  });

  test("scheduled: a page taken off the site stays hidden until its Mexico City time; the publisher's tick at that time shows it, with a revision and a system audit row", async () => {
    expect((await retire()).status).toBe(303);
    const at = new Date(Math.ceil((Date.now() + 2 * HOUR) / 60_000) * 60_000);
    const saved = await post(
      await formFor({ page_first_content: "Texto zapoteprogramado.", status: "programada", publishAt: instantToMexicoCityLocal(at) }),
    );
    expect(saved.status).toBe(303);
    const row = await db.selectFrom("department_pages").select(["is_published", "publish_at"]).where("id", "=", pageId).executeTakeFirstOrThrow();
    expect(row).toEqual({ is_published: 0, publish_at: at.toISOString() });
    expect(await publicStatus()).toBe(404);
    expect(await search("zapoteprogramado")).toEqual([]);
    expect(await sitemap()).not.toContain(`/direccion/${SLUG}</loc>`);
    const list = await (await fetch(`${baseUrl}/admin/contenido/departamentos`, { headers: { Cookie: editor.cookie } })).text();
    expect(list).toContain("Programada (");

    // A minute early: nothing. At its time: published once, even when two ticks race.
    expect(await publishDueRecords(db, new Date(at.getTime() - 60_000))).toBe(0);
    expect(await publicStatus()).toBe(404);
    const [first, second] = await Promise.all([publishDueRecords(db, at), publishDueRecords(db, at)]);
    expect(first + second).toBe(1);
    expect(await publicStatus()).toBe(200);
    expect(await (await fetch(`${baseUrl}/direccion/${SLUG}`)).text()).toContain("zapoteprogramado");
    expect(await search("zapoteprogramado")).toEqual([`/direccion/${SLUG}`]);
    expect(await sitemap()).toContain(`/direccion/${SLUG}</loc>`);
    const [last] = await listRevisions(db, "department_page", pageId);
    expect(last).toMatchObject({ action: "publicar" });
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity", "=", "department_page")
      .where("entity_id", "=", String(pageId))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: "department_page.publish_scheduled", actor_email: null });
  });

  test("a time that has passed, a missing time and a forged state are refused (400, Spanish), and nothing is stored", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ status: "programada", publishAt: instantToMexicoCityLocal(new Date(Date.now() - HOUR)) }, /ya pasaron/],
      [{ status: "programada", publishAt: "" }, /Escriba la fecha y hora en que se publicará/],
      [{ status: "programada", publishAt: "2030-02-30T10:00" }, /fecha y hora de publicación que existan/],
      [{ status: "secreta" }, /Elija si la página queda en borrador, se publica ahora o se programa/],
      [{ status: "programada", publishAt: "2030-01-01T10:00\u0000" }, /fecha y hora de publicación completas/],
    ];
    for (const [changes, message] of cases) {
      const before = await counts();
      const response = await post(await formFor(changes));
      expect(response.status, JSON.stringify(changes)).toBe(400);
      expect(await response.text()).toMatch(message);
      expect(await counts()).toEqual(before);
    }
  });

  test("an ensenanza member cannot publish or schedule, and nothing is stored", async () => {
    const before = await counts();
    expect((await post(await formFor({ status: "borrador" }), teaching.cookie)).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
