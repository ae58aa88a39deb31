import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPage, publishDuePages, updatePage } from "~/content/page-editor.server";
import { db } from "~/db.server";
import type { StaffUser } from "~/staff/staff";
import { formatMexicoCityDateTime, instantToMexicoCityLocal } from "~/utils/mexico-city";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

// Issue 21 over real HTTP (npm run build first): the reported journey on «Daño Cero» — a scheduled
// edit of the published /dano-cero keeps it public while the editor, the list and the history say
// what waits and when; «Descartar», «Retirar de la publicación», a restore kept as a draft; and the
// history's wording (one period after the time, no "por" before a system author).

let baseUrl = "";
let close: () => Promise<void>;
let editor: { user: StaffUser; cookie: string };
let pageId = 0;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
  editor = await createSignedInStaff(db, "comunicacion");
  pageId = (await db.selectFrom("content_pages").select("id").where("path", "=", "/dano-cero").executeTakeFirstOrThrow()).id;
});

afterAll(async () => {
  await close();
});

/** The text a person reads: tags dropped, React's comment markers gone, spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

async function staffText(path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { Cookie: editor.cookie } });
  expect(response.status, path).toBe(200);
  return textOf(await response.text());
}

function postForm(path: string, fields: Record<string, string>) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: editor.cookie, Origin: baseUrl },
    redirect: "manual",
  });
}

async function pageForm(changes: Record<string, string>) {
  const page = await db.selectFrom("content_pages").selectAll().where("id", "=", pageId).executeTakeFirstOrThrow();
  return {
    intent: "save",
    title: page.title,
    navLabel: page.nav_label ?? "",
    summary: page.summary,
    body: page.body,
    status: "publicada",
    ...changes,
  };
}

async function publicPage() {
  const response = await fetch(`${baseUrl}/dano-cero`);
  return { status: response.status, text: textOf(await response.text()) };
}

async function lastAudit() {
  return db
    .selectFrom("audit_log")
    .select(["action", "actor_email"])
    .where("entity", "=", "content_page")
    .where("entity_id", "=", String(pageId))
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
}

describe("«Daño Cero»: a scheduled edit of the published page", () => {
  const at = new Date(Math.ceil((Date.now() + 8 * DAY) / 60_000) * 60_000);
  const when = formatMexicoCityDateTime(at.toISOString());

  test("keeps /dano-cero public while the editor, the list and the history say what waits and until when", async () => {
    const before = await publicPage();
    expect(before.status).toBe(200);
    const saved = await postForm(
      `/admin/contenido/${pageId}`,
      await pageForm({ body: "Texto pitahayaprogramada.", status: "programada", publishAt: instantToMexicoCityLocal(at) }),
    );
    expect(saved.status).toBe(303);

    const during = await publicPage();
    expect(during.status).toBe(200);
    expect(during.text).not.toContain("pitahayaprogramada");
    // The main menu's link still leads somewhere.
    expect(during.text).toContain("Daño cero");

    const screen = await staffText(`/admin/contenido/${pageId}`);
    expect(screen).toContain("pitahayaprogramada");
    expect(screen).toContain(
      `programada para publicarse el ${when} (hora de la Ciudad de México). La versión publicada sigue visible en el sitio hasta que la programada la reemplace a esa hora.`,
    );
    expect(screen).toContain("Descartar los cambios pendientes");
    expect(screen).toContain("Retirar de la publicación");
    expect(await staffText("/admin/contenido?q=dano")).toContain(`Publicada · cambios programados para el ${when}`);
    const history = await staffText(`/admin/contenido/${pageId}/historial`);
    expect(history).toContain(`Guardada para publicarse el ${when} Son los cambios pendientes: el sitio sigue mostrando la versión publicada.`);
    expect(history).toContain(`Estado: Publicada · cambios programados para el ${when} «Restaurar» publica`);
    expect(await lastAudit()).toEqual({ action: "page.save_pending", actor_email: editor.user.email });
  });

  test("«Descartar los cambios pendientes» brings the editor back to the published text, and nothing is published at the time", async () => {
    expect((await postForm(`/admin/contenido/${pageId}/publicacion`, { intent: "descartar" })).status).toBe(303);
    const screen = await staffText(`/admin/contenido/${pageId}`);
    expect(screen).not.toContain("pitahayaprogramada");
    expect(screen).not.toContain("Descartar los cambios pendientes");
    expect(await lastAudit()).toEqual({ action: "page.discard_pending", actor_email: editor.user.email });
    expect(await publishDuePages(db, new Date(at.getTime() + 60_000))).toBe(0);
    expect((await publicPage()).text).not.toContain("pitahayaprogramada");
    // A second discard has nothing to drop: the editor says so, nothing is written.
    const again = await postForm(`/admin/contenido/${pageId}/publicacion`, { intent: "descartar" });
    expect(again.status).toBe(303);
    expect(await lastAudit()).toEqual({ action: "page.discard_pending", actor_email: editor.user.email });
  });

  test("«Restaurar como borrador» keeps the published page and opens the editor on the restored text", async () => {
    expect((await postForm(`/admin/contenido/${pageId}`, await pageForm({ body: "Texto zapotepublicado." }))).status).toBe(303);
    expect((await publicPage()).text).toContain("zapotepublicado");
    expect((await postForm(`/admin/contenido/${pageId}/historial`, { revision: "1", modo: "borrador" })).status).toBe(303);
    expect((await publicPage()).text).toContain("zapotepublicado");
    const screen = await staffText(`/admin/contenido/${pageId}`);
    expect(screen).not.toContain("zapotepublicado");
    expect(screen).toContain("un borrador. La versión publicada sigue visible en el sitio hasta que publique estos cambios");
    expect(await staffText("/admin/contenido?q=dano")).toContain("Publicada · cambios en borrador sin publicar");
  });

  test("«Retirar de la publicación» is the one way to take it down: audited, and the editor keeps the latest text as a draft", async () => {
    expect((await postForm(`/admin/contenido/${pageId}/publicacion`, { intent: "retirar" })).status).toBe(303);
    expect((await publicPage()).status).toBe(404);
    expect(await lastAudit()).toEqual({ action: "page.unpublish", actor_email: editor.user.email });
    const screen = await staffText(`/admin/contenido/${pageId}`);
    expect(screen).not.toContain("Descartar los cambios pendientes");
    expect(screen).not.toContain("Retirar de la publicación");
    expect(await staffText(`/admin/contenido/${pageId}/historial`)).toContain("Retirada del sitio, por");
    // Publishing again is a save with «Publicar ahora».
    expect((await postForm(`/admin/contenido/${pageId}`, await pageForm({ status: "publicada" }))).status).toBe(303);
    expect((await publicPage()).status).toBe(200);
  });
});

describe("the history's wording", () => {
  const TIME = String.raw`el \d+ de [a-z]+ de \d{4} a las \d{1,2}:\d{2} [ap]\.m\.`;
  const histories = { seeded: "", created: "" };

  beforeAll(async () => {
    // A seeded page edited once: version 1 is the text before the editor, version 2 a staff edit.
    const seeded = await db.selectFrom("content_pages").selectAll().where("path", "=", "/voluntariado").executeTakeFirstOrThrow();
    const edit = {
      title: seeded.title,
      navLabel: seeded.nav_label ?? "",
      summary: seeded.summary,
      body: "Texto editado.",
      status: "publicada" as const,
    };
    expect(await updatePage(db, seeded.id, edit, editor.user, null, new Date())).toMatchObject({ ok: true });
    // A new page scheduled by staff and published by the system at its time.
    const at = new Date(Math.ceil((Date.now() + DAY) / 60_000) * 60_000);
    const created = await createPage(
      db,
      {
        path: "/prueba-historial",
        title: "Prueba",
        navLabel: "",
        summary: "Resumen.",
        body: "Texto.",
        status: "programada",
        publishAt: instantToMexicoCityLocal(at),
      },
      editor.user,
      null,
      new Date(),
    );
    expect(created.ok).toBe(true);
    expect(await publishDuePages(db, at)).toBe(1);
    const createdId = (await db.selectFrom("content_pages").select("id").where("path", "=", "/prueba-historial").executeTakeFirstOrThrow()).id;
    histories.seeded = await staffText(`/admin/contenido/${seeded.id}/historial`);
    histories.created = await staffText(`/admin/contenido/${createdId}/historial`);
  });

  test("a time ends its sentence with one period (the es-MX time already ends with «p.m.»)", () => {
    for (const history of Object.values(histories)) expect(history).not.toMatch(/[ap]\.m\.\./);
    expect(histories.seeded).toMatch(new RegExp(`Versión 2 ?: Edición, por ${editor.user.name}, ${TIME} Cambió: Contenido\\.`));
    expect(histories.created).toMatch(new RegExp(`Versión 2 ?: Publicación programada, ${TIME} Cambió: Estado`));
  });

  test("the initial version reads «Versión inicial (contenido anterior al editor)», and what the system wrote names no author", () => {
    for (const history of Object.values(histories)) {
      expect(history).not.toContain("por Contenido anterior al editor");
      expect(history).not.toContain("por Publicación programada");
    }
    expect(histories.seeded).toMatch(new RegExp(`Versión 1 ?: Versión inicial \\(contenido anterior al editor\\), ${TIME}`));
  });
});
