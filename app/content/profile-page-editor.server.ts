import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { DB } from "~/db.server";
import { contentRecord, type RecordForEditor } from "./content-record.server";
import { renderMarkdown } from "./markdown.server";
import type { PageStatus } from "./page-forms";
import { pendingSavedMessage, type PendingSummary } from "./publication.server";
import {
  formText,
  markdownText,
  oneLine,
  publicationColumns,
  publicationFields,
  publicationOf,
  removeFlag,
  requiredLine,
  requirePublishAt,
} from "./record-editor.server";
import { PUBLICATION_STATUS_TEXT } from "./record-list";
import { PROFILE_FIELD_LABELS, PROFILE_IMAGE_FIELDS, type ProfileSnapshot } from "./seeded-record-forms";

/**
 * The profile records' editor (issue 12, decision 0026): the banner, texts and images that
 * information pages such as /medica show under their body, as a content-record definition
 * (content-record.server.ts): one transaction per save (images, row, revision in page_revisions
 * with entity profile_page, audit row); the pages' search entries and the anonymous cache follow
 * by triggers (migrations 0014 and 0024).
 */

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- the form

const profileFields = {
  page_title: requiredLine(PROFILE_FIELD_LABELS.page_title, 200, "Escriba el título del perfil."),
  page_banner_image_alt: oneLine(PROFILE_FIELD_LABELS.page_banner_image_alt, 300),
  page_banner_content: markdownText(PROFILE_FIELD_LABELS.page_banner_content),
  page_first_content: markdownText(PROFILE_FIELD_LABELS.page_first_content),
  page_first_image_alt: oneLine(PROFILE_FIELD_LABELS.page_first_image_alt, 300),
  page_second_content: markdownText(PROFILE_FIELD_LABELS.page_second_content),
  page_second_image_alt: oneLine(PROFILE_FIELD_LABELS.page_second_image_alt, 300),
  quitar_page_banner_image: removeFlag,
  quitar_banner_image_responsive: removeFlag,
  quitar_page_first_image: removeFlag,
  quitar_page_second_image: removeFlag,
};

export const profileEditSchema = z.object({ ...profileFields, ...publicationFields }).superRefine(requirePublishAt);
/** A new profile has the same fields; it starts as a draft (decision 0026), so it has no publication field. */
export const profileCreateSchema = z.object(profileFields);

export type ProfileEditInput = z.output<typeof profileEditSchema>;
export type ProfileCreateInput = z.output<typeof profileCreateSchema>;

// ---------------------------------------------------------------- reading

async function readProfile(db: Db, id: number) {
  return db.selectFrom("profile_pages").selectAll().where("id", "=", id).executeTakeFirst();
}

type ProfileRow = NonNullable<Awaited<ReturnType<typeof readProfile>>>;

function snapshotOf(row: ProfileRow): ProfileSnapshot {
  return {
    page_title: row.page_title,
    page_banner_image: row.banner_image_file_id,
    banner_image_responsive: row.banner_image_responsive_file_id,
    page_banner_image_alt: row.banner_image_alt,
    page_banner_content: row.banner_content,
    page_first_content: row.first_content,
    page_first_image: row.first_image_file_id,
    page_first_image_alt: row.first_image_alt,
    page_second_content: row.second_content,
    page_second_image: row.second_image_file_id,
    page_second_image_alt: row.second_image_alt,
    ...publicationOf(row),
  };
}

/** The information pages that show a profile record (its public addresses). */
async function pagesShowing(db: Db, id: number): Promise<string[]> {
  const rows = await db.selectFrom("content_pages").select("path").where("profile_page_id", "=", id).orderBy("path").execute();
  return rows.map((row) => row.path);
}

export interface ProfileListItem {
  id: number;
  key: string;
  title: string;
  paths: string[];
  status: PageStatus;
  publishAt: string | null;
  /** Changes saved aside while the published profile stays (decision 0033). */
  pending: PendingSummary | null;
  updatedAt: string;
}

/** The profile records for the editor's list, with the pages that show each, optionally filtered by words in the title. */
export async function listProfilesForEditor(db: Kysely<DB>, query = ""): Promise<ProfileListItem[]> {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  const rows = (
    await db
      .selectFrom("profile_pages")
      .select(["id", "key", "page_title", "is_published", "publish_at", "updated_at"])
      .orderBy("page_title")
      .execute()
  ).filter((row) => words.every((word) => row.page_title.toLowerCase().includes(word)));
  const shown = await db
    .selectFrom("content_pages")
    .select(["path", "profile_page_id"])
    .where("profile_page_id", "is not", null)
    .orderBy("path")
    .execute();
  return profile.listed(db, rows, (row) => ({
    id: row.id,
    key: row.key,
    title: row.page_title,
    paths: shown.filter((page) => page.profile_page_id === row.id).map((page) => page.path),
  }));
}

/** The profile as the editor opens it: its latest state (a pending revision, or the record), with the live state beside it. */
export type ProfileForEditor = RecordForEditor<ProfileSnapshot, { key: string; paths: string[] }>;

// ---------------------------------------------------------------- the definition

const profile = contentRecord({
  entity: "profile_page",
  table: "profile_pages",
  audit: "profile_page",
  labels: PROFILE_FIELD_LABELS,
  read: readProfile,
  snapshot: snapshotOf,
  name: (row) => `el perfil «${row.page_title}»`,
  columns: (snapshot: ProfileSnapshot) => ({
    page_title: snapshot.page_title,
    banner_image_file_id: snapshot.page_banner_image,
    banner_image_responsive_file_id: snapshot.banner_image_responsive,
    banner_image_alt: snapshot.page_banner_image_alt,
    banner_content: snapshot.page_banner_content,
    first_content: snapshot.page_first_content,
    first_image_file_id: snapshot.page_first_image,
    first_image_alt: snapshot.page_first_image_alt,
    second_content: snapshot.page_second_content,
    second_image_file_id: snapshot.page_second_image,
    second_image_alt: snapshot.page_second_image_alt,
    ...publicationColumns(snapshot),
  }),
  editSchema: profileEditSchema,
  createSchema: profileCreateSchema,
  preview: (fields) => ({
    title: formText(fields, "page_title").trim() || "(sin título)",
    sections: ["page_banner_content", "page_first_content", "page_second_content"].map((name) => renderMarkdown(formText(fields, name))),
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
  // A new profile gets a key from the server (perfil-{id}) and starts as a draft; an information
  // page shows it once the page is linked to it and it is published.
  create: {
    values: (id) => ({ key: `perfil-${id}` }),
    message: (_id, snapshot) => `Se creó el perfil «${snapshot.page_title}»; quedó como borrador.`,
  },
});

/** The publication rule of this kind (publication.server.ts; page-history.server.ts serves its discard and unpublish); its audit prefix written here as a literal, which the audit registry test reads. */
export const PROFILE_KIND = { ...profile.kind, audit: "profile_page" };
/** The editor's largest body (its images and texts): the routes' `maxBodyBytes`. */
export const PROFILE_FORM_MAX_BYTES = profile.formMaxBytes;
/** The first step of the editor's action (parseEditorForm), and of the "new profile" action. */
export const parseProfileForm = profile.parseForm;
export const parseProfileCreateForm = profile.parseCreateForm;
export const getProfileForEditor = profile.forEditor;
export const { listRevisions: listProfileRevisions, diffRevisions: diffProfileRevisions } = profile;
/** Creates a profile record, as a draft (its first revision "crear" and an audit row, with its images). */
export const createProfile = profile.create;
/** Saves an edit of a profile record (banner, texts, images). */
export const updateProfile = profile.update;
/** Brings back an earlier version of a profile record (every field) as a new revision. */
export const restoreProfileRevision = profile.restore;
/** Publishes the profile records whose scheduled time has come (see scheduledPublisher). */
export const publishDueProfiles = profile.publishDue;
