import type { Kysely } from "kysely";
import type { DB, GalleryName } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";
import { GALLERIES } from "./galleries";

export interface GalleryImage {
  id: number;
  src: string;
  title: string;
  author: string | null;
  caption: string;
  alt: string;
  width: number;
  height: number;
}

/** The images of a gallery in order. */
export async function listGalleryImages(db: Kysely<DB>, gallery: GalleryName): Promise<GalleryImage[]> {
  const rows = await db
    .selectFrom("gallery_items")
    .select(["id", "image_file_id", "title", "author", "caption", "alt_text", "width", "height"])
    .where("gallery", "=", gallery)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    src: publicFileUrl(row.image_file_id),
    title: row.title,
    author: row.author,
    caption: row.caption,
    alt: row.alt_text,
    width: row.width,
    height: row.height,
  }));
}

/** One image with its neighbours (for the no-JavaScript image page), or null if it is not in this gallery. */
export async function getGalleryImage(db: Kysely<DB>, gallery: GalleryName, id: number) {
  const images = await listGalleryImages(db, gallery);
  const index = images.findIndex((image) => image.id === id);
  if (index === -1) return null;
  return {
    image: images[index]!,
    position: index + 1,
    total: images.length,
    previous: index > 0 ? images[index - 1]! : null,
    next: index < images.length - 1 ? images[index + 1]! : null,
  };
}

/** Loader helper for /{gallery}/:itemId: a Spanish 404 for anything that is not an image of it. */
export async function loadGalleryImagePage(db: Kysely<DB>, gallery: GalleryName, rawId: string | undefined) {
  const id = /^[1-9][0-9]{0,9}$/.test(rawId ?? "") ? Number(rawId) : NaN;
  const found = Number.isNaN(id) ? null : await getGalleryImage(db, gallery, id);
  if (!found) throw new Response("No encontramos esta imagen", { status: 404 });
  return { gallery, ...found };
}

/** Which gallery a request is for: the first segment of its path (the routes are mounted per gallery). */
export function galleryFromRequest(request: Request): GalleryName {
  const first = new URL(request.url).pathname.split("/")[1]?.toLowerCase();
  const gallery = (Object.keys(GALLERIES) as GalleryName[]).find((name) => name === first);
  if (!gallery) throw new Response("Not Found", { status: 404 });
  return gallery;
}
