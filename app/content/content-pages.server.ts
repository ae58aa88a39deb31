import type { Kysely } from "kysely";
import type { Crumb } from "~/components/breadcrumbs";
import type { DB } from "~/db.server";
import { getDocumentCollection, type DocumentCollectionView } from "~/documents/documents.server";
import { publicFileUrl } from "~/files/files.server";
import type { PageImage } from "./department-pages.server";
import { renderMarkdown, type SafeHtml } from "./markdown.server";

/** Information pages that also show the clinical-pathological session's video (from the settings). */
const SESSION_VIDEO_PAGES = new Set(["/sesion-clinico-patologica", "/video/scp-2024"]);

export function pageHasSessionVideo(path: string): boolean {
  return SESSION_VIDEO_PAGES.has(path);
}

/** Information pages that also list a document collection, by path. */
export const PAGE_DOCUMENT_COLLECTIONS: Record<string, string> = {
  "/general": "general-direction",
};

export interface ProfileView {
  title: string;
  banner: { url: string; responsiveUrl: string | null; alt: string } | null;
  bannerContent: SafeHtml;
  firstContent: SafeHtml;
  secondContent: SafeHtml;
  firstImage: PageImage | null;
  secondImage: PageImage | null;
}

export interface ContentPageView {
  path: string;
  title: string;
  summary: string;
  body: SafeHtml;
  /** Ancestors first, the page itself last. */
  breadcrumbs: Crumb[];
  /** The pages of the same section, in order, including this one. */
  sectionPages: { label: string; href: string }[];
  profile: ProfileView | null;
  documents: DocumentCollectionView | null;
  updatedAt: string;
}

function image(fileId: string | null, alt: string): PageImage | null {
  return fileId ? { url: publicFileUrl(fileId), alt } : null;
}

/** A published information page by its path (e.g. "/voluntariado"), or null. */
export async function getContentPage(db: Kysely<DB>, path: string): Promise<ContentPageView | null> {
  const page = await db.selectFrom("content_pages").selectAll().where("path", "=", path).where("is_published", "=", 1).executeTakeFirst();
  if (!page) return null;

  const sectionPages = page.section
    ? (
        await db
          .selectFrom("content_pages")
          .select(["path", "title", "nav_label"])
          .where("section", "=", page.section)
          .where("is_published", "=", 1)
          .orderBy("position")
          .orderBy("id")
          .execute()
      ).map((row) => ({ label: row.nav_label ?? row.title, href: row.path }))
    : [];

  const profileRow =
    page.profile_page_id === null
      ? undefined
      : // A draft or scheduled profile record is left out of the page (decision 0026).
        await db.selectFrom("profile_pages").selectAll().where("id", "=", page.profile_page_id).where("is_published", "=", 1).executeTakeFirst();
  const profile: ProfileView | null = profileRow
    ? {
        title: profileRow.page_title,
        banner: profileRow.banner_image_file_id
          ? {
              url: publicFileUrl(profileRow.banner_image_file_id),
              responsiveUrl: profileRow.banner_image_responsive_file_id ? publicFileUrl(profileRow.banner_image_responsive_file_id) : null,
              alt: profileRow.banner_image_alt,
            }
          : null,
        bannerContent: renderMarkdown(profileRow.banner_content),
        firstContent: renderMarkdown(profileRow.first_content),
        secondContent: renderMarkdown(profileRow.second_content),
        firstImage: image(profileRow.first_image_file_id, profileRow.first_image_alt),
        secondImage: image(profileRow.second_image_file_id, profileRow.second_image_alt),
      }
    : null;

  const breadcrumbs: Crumb[] = [];
  if (page.parent_href && page.parent_label) breadcrumbs.push({ label: page.parent_label, href: page.parent_href });
  breadcrumbs.push({ label: page.nav_label ?? page.title, href: page.path });

  const collectionKey = PAGE_DOCUMENT_COLLECTIONS[page.path];
  const documents = collectionKey ? await getDocumentCollection(db, collectionKey) : null;

  return {
    path: page.path,
    title: page.title,
    summary: page.summary,
    body: renderMarkdown(page.body),
    breadcrumbs,
    sectionPages,
    profile,
    documents,
    updatedAt: page.updated_at,
  };
}

/** Where an old path now lives (a renamed slug or a moved page), or null. */
export async function findRedirect(db: Kysely<DB>, path: string): Promise<string | null> {
  const row = await db.selectFrom("path_redirects").select("to_path").where("from_path", "=", path).executeTakeFirst();
  return row?.to_path ?? null;
}
