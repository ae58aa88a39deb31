import { beforeAll, describe, expect, test } from "vitest";
import { saveBanner } from "~/content/banners.server";
import { updateMenuLink } from "~/content/menus.server";
import { db } from "~/db.server";
import { updateCollectionIntro } from "~/documents/document-editor.server";
import { updateGalleryImage } from "~/gallery/gallery-editor.server";
import { updateLibraryPanel } from "~/library/library-panels.server";
import { replyMessages } from "~/actions/outcome";
import type { ActionReply } from "~/actions/reply.server";
import { action as historyAction, loader as historyLoader } from "~/routes/admin.contenido.($kind).$pageId_.historial";
import type { StaffUser } from "~/staff/staff";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

// Issue 23: banners, gallery images, menu links, library panels and collection introductions keep
// their earlier versions (not only audit rows): each save keeps a version, the one history screen
// lists them, and «Restaurar» brings one back as a new version, audited.

let cookie: string;
let teachingCookie: string;
let actor: StaffUser;

beforeAll(async () => {
  await useSeededDatabase();
  const staff = await createSignedInStaff(db, "comunicacion");
  cookie = staff.cookie;
  actor = staff.user;
  teachingCookie = (await createSignedInStaff(db, "ensenanza")).cookie;
});

const context = { cspNonce: "n", requestId: "prueba-historial" };

function historyUrl(kind: string, key: string | number, query = "") {
  return `http://localhost/admin/contenido/${kind}/${key}/historial${query}`;
}

async function history(kind: string, key: string | number, query = "", who = cookie) {
  const request = new Request(historyUrl(kind, key, query), { headers: { Cookie: who } });
  return historyLoader({ request, params: { kind, pageId: String(key) }, context });
}

/** Posts «Restaurar» of a version; answers the status and the toast or the message. */
async function restore(kind: string, key: string | number, revision: number | string, who = cookie) {
  const body = new FormData();
  body.append("revision", String(revision));
  const request = new Request(historyUrl(kind, key), { method: "POST", headers: { Cookie: who }, body });
  try {
    const answer = (await historyAction({ request, params: { kind, pageId: String(key) }, context })) as unknown;
    if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location") };
    const value = answer as { init?: { status?: number }; data?: ActionReply };
    return { status: value.init?.status ?? 200, message: replyMessages(value.data).join(" ") };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    // The guard's refusal is thrown data with its status.
    const refused = thrown as { init?: { status?: number } };
    if (refused.init?.status) return { status: refused.init.status };
    throw thrown;
  }
}

async function lastAudit(action: string) {
  return db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id", "desc").limit(1).executeTakeFirst();
}

describe("restorable history of the records without publication states", () => {
  test("a banner: two saves keep three versions (the initial one first); restoring the first brings its texts back as version 4, audited", async () => {
    const banner = await db.selectFrom("banners").select(["id", "title", "alt_text", "link_url"]).orderBy("id").executeTakeFirstOrThrow();
    const save = (heading: string, altText: string) =>
      saveBanner(db, { bannerId: banner.id, input: { heading, altText, link: "/ensenanza/offer" }, image: undefined }, actor, "prueba", new Date());
    expect((await save("Primera edición", "Texto alternativo de la primera edición del banner")).ok).toBe(true);
    expect((await save("Segunda edición", "Texto alternativo de la segunda edición del banner")).ok).toBe(true);

    const screen = await history("banners", banner.id);
    expect(screen.page.title).toBe("Segunda edición");
    expect(screen.page.editHref).toBe(`/admin/banners/${banner.id}`);
    expect(screen.page.live).toBeNull();
    expect(screen.revisions.map((r) => [r.number, r.action])).toEqual([
      [3, "editar"],
      [2, "editar"],
      [1, "inicial"],
    ]);
    expect(screen.revisions[0]!.authorName).toBe(actor.name);
    expect(screen.revisions[0]!.changedFields).toEqual(["alt_text", "title"]);
    const compared = await history("banners", banner.id, "?de=2&a=3");
    expect(compared.comparison?.diffs?.map((d) => d.label)).toEqual(["Texto alternativo", "Encabezado"]);

    const restored = await restore("banners", banner.id, 1);
    expect(restored).toMatchObject({ status: 303, location: `/admin/contenido/banners/${banner.id}/historial` });
    const row = await db.selectFrom("banners").select(["title", "alt_text", "link_url"]).where("id", "=", banner.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: banner.title, alt_text: banner.alt_text, link_url: banner.link_url });
    const after = await history("banners", banner.id);
    expect(after.revisions[0]).toMatchObject({ number: 4, action: "restaurar", restoredFromNumber: 1, authorName: actor.name });
    const audit = await lastAudit("banner.restore");
    expect(audit).toMatchObject({ entity: "banner", entity_id: String(banner.id), actor_staff_id: actor.id, request_id: "prueba-historial" });
    expect(JSON.parse(audit!.before_json!)).toMatchObject({ title: "Segunda edición" });
    expect(JSON.parse(audit!.after_json!)).toMatchObject({ title: banner.title, alt_text: banner.alt_text, restoredFrom: 1, revision: 4 });
  });

  test("a menu link, a library panel, a collection introduction and a gallery image: save twice, restore, the audit row", async () => {
    const link = await db.selectFrom("menu_links").select(["id", "menu", "label", "href", "position"]).orderBy("id").executeTakeFirstOrThrow();
    await updateMenuLink(db, link.id, { label: "Uno", href: "/uno", position: 5 }, actor, null);
    await updateMenuLink(db, link.id, { label: "Dos", href: "/dos", position: 6 }, actor, null);
    expect((await history("menus", link.id)).revisions).toHaveLength(3);
    expect((await restore("menus", link.id, 2)).status).toBe(303);
    expect(await db.selectFrom("menu_links").select(["label", "href", "position"]).where("id", "=", link.id).executeTakeFirst()).toEqual({
      label: "Uno",
      href: "/uno",
      position: 5,
    });
    expect(await lastAudit("menu_link.restore")).toMatchObject({ entity: "menu_link", entity_id: String(link.id) });

    const panel = await db.selectFrom("library_panels").select(["id", "label", "body"]).orderBy("position").executeTakeFirstOrThrow();
    await updateLibraryPanel(db, panel.id, { label: "Apartado uno", body: "Primer texto." }, actor, null, new Date());
    await updateLibraryPanel(db, panel.id, { label: "Apartado dos", body: "Segundo texto." }, actor, null, new Date());
    const panelHistory = await history("hemerobiblioteca", panel.id);
    expect(panelHistory.revisions.map((r) => r.action)).toEqual(["editar", "editar", "inicial"]);
    expect((await restore("hemerobiblioteca", panel.id, 1)).status).toBe(303);
    expect(await db.selectFrom("library_panels").select(["label", "body"]).where("id", "=", panel.id).executeTakeFirst()).toEqual({
      label: panel.label,
      body: panel.body,
    });
    expect(await lastAudit("library_panel.restore")).toMatchObject({ entity: "library_panel", entity_id: panel.id });

    const intro = (await db.selectFrom("document_collections").select("intro").where("key", "=", "yearbooks").executeTakeFirstOrThrow()).intro;
    await updateCollectionIntro(db, "yearbooks", { intro: "Primera introducción." }, actor, null);
    await updateCollectionIntro(db, "yearbooks", { intro: "Segunda introducción." }, actor, null);
    const introDiff = await history("documentos", "yearbooks", "?de=1&a=3");
    expect(introDiff.comparison?.diffs?.[0]?.label).toBe("Introducción");
    expect((await restore("documentos", "yearbooks", 1)).status).toBe(303);
    expect((await db.selectFrom("document_collections").select("intro").where("key", "=", "yearbooks").executeTakeFirstOrThrow()).intro).toBe(intro);
    expect(await lastAudit("document_collection.restore")).toMatchObject({ entity: "document_collection", entity_id: "yearbooks" });

    const image = await db.selectFrom("gallery_items").select(["id", "gallery", "title", "caption"]).orderBy("id").executeTakeFirstOrThrow();
    const edit = (title: string) =>
      updateGalleryImage(
        db,
        image.gallery,
        image.id,
        { title, author: undefined, caption: image.caption, altText: "Descripción de la imagen" },
        undefined,
        actor,
        null,
      );
    await edit("Título uno");
    await edit("Título dos");
    expect((await history("galerias", image.id)).page.editHref).toBe(`/admin/galerias/${image.gallery}/${image.id}`);
    expect((await restore("galerias", image.id, 1)).status).toBe(303);
    expect((await db.selectFrom("gallery_items").select("title").where("id", "=", image.id).executeTakeFirstOrThrow()).title).toBe(image.title);
    expect(await lastAudit("gallery_image.restore")).toMatchObject({ entity: "gallery_image", entity_id: String(image.id) });
  });

  test("refusals: an unknown version is a 400 in Spanish, an unknown record a 404, another role a 403", async () => {
    const banner = await db.selectFrom("banners").select("id").orderBy("id").executeTakeFirstOrThrow();
    expect(await restore("banners", banner.id, 999)).toEqual({ status: 400, message: "No existe esa versión; elija una de la lista." });
    expect((await restore("banners", 999_999, 1)).status).toBe(404);
    expect((await restore("hemerobiblioteca", "no-existe", 1)).status).toBe(404);
    expect((await restore("banners", banner.id, 1, teachingCookie)).status).toBe(403);
  });
});
