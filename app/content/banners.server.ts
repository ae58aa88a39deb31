import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";

export interface HomeBanner {
  id: number;
  title: string;
  altText: string;
  linkUrl: string | null;
  imageUrl: string;
}

export async function getActiveBanners(db: Kysely<DB>): Promise<HomeBanner[]> {
  const rows = await db
    .selectFrom("banners")
    .select(["id", "title", "alt_text", "link_url", "image_file_id"])
    .where("is_active", "=", 1)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    altText: row.alt_text,
    linkUrl: row.link_url,
    imageUrl: publicFileUrl(row.image_file_id),
  }));
}
