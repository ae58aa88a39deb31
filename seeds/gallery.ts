import type { Kysely } from "kysely";
import type { DB, GalleryName } from "../app/db.server";
import { storeFile } from "../app/files/files.server";
import { drawArtwork } from "./gallery-art";
import galleryData from "./data/gallery.json";
import { fileNameFor } from "./documents";

interface SeedArtwork {
  title: string;
  author: string | null;
  caption: string;
  illustration?: boolean;
}

async function insertItem(trx: Kysely<DB>, gallery: GalleryName, position: number, item: SeedArtwork & { alt: string }) {
  const exists = await trx
    .selectFrom("gallery_items")
    .select("id")
    .where("gallery", "=", gallery)
    .where("position", "=", position)
    .executeTakeFirst();
  if (exists) return;
  const art = drawArtwork({
    index: position + (gallery === "legado-artistico" ? 0 : gallery === "galeria" ? 100 : 200),
    title: item.title,
    author: item.author,
  });
  const fileId = await storeFile(
    trx,
    {
      fileName: fileNameFor(`${item.title}${item.author ? ` - ${item.author}` : ""}`, "svg"),
      contentType: "image/svg+xml",
      data: Buffer.from(art.svg, "utf8"),
    },
    "public",
  );
  await trx
    .insertInto("gallery_items")
    .values({
      gallery,
      image_file_id: fileId,
      caption: item.caption,
      title: item.title,
      author: item.author,
      alt_text: item.alt,
      width: art.width,
      height: art.height,
      position,
    })
    .execute();
}

/** The art legacy gallery (about 50 works) and the two event galleries, with drawn pictures. */
export async function seedGallery(trx: Kysely<DB>) {
  for (const [position, work] of (galleryData.legadoArtistico as SeedArtwork[]).entries()) {
    const alt = work.illustration
      ? `Ilustración: ${work.title}`
      : `Representación ilustrada de la obra «${work.title}»${work.author ? `, de ${work.author}` : ""}`;
    await insertItem(trx, "legado-artistico", position, { ...work, alt });
  }
  for (const other of galleryData.otherGalleries) {
    for (let position = 0; position < other.count; position++) {
      const title = `${other.title}, imagen ${position + 1}`;
      await insertItem(trx, other.gallery as GalleryName, position, {
        title,
        author: null,
        caption: `${other.title}: imagen ${position + 1} de ${other.count}`,
        alt: `Ilustración del evento ${other.title}, imagen ${position + 1} de ${other.count}`,
      });
    }
  }
}
