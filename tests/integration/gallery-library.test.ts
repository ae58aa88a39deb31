import { beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { getGalleryImage, listGalleryImages, loadGalleryImagePage } from "~/gallery/gallery.server";
import { getLibraryPanels } from "~/library/library-panels.server";
import { loader as libraryLoader } from "~/routes/hemerobiblioteca";
import { seedDatabase } from "../../seeds/index";

beforeAll(async () => {
  await seedDatabase(db);
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

  test("the server renders the section asked for in ?panel, and the rules when the value is unknown", async () => {
    const load = async (query: string) =>
      libraryLoader({ request: new Request(`http://localhost/hemerobiblioteca${query}`), params: {}, context: { cspNonce: "", requestId: "t" } });
    expect(await load("?panel=contacto")).toMatchObject({ panel: "contacto" });
    expect(await load("?panel=<script>")).toMatchObject({ panel: "reglamento" });
    expect(await load("")).toMatchObject({ panel: "reglamento" });
  });
});
