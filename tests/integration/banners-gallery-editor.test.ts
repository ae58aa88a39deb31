import { sql } from "kysely";
import { beforeAll, describe, expect, test } from "vitest";
import { getVisibleBanners } from "~/content/banners.server";
import { db } from "~/db.server";
import { readImageInfo } from "~/files/image-size";
import { listGalleryImages } from "~/gallery/gallery.server";
import { loader as galleryIndexLoader } from "~/gallery/gallery-index.route";
import { action as bannersListAction } from "~/routes/admin.banners._index";
import { action as editBannerAction } from "~/routes/admin.banners.$bannerId";
import { action as newBannerAction } from "~/routes/admin.banners.nuevo";
import { action as galleryListAction } from "~/routes/admin.galerias.$gallery._index";
import { action as editGalleryImageAction } from "~/routes/admin.galerias.$gallery.$itemId";
import { action as newGalleryImageAction } from "~/routes/admin.galerias.$gallery.nueva";
import { action as galleryTextsAction } from "~/routes/admin.galerias.$gallery.textos";
import { safeLinkTarget } from "~/utils/safe-link";
import { INVISIBLE_CHARACTERS_MESSAGE } from "~/utils/text";
import { GALLERY_SEED } from "../../migrations/0021-banners-gallery-editor";
import { samplePng } from "../support/sample-files";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

let cookie: string;
let teachingCookie: string;

beforeAll(async () => {
  await useSeededDatabase();
  cookie = (await createSignedInStaff(db, "comunicacion")).cookie;
  teachingCookie = (await createSignedInStaff(db, "ensenanza")).cookie;
});

/** A Windows executable's first bytes: what an "image.png" renamed from setup.exe really is. */
const exe = () => Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00", "latin1"), Buffer.alloc(512, 0x41)]);

function post(path: string, fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }, who = cookie) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  if (file) body.append("imagen", new Blob([new Uint8Array(file.data)], { type: file.type ?? "image/png" }), file.name);
  return new Request(`http://localhost${path}`, { method: "POST", headers: { Cookie: who }, body });
}

/** What an action answered: a status, and for a 400 the messages per field. */
async function outcome(run: Promise<unknown>): Promise<{ status: number; errors: Record<string, string[]>; formErrors: string[] }> {
  let value: unknown;
  try {
    value = await run;
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, errors: {}, formErrors: [] };
  const answer = value as { init?: { status?: number }; data?: { result?: { error?: Record<string, string[] | null> } } };
  const error = answer.data?.result?.error ?? {};
  const errors = Object.fromEntries(Object.entries(error).filter(([name, messages]) => name !== "" && messages)) as Record<string, string[]>;
  return { status: answer.init?.status ?? 200, errors, formErrors: error[""] ?? [] };
}

const context = { cspNonce: "n", requestId: "prueba-banners" };

async function counts() {
  const count = async (table: "banners" | "stored_files" | "audit_log" | "gallery_items") =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return {
    banners: await count("banners"),
    files: await count("stored_files"),
    audit: await count("audit_log"),
    gallery: await count("gallery_items"),
  };
}

const GOOD_BANNER = { altText: "Campaña de vacunación infantil 2026 en el vestíbulo", heading: "Vacunación 2026", link: "/ensenanza/offer" };

describe("images are checked by content", () => {
  test("PNG, JPEG and WebP headers give their type and size; anything else is refused", () => {
    expect(readImageInfo(samplePng(300, 100))).toMatchObject({ contentType: "image/png", width: 300, height: 100 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0, 50, 0, 80, 3, 1, 1, 1, 0, 0, 0]);
    expect(readImageInfo(jpeg)).toMatchObject({ contentType: "image/jpeg", width: 80, height: 50 });
    const webp = Buffer.alloc(30);
    webp.write("RIFF", 0, "latin1");
    webp.write("WEBPVP8X", 8, "latin1");
    webp.writeUIntLE(639, 24, 3);
    webp.writeUIntLE(479, 27, 3);
    expect(readImageInfo(webp)).toMatchObject({ contentType: "image/webp", width: 640, height: 480 });
    expect(readImageInfo(exe())).toBeNull();
    expect(readImageInfo(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    // A JPEG start with no frame header is no readable image.
    expect(readImageInfo(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xd9]))).toBeNull();
  });

  test("links: http(s) or one leading slash only", () => {
    expect(safeLinkTarget("/ensenanza/offer")).toBe("/ensenanza/offer");
    expect(safeLinkTarget("https://www.gob.mx/salud")).toBe("https://www.gob.mx/salud");
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html,x",
      "//evil.example",
      "/\\evil.example",
      "/.//evil.example",
      "ftp://x.example",
      "https://",
      "mailto:a@b.c",
      "/a b",
      "https://user:pw@evil.example/",
    ]) {
      expect(safeLinkTarget(bad), bad).toBeNull();
    }
  });
});

describe("banners", () => {
  test("a refused banner stores nothing and says every problem in Spanish", async () => {
    const before = await counts();
    const cases: { fields: Record<string, string>; file?: { name: string; data: Buffer }; field: string; message: RegExp }[] = [
      { fields: GOOD_BANNER, file: { name: "banner.png", data: exe() }, field: "imagen", message: /no es una imagen JPG, PNG ni WebP/ },
      {
        fields: GOOD_BANNER,
        file: { name: "grande.png", data: Buffer.concat([samplePng(30, 10), Buffer.alloc(2 * 1024 * 1024)]) },
        field: "imagen",
        message: /pesa más de 2 MB/,
      },
      {
        fields: { ...GOOD_BANNER, altText: "" },
        file: { name: "b.png", data: samplePng(30, 10) },
        field: "altText",
        message: /Escriba el texto alternativo/,
      },
      {
        fields: { ...GOOD_BANNER, link: "javascript:alert(document.cookie)" },
        file: { name: "b.png", data: samplePng(30, 10) },
        field: "link",
        message: /https:\/\//,
      },
      {
        fields: { ...GOOD_BANNER, link: "//evil.example/x" },
        file: { name: "b.png", data: samplePng(30, 10) },
        field: "link",
        message: /una sola \//,
      },
      {
        fields: { ...GOOD_BANNER, altText: "Campaña\u202e\u0000 oculta" },
        file: { name: "b.png", data: samplePng(30, 10) },
        field: "altText",
        message: new RegExp(INVISIBLE_CHARACTERS_MESSAGE.slice(0, 30)),
      },
      {
        fields: { ...GOOD_BANNER, heading: "Título\u0007" },
        file: { name: "b.png", data: samplePng(30, 10) },
        field: "heading",
        message: /caracteres invisibles/,
      },
      { fields: GOOD_BANNER, field: "imagen", message: /Elija la imagen/ },
      {
        fields: { ...GOOD_BANNER, visibleFrom: "2026-05-10T10:00", visibleUntil: "2026-05-01T10:00" },
        file: { name: "b.png", data: samplePng(30, 10) },
        field: "visibleUntil",
        message: /posterior a la de inicio/,
      },
    ];
    for (const { fields, file, field, message } of cases) {
      const answer = await outcome(newBannerAction({ request: post("/admin/banners/nuevo", fields, file), params: {}, context }));
      expect(answer.status, field).toBe(400);
      expect(answer.errors[field]?.join(" "), JSON.stringify(fields)).toMatch(message);
    }
    // Every error at once: a bad file, no alt text and a javascript: link in one post.
    const all = await outcome(
      newBannerAction({
        request: post("/admin/banners/nuevo", { altText: " ", link: "javascript:x" }, { name: "a.png", data: exe() }),
        params: {},
        context,
      }),
    );
    expect(Object.keys(all.errors).sort()).toEqual(["altText", "imagen", "link"]);
    expect(await counts()).toEqual(before);
  });

  test("the database refuses an unsafe link even from outside the app", async () => {
    const file = (await db.selectFrom("banners").select("image_file_id").executeTakeFirstOrThrow()).image_file_id;
    for (const link of ["javascript:alert(1)", "//evil.example", "data:text/html,x"]) {
      await expect(
        db
          .insertInto("banners")
          .values({ title: null, alt_text: "x", link_url: link, image_file_id: file, visible_from: null, visible_until: null })
          .execute(),
      ).rejects.toThrow(/CHECK/);
    }
  });

  test("a banner with a window appears at its time and goes at its end (injected clock), with audit rows", async () => {
    const created = await outcome(
      newBannerAction({
        request: post(
          "/admin/banners/nuevo",
          { ...GOOD_BANNER, heading: "Semana de la lactancia", visibleFrom: "2026-08-01T09:00", visibleUntil: "2026-08-08T00:00" },
          { name: "lactancia.png", data: samplePng(60, 20) },
        ),
        params: {},
        context,
      }),
    );
    expect(created.status).toBe(303);
    const row = await db.selectFrom("banners").selectAll().where("title", "=", "Semana de la lactancia").executeTakeFirstOrThrow();
    // Mexico City is UTC−6 all year since 2022.
    expect(row).toMatchObject({
      visible_from: "2026-08-01T15:00:00.000Z",
      visible_until: "2026-08-08T06:00:00.000Z",
      link_url: "/ensenanza/offer",
      is_active: 1,
    });
    const file = await db
      .selectFrom("stored_files")
      .select(["content_type", "visibility", "file_name"])
      .where("id", "=", row.image_file_id)
      .executeTakeFirstOrThrow();
    expect(file).toEqual({ content_type: "image/png", visibility: "public", file_name: "lactancia.png" });

    const shown = async (iso: string) => (await getVisibleBanners(db, new Date(iso))).some((banner) => banner.id === row.id);
    expect(await shown("2026-08-01T14:59:59.999Z")).toBe(false);
    expect(await shown("2026-08-01T15:00:00.000Z")).toBe(true);
    expect(await shown("2026-08-08T05:59:59.999Z")).toBe(true);
    expect(await shown("2026-08-08T06:00:00.000Z")).toBe(false);

    // Hide, show, move: each answered with a redirect and an audit row.
    for (const op of ["ocultar", "mostrar", "subir"]) {
      const answer = await outcome(bannersListAction({ request: post("/admin/banners", { id: String(row.id), op }), params: {}, context }));
      expect(answer.status, op).toBe(303);
    }
    const order = await db.selectFrom("banners").select("id").orderBy("position").orderBy("id").execute();
    expect(order.at(-2)?.id).toBe(row.id);
    const audit = await db
      .selectFrom("audit_log")
      .select(["action", "request_id"])
      .where("entity", "=", "banner")
      .where("entity_id", "=", String(row.id))
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["banner.create", "banner.hide", "banner.show", "banner.move"]);
    expect(audit.every((entry) => entry.request_id === "prueba-banners")).toBe(true);

    // An edit without a new image keeps the image; the heading may be emptied (the alt text names the slide).
    const edit = await outcome(
      editBannerAction({
        request: post(`/admin/banners/${row.id}`, { altText: "Semana mundial de la lactancia materna" }),
        params: { bannerId: String(row.id) },
        context,
      }),
    );
    expect(edit.status).toBe(303);
    const edited = await db.selectFrom("banners").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(edited).toMatchObject({ title: null, link_url: null, visible_from: null, visible_until: null, image_file_id: row.image_file_id });
    expect((await getVisibleBanners(db, new Date())).find((banner) => banner.id === row.id)?.title).toBe("Semana mundial de la lactancia materna");
  });

  test("an ensenanza member is refused and nothing changes", async () => {
    const before = await counts();
    const refused = await outcome(
      newBannerAction({
        request: post("/admin/banners/nuevo", GOOD_BANNER, { name: "b.png", data: samplePng(30, 10) }, teachingCookie),
        params: {},
        context,
      }),
    );
    expect(refused.status).toBe(403);
    const id = (await db.selectFrom("banners").select("id").executeTakeFirstOrThrow()).id;
    expect(
      (
        await outcome(
          bannersListAction({ request: post("/admin/banners", { id: String(id), op: "ocultar" }, undefined, teachingCookie), params: {}, context }),
        )
      ).status,
    ).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe("gallery", () => {
  test("the gallery texts moved to the database with today's values; the public page reads them", async () => {
    const rows = await db.selectFrom("galleries").select(["name", "title", "description", "intro"]).orderBy("name").execute();
    expect(rows).toEqual([...GALLERY_SEED].sort((a, b) => a.name.localeCompare(b.name)));
    const answer = await outcome(
      galleryTextsAction({
        request: post("/admin/galerias/galeria/textos", {
          title: "Open house 2026",
          description: "Fotos del Open house 2026.",
          intro: "Estudiantes y aspirantes\nconocieron el hospital.",
        }),
        params: { gallery: "galeria" },
        context,
      }),
    );
    expect(answer.status).toBe(303);
    const page = await galleryIndexLoader({ request: new Request("http://localhost/galeria"), params: {}, context });
    expect(page.gallery).toMatchObject({ path: "/galeria", title: "Open house 2026", intro: "Estudiantes y aspirantes\nconocieron el hospital." });
    const other = await galleryIndexLoader({ request: new Request("http://localhost/legado-artistico"), params: {}, context });
    expect(other.others.map((gallery) => gallery.title)).toContain("Open house 2026");
    const bad = await outcome(
      galleryTextsAction({
        request: post("/admin/galerias/galeria/textos", { title: "", description: "x\u200b", intro: "" }),
        params: { gallery: "galeria" },
        context,
      }),
    );
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.errors).sort()).toEqual(["description", "intro", "title"]);
  });

  test("add an image: checked like banners; it appears last, is found by search, and hides and moves", async () => {
    const before = await counts();
    const refused = await outcome(
      newGalleryImageAction({
        request: post("/admin/galerias/dia-del-nino/nueva", { title: "", caption: "Talleres", altText: "" }, { name: "foto.png", data: exe() }),
        params: { gallery: "dia-del-nino" },
        context,
      }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.errors).sort()).toEqual(["altText", "imagen", "title"]);
    expect(await counts()).toEqual(before);

    const added = await outcome(
      newGalleryImageAction({
        request: post(
          "/admin/galerias/dia-del-nino/nueva",
          {
            title: "Taller de microscopios",
            author: "Comunicación Social",
            caption: "Niñas y niños miran células con un microscopio guayabaexplorador.",
            altText: "Dos niñas frente a un microscopio.",
          },
          { name: "microscopio.png", data: samplePng(400, 300) },
        ),
        params: { gallery: "dia-del-nino" },
        context,
      }),
    );
    expect(added.status).toBe(303);
    const images = await listGalleryImages(db, "dia-del-nino");
    const image = images.at(-1)!;
    expect(image).toMatchObject({ title: "Taller de microscopios", author: "Comunicación Social", width: 400, height: 300 });
    const search = async (words: string) =>
      (await sql<{ path: string }>`SELECT path FROM search_index WHERE search_index MATCH ${words}`.execute(db)).rows;
    expect(await search("guayabaexplorador")).toEqual([{ path: `/dia-del-nino/${image.id}` }]);

    // Edit the caption: search follows at once.
    const edit = await outcome(
      editGalleryImageAction({
        request: post(`/admin/galerias/dia-del-nino/${image.id}`, {
          title: "Taller de microscopios",
          caption: "Células vistas con un microscopio mameyeditado.",
          altText: "Dos niñas frente a un microscopio.",
        }),
        params: { gallery: "dia-del-nino", itemId: String(image.id) },
        context,
      }),
    );
    expect(edit.status).toBe(303);
    expect(await search("guayabaexplorador")).toEqual([]);
    expect(await search("mameyeditado")).toHaveLength(1);
    // The image of another gallery cannot be edited through this one.
    const wrong = await outcome(
      editGalleryImageAction({
        request: post(`/admin/galerias/galeria/${image.id}`, { title: "x", caption: "y", altText: "z" }),
        params: { gallery: "galeria", itemId: String(image.id) },
        context,
      }),
    );
    expect(wrong.status).toBe(404);

    expect(
      (
        await outcome(
          galleryListAction({
            request: post("/admin/galerias/dia-del-nino", { id: String(image.id), op: "subir" }),
            params: { gallery: "dia-del-nino" },
            context,
          }),
        )
      ).status,
    ).toBe(303);
    expect((await listGalleryImages(db, "dia-del-nino")).at(-2)?.id).toBe(image.id);
    expect(
      (
        await outcome(
          galleryListAction({
            request: post("/admin/galerias/dia-del-nino", { id: String(image.id), op: "ocultar" }),
            params: { gallery: "dia-del-nino" },
            context,
          }),
        )
      ).status,
    ).toBe(303);
    expect((await listGalleryImages(db, "dia-del-nino")).map((item) => item.id)).not.toContain(image.id);
    expect(await search("mameyeditado")).toEqual([]);
    const bogus = await outcome(
      galleryListAction({ request: post("/admin/galerias/dia-del-nino", { id: "1e3", op: "borrar" }), params: { gallery: "dia-del-nino" }, context }),
    );
    expect(bogus.status).toBe(400);
    const actions = await db
      .selectFrom("audit_log")
      .select("action")
      .where("entity", "=", "gallery_image")
      .where("entity_id", "=", String(image.id))
      .orderBy("id")
      .execute();
    expect(actions.map((row) => row.action)).toEqual(["gallery_image.create", "gallery_image.update", "gallery_image.move", "gallery_image.hide"]);
  });

  test("an unknown gallery is a 404, and ensenanza is refused", async () => {
    expect(
      (await outcome(galleryListAction({ request: post("/admin/galerias/otra", { id: "1", op: "subir" }), params: { gallery: "otra" }, context })))
        .status,
    ).toBe(404);
    const refused = await outcome(
      galleryTextsAction({
        request: post("/admin/galerias/galeria/textos", { title: "x", description: "y", intro: "z" }, undefined, teachingCookie),
        params: { gallery: "galeria" },
        context,
      }),
    );
    expect(refused.status).toBe(403);
  });
});
