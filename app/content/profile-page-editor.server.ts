import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { contentRecord, storedAs, type RecordForEditor } from "./content-record.server";
import { renderMarkdown } from "./markdown.server";
import { pendingSavedMessage } from "./publication.server";
import * as rules from "./record-editor.server";
import { PUBLICATION_STATUS_TEXT } from "./record-list";
import { PROFILE_FIELD_LABELS, PROFILE_IMAGE_FIELDS, type ProfileSnapshot } from "./seeded-record-forms";

/**
 * The profile records as a content record (issue 12, decisions 0026 and 0057): the banner, texts
 * and images that information pages such as /medica show under their body, their form rules,
 * columns and list; the writer, history, publication and the editor screens come from
 * content-record.server.ts. One transaction per save (images, row, revision in page_revisions with
 * entity profile_page, audit row); the pages' search entries and the anonymous cache follow by
 * triggers (migrations 0014 and 0024).
 */

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- the form

const profileFields = {
  page_title: rules.requiredLine(PROFILE_FIELD_LABELS.page_title, 200, "Escriba el título del perfil."),
  page_banner_image_alt: rules.oneLine(PROFILE_FIELD_LABELS.page_banner_image_alt, 300),
  page_banner_content: rules.markdownText(PROFILE_FIELD_LABELS.page_banner_content),
  page_first_content: rules.markdownText(PROFILE_FIELD_LABELS.page_first_content),
  page_first_image_alt: rules.oneLine(PROFILE_FIELD_LABELS.page_first_image_alt, 300),
  page_second_content: rules.markdownText(PROFILE_FIELD_LABELS.page_second_content),
  page_second_image_alt: rules.oneLine(PROFILE_FIELD_LABELS.page_second_image_alt, 300),
  quitar_page_banner_image: rules.removeFlag,
  quitar_banner_image_responsive: rules.removeFlag,
  quitar_page_first_image: rules.removeFlag,
  quitar_page_second_image: rules.removeFlag,
};

export const profileEditSchema = z.object({ ...profileFields, ...rules.publicationFields }).superRefine(rules.requirePublishAt);
/** A new profile has the same fields; it starts as a draft (decision 0026), so it has no publication field. */
export const profileCreateSchema = z.object(profileFields);

export type ProfileEditInput = z.output<typeof profileEditSchema>;
export type ProfileCreateInput = z.output<typeof profileCreateSchema>;

// ---------------------------------------------------------------- the definition

async function readProfile(db: Db, id: number) {
  return db.selectFrom("profile_pages").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The information pages that show a profile record (its public addresses). */
async function pagesShowing(db: Db, id: number): Promise<string[]> {
  const rows = await db.selectFrom("content_pages").select("path").where("profile_page_id", "=", id).orderBy("path").execute();
  return rows.map((row) => row.path);
}

export const PROFILE_RECORD = contentRecord({
  entity: "profile_page",
  table: "profile_pages",
  audit: "profile_page",
  labels: PROFILE_FIELD_LABELS,
  read: readProfile,
  // The seed's field names (seed-specification "Page profile record") beside the table's columns.
  ...storedAs<NonNullable<Awaited<ReturnType<typeof readProfile>>>, ProfileSnapshot>({
    page_title: "page_title",
    page_banner_image: "banner_image_file_id",
    banner_image_responsive: "banner_image_responsive_file_id",
    page_banner_image_alt: "banner_image_alt",
    page_banner_content: "banner_content",
    page_first_content: "first_content",
    page_first_image: "first_image_file_id",
    page_first_image_alt: "first_image_alt",
    page_second_content: "second_content",
    page_second_image: "second_image_file_id",
    page_second_image_alt: "second_image_alt",
  }),
  name: (row) => `el perfil «${row.page_title}»`,
  editSchema: profileEditSchema,
  createSchema: profileCreateSchema,
  preview: (fields) => ({
    title: rules.formText(fields, "page_title").trim() || "(sin título)",
    sections: ["page_banner_content", "page_first_content", "page_second_content"].map((name) => renderMarkdown(rules.formText(fields, name))),
  }),
  // The responsive banner shares the banner's description.
  images: PROFILE_IMAGE_FIELDS,
  alts: { page_banner_image: "page_banner_image_alt", page_first_image: "page_first_image_alt", page_second_image: "page_second_image_alt" },
  // The narrow-screen banner is a variant of the banner: without a banner it would show nothing.
  imageRules: (keeps) =>
    keeps("banner_image_responsive") && !keeps("page_banner_image")
      ? {
          banner_image_responsive: [
            "Para usar una imagen del encabezado para pantallas angostas, la página necesita también la imagen del encabezado.",
          ],
        }
      : {},
  texts: (input: ProfileCreateInput) => ({
    page_title: input.page_title,
    page_banner_content: input.page_banner_content ?? "",
    page_first_content: input.page_first_content ?? "",
    page_second_content: input.page_second_content ?? "",
  }),
  byLine: ["page_banner_content", "page_first_content", "page_second_content"],
  extra: async (db, row) => ({ key: row.key, paths: await pagesShowing(db, row.id) }),
  savedMessage: (_row, next, went) =>
    went === "pending"
      ? pendingSavedMessage(`el perfil «${next.page_title}»`, next)
      : `Se guardaron los cambios del perfil «${next.page_title}». Estado: ${PUBLICATION_STATUS_TEXT[next.status].toLowerCase()}.`,
  restoreNotFound: "No encontramos esa versión del perfil.",
  editor: { base: "/admin/contenido/perfiles", title: (profile) => profile.page_title, path: (profile) => profile.paths[0] ?? "" },
  // A new profile gets a key from the server (perfil-{id}) and starts as a draft; an information
  // page shows it once the page is linked to it and it is published.
  create: {
    values: (id) => ({ key: `perfil-${id}` }),
    message: (_id, snapshot) => `Se creó el perfil «${snapshot.page_title}»; quedó como borrador.`,
  },
});

/** The editor's largest body (its images and texts): the routes' `maxBodyBytes` (a plain value: the browser bundle has no records). */
export const PROFILE_FORM_MAX_BYTES = PROFILE_RECORD.formMaxBytes;

/** The profile as the editor opens it: its latest state (a pending revision, or the record), with the live state beside it. */
export type ProfileForEditor = RecordForEditor<ProfileSnapshot, { key: string; paths: string[] }>;

/** The profile records for the editor's list, with the pages that show each, filtered by words in the title. */
export const listProfilesForEditor = PROFILE_RECORD.lister(
  async (db, words) => {
    const rows = await db
      .selectFrom("profile_pages")
      .select(["id", "key", "page_title", "is_published", "publish_at", "updated_at"])
      .orderBy("page_title")
      .execute();
    const shown = await db
      .selectFrom("content_pages")
      .select(["path", "profile_page_id"])
      .where("profile_page_id", "is not", null)
      .orderBy("path")
      .execute();
    return rows
      .filter((row) => words.every((word) => row.page_title.toLowerCase().includes(word)))
      .map((row) => ({ ...row, paths: shown.filter((page) => page.profile_page_id === row.id).map((page) => page.path) }));
  },
  (row) => ({ id: row.id, key: row.key, title: row.page_title, paths: row.paths }),
);

export type ProfileListItem = Awaited<ReturnType<typeof listProfilesForEditor>>[number];
