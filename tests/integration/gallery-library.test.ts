import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { getGalleryImage, listGalleryImages, loadGalleryImagePage } from "~/gallery/gallery.server";
import { getLibraryPanels } from "~/library/library-panels.server";
import { loader as libraryLoader } from "~/routes/hemerobiblioteca";
import { useSeededDatabase } from "../support/database";

beforeAll(async () => {
  await useSeededDatabase();
});

describe("gallery", () => {
  test("the art legacy holds at least 50 images, each with its size and caption", async () => {
    const images = await listGalleryImages(db, "legado-artistico");
    expect(images.length).toBeGreaterThanOrEqual(50);
    for (const image of images) {
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
      expect(image.caption.length).toBeGreaterThan(0);
      expect(image.alt.length).toBeGreaterThan(0);
    }
    expect(images[1]).toMatchObject({ title: "Los niños pidiendo posada o la peregrinación", author: "Diego Rivera" });
    const file = await db
      .selectFrom("stored_files")
      .select(["content_type", "data"])
      .where("id", "=", images[0]!.src.split("/").pop()!)
      .executeTakeFirstOrThrow();
    expect(file.content_type).toBe("image/svg+xml");
    expect(file.data.toString("utf8")).toContain(`width="${images[0]!.width}" height="${images[0]!.height}"`);
  });

  test("an image page knows its neighbours; an image of another gallery is not found", async () => {
    const images = await listGalleryImages(db, "legado-artistico");
    const second = await getGalleryImage(db, "legado-artistico", images[1]!.id);
    expect(second).toMatchObject({ position: 2, total: images.length, previous: { id: images[0]!.id }, next: { id: images[2]!.id } });
    const first = await getGalleryImage(db, "legado-artistico", images[0]!.id);
    expect(first?.previous).toBeNull();
    const other = (await listGalleryImages(db, "galeria"))[0]!;
    expect(await getGalleryImage(db, "legado-artistico", other.id)).toBeNull();
    for (const raw of [String(other.id), "abc", "0", undefined]) {
      await expect(loadGalleryImagePage(db, "legado-artistico", raw)).rejects.toMatchObject({ status: 404 });
    }
  });
});

describe("library", () => {
  test("has the eight sections (from the database, migration 0022) and the figures of the seed specification", async () => {
    const panels = await getLibraryPanels(db);
    expect(panels.map((p) => p.label)).toEqual([
      "Reglamento",
      "Servicios",
      "Colecciones",
      "Catálogo",
      "Revistas en línea",
      "Bases de datos",
      "Ligas de interés",
      "Contacto",
    ]);
    const rules = panels[0]!.html.__html;
    for (const fact of [
      "15 de febrero de 2024",
      "$0.60",
      "200 fotocopias",
      "3 días",
      "renovarlo 1 vez",
      "máximo 3 materiales",
      "<h3>Sanciones</h3>",
    ]) {
      expect(rules).toContain(fact);
    }
    expect(panels[7]!.html.__html).toContain('href="tel:+5257610147"');
    expect(panels[4]!.html.__html).toContain('rel="noopener noreferrer"');
  });

  test("the legacy ?panel= address redirects to the section's anchor on the same path; the page holds every section", async () => {
    const load = (path: string) =>
      libraryLoader({ request: new Request(`http://localhost${path}`), params: {}, context: { cspNonce: "", requestId: "t" } });
    const location = async (path: string) => {
      const response = await load(path).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(response).toBeInstanceOf(Response);
      expect((response as Response).status).toBe(301);
      return (response as Response).headers.get("location");
    };
    expect(await location("/hemerobiblioteca?panel=contacto")).toBe("/hemerobiblioteca#panel-contacto");
    expect(await location("/direccion/hemerobiblioteca?panel=bases-de-datos")).toBe("/direccion/hemerobiblioteca#panel-bases-de-datos");
    expect(await location("/hemerobiblioteca?panel=%3Cscript%3E")).toBe("/hemerobiblioteca");
    const page = await load("/hemerobiblioteca");
    expect(page.panels.map((p) => p.id)).toEqual([
      "reglamento",
      "servicios",
      "colecciones",
      "catalogo",
      "revistas",
      "bases-de-datos",
      "ligas",
      "contacto",
    ]);
  });
});
