import type { Kysely } from "kysely";
import type { DB, GalleryName } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";
import { GALLERY_NAMES, galleryPath, type GalleryInfo } from "./galleries";
import { resolveAddress } from "~/mounted-addresses";

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

/** The texts of every gallery, in the site's order. */
export async function listGalleries(db: Kysely<DB>): Promise<GalleryInfo[]> {
  const rows = await db.selectFrom("galleries").select(["name", "title", "description", "intro"]).execute();
  return GALLERY_NAMES.flatMap((name) => {
    const row = rows.find((candidate) => candidate.name === name);
    return row ? [{ ...row, path: galleryPath(name) }] : [];
  });
}

/** The texts of one gallery. */
export async function getGallery(db: Kysely<DB>, gallery: GalleryName): Promise<GalleryInfo> {
  const row = await db
    .selectFrom("galleries")
    .select(["name", "title", "description", "intro"])
    .where("name", "=", gallery)
    .executeTakeFirstOrThrow();
  return { ...row, path: galleryPath(gallery) };
}

/** The images of a gallery a visitor sees (hidden ones left out), in order. */
export async function listGalleryImages(db: Kysely<DB>, gallery: GalleryName): Promise<GalleryImage[]> {
  const rows = await db
    .selectFrom("gallery_items")
    .select(["id", "image_file_id", "title", "author", "caption", "alt_text", "width", "height"])
    .where("gallery", "=", gallery)
    .where("is_visible", "=", 1)
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

/** Loader helper for /{gallery}/:itemId: a Spanish 404 for anything that is not a shown image of it. */
export async function loadGalleryImagePage(db: Kysely<DB>, gallery: GalleryName, rawId: string | undefined) {
  const id = /^[1-9][0-9]{0,9}$/.test(rawId ?? "") ? Number(rawId) : NaN;
  const found = Number.isNaN(id) ? null : await getGalleryImage(db, gallery, id);
  if (!found) throw new Response("No encontramos esta imagen", { status: 404 });
  return { gallery: await getGallery(db, gallery), ...found };
}

/** Which gallery a request is for: its address's key in the one table of mounted addresses. */
export function galleryFromRequest(request: Request): GalleryName {
  return galleryNamed(resolveAddress(new URL(request.url).pathname)?.key);
}

/** A gallery name from a URL segment, or a 404. */
export function galleryNamed(value: string | undefined): GalleryName {
  const gallery = GALLERY_NAMES.find((name) => name === value);
  if (!gallery) throw new Response("No encontramos esta galería", { status: 404 });
  return gallery;
}
