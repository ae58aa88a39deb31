import type { Kysely } from "kysely";
import { parseStaffLinks, type StaffLink } from "~/content/department-pages.server";
import { renderMarkdown } from "~/content/markdown.server";
import type { DB } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";

/**
 * A department or direction page as the old client reads it (the seed's page_* fields). The
 * contents are the same sanitised HTML the site renders from the stored Markdown, so a client
 * that inserts them as HTML cannot be made to run a script.
 */
export interface ApiDirectionPage {
  page_id: number;
  page_url: string;
  /** The page on this site, absolute. */
  page_link: string;
  page_title: string;
  page_summary: string;
  page_titular: string | null;
  page_titular_grade: string | null;
  page_titular_photo: string | null;
  page_first_content: string;
  page_second_content: string;
  page_first_image: string | null;
  page_first_image_alt: string;
  page_second_image: string | null;
  page_second_image_alt: string;
  page_staff: StaffLink[];
  /** 1: department layout; 2: direction layout. */
  tipo_departamento: 1 | 2;
}

/** Every published department page, by title; read-only. */
export async function listApiDirectionPages(db: Kysely<DB>, origin: string): Promise<ApiDirectionPage[]> {
  const rows = await db
    .selectFrom("department_pages")
    .select([
      "id",
      "slug",
      "title",
      "summary",
      "head_name",
      "head_grade",
      "head_photo_file_id",
      "first_content",
      "second_content",
      "first_image_file_id",
      "first_image_alt",
      "second_image_file_id",
      "second_image_alt",
      "staff_links",
      "tipo_departamento",
    ])
    .where("is_published", "=", 1)
    .orderBy("title")
    .orderBy("id")
    .execute();
  const file = (id: string | null) => (id ? new URL(publicFileUrl(id), origin).href : null);
  return rows.map((row) => ({
    page_id: row.id,
    page_url: row.slug,
    page_link: new URL(`/direccion/${row.slug}`, origin).href,
    page_title: row.title,
    page_summary: row.summary,
    page_titular: row.head_name,
    page_titular_grade: row.head_grade,
    page_titular_photo: file(row.head_photo_file_id),
    page_first_content: renderMarkdown(row.first_content).__html,
    page_second_content: renderMarkdown(row.second_content).__html,
    page_first_image: file(row.first_image_file_id),
    page_first_image_alt: row.first_image_alt,
    page_second_image: file(row.second_image_file_id),
    page_second_image_alt: row.second_image_alt,
    page_staff: parseStaffLinks(row.staff_links),
    tipo_departamento: row.tipo_departamento,
  }));
}
