import type { Crumb } from "~/components/breadcrumbs";
import type { GalleryName } from "~/db.server";

/**
 * The site's three galleries: the art legacy and two event galleries. Their addresses are fixed
 * (remix.config.js mounts one route per gallery); their texts live in the `galleries` table,
 * edited by the communications office (migration 0021).
 */
export const GALLERY_NAMES: readonly GalleryName[] = ["legado-artistico", "galeria", "dia-del-nino"];

export function galleryPath(gallery: GalleryName): string {
  return `/${gallery}`;
}

/** The texts of a gallery, as the public pages show them. */
export interface GalleryInfo {
  name: GalleryName;
  path: string;
  title: string;
  description: string;
  intro: string;
}

export function galleryCrumbs(gallery: Pick<GalleryInfo, "path" | "title">, item?: { id: number; title: string }): Crumb[] {
  const crumbs: Crumb[] = [{ label: gallery.title, href: gallery.path }];
  if (item) crumbs.push({ label: item.title, href: `${gallery.path}/${item.id}` });
  return crumbs;
}
