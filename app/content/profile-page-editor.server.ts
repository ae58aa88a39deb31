import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { storeFile } from "~/files/files.server";
import type { StaffUser } from "~/staff/staff";
import { renderMarkdown } from "./markdown.server";
import {
  existingFileId,
  formText,
  markdownText,
  oneLine,
  PAGE_IMAGE_RULE,
  parseEditorForm,
  removeFlag,
  requiredLine,
  restoreRecordRevision,
  revisionReaders,
  unlessNoChange,
  recordWriter,
} from "./record-editor.server";
import { PROFILE_FIELD_LABELS, PROFILE_IMAGE_FIELDS, type ProfileImageField, type ProfileSnapshot } from "./seeded-record-forms";

/**
 * The profile records' editor (issue 12, decision 0026): the banner, texts and images that
 * information pages such as /medica show under their body. Same shape as the department editor:
 * one transaction per save (images, row, revision in page_revisions with entity profile_page,
 * audit row); the pages' search entries and the anonymous cache follow by triggers (migrations
 * 0014 and 0024).
 */

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- the form

const IMAGE_RULES = Object.fromEntries(PROFILE_IMAGE_FIELDS.map((field) => [field, PAGE_IMAGE_RULE])) as Record<ProfileImageField, FileRule>;

export const profileEditSchema = z.object({
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
});

export type ProfileEditInput = z.output<typeof profileEditSchema>;
export type ProfileUploads = Partial<Record<ProfileImageField, CheckedFile>>;

/** The first step of the editor's action (see parseEditorForm). */
export function parseProfileForm(request: Request) {
  return parseEditorForm(request, profileEditSchema, IMAGE_RULES, (fields) => ({
    title: formText(fields, "page_title").trim() || "(sin título)",
    sections: ["page_banner_content", "page_first_content", "page_second_content"].map((name) => renderMarkdown(formText(fields, name))),
  }));
}

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
  updatedAt: string;
}

/** The profile records for the editor's list, with the pages that show each. */
export async function listProfilesForEditor(db: Kysely<DB>): Promise<ProfileListItem[]> {
  const rows = await db.selectFrom("profile_pages").select(["id", "key", "page_title", "updated_at"]).orderBy("page_title").execute();
  const shown = await db
    .selectFrom("content_pages")
    .select(["path", "profile_page_id"])
    .where("profile_page_id", "is not", null)
    .orderBy("path")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    title: row.page_title,
    paths: shown.filter((page) => page.profile_page_id === row.id).map((page) => page.path),
    updatedAt: row.updated_at,
  }));
}

export interface ProfileForEditor extends ProfileSnapshot {
  id: number;
  key: string;
  paths: string[];
  updatedAt: string;
}

export async function getProfileForEditor(db: Kysely<DB>, id: number): Promise<ProfileForEditor | null> {
  const row = await readProfile(db, id);
  return row ? { id: row.id, key: row.key, paths: await pagesShowing(db, id), updatedAt: row.updated_at, ...snapshotOf(row) } : null;
}

export const { list: listProfileRevisions, diff: diffProfileRevisions } = revisionReaders("profile_page", PROFILE_FIELD_LABELS, [
  "page_banner_content",
  "page_first_content",
  "page_second_content",
]);

// ---------------------------------------------------------------- writing

export type ProfileIssues = Partial<Record<keyof ProfileEditInput | ProfileImageField | "form", string[]>>;
export type ProfileSaveOutcome = { ok: true; message: string } | { ok: false; issues: ProfileIssues } | { ok: false; notFound: true };

/** Writes a new state, its revision and its audit row; throws NoChange when an edit changes nothing. */
const writeProfile = recordWriter<ProfileRow, ProfileSnapshot>({
  entity: "profile_page",
  labels: PROFILE_FIELD_LABELS,
  snapshot: snapshotOf,
  update: (trx, id, next, now) =>
    trx
      .updateTable("profile_pages")
      .set({
        page_title: next.page_title,
        banner_image_file_id: next.page_banner_image,
        banner_image_responsive_file_id: next.banner_image_responsive,
        banner_image_alt: next.page_banner_image_alt,
        banner_content: next.page_banner_content,
        first_content: next.page_first_content,
        first_image_file_id: next.page_first_image,
        first_image_alt: next.page_first_image_alt,
        second_content: next.page_second_content,
        second_image_file_id: next.page_second_image,
        second_image_alt: next.page_second_image_alt,
        updated_at: now.toISOString(),
      })
      .where("id", "=", id)
      .execute(),
});

/** Which description each shown image needs (the responsive banner shares the banner's). */
const ALT_OF = {
  page_banner_image: "page_banner_image_alt",
  page_first_image: "page_first_image_alt",
  page_second_image: "page_second_image_alt",
} as const;

/** Saves an edit of a profile record (banner, texts, images). */
export async function updateProfile(
  db: Kysely<DB>,
  id: number,
  input: ProfileEditInput,
  uploads: ProfileUploads,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<ProfileSaveOutcome> {
  return unlessNoChange(
    db.transaction().execute(async (trx): Promise<ProfileSaveOutcome> => {
      const row = await readProfile(trx, id);
      if (!row) return { ok: false, notFound: true };
      const current = snapshotOf(row);
      const removing: Record<ProfileImageField, boolean> = {
        page_banner_image: input.quitar_page_banner_image,
        banner_image_responsive: input.quitar_banner_image_responsive,
        page_first_image: input.quitar_page_first_image,
        page_second_image: input.quitar_page_second_image,
      };
      const keeps = (field: ProfileImageField) => uploads[field] !== undefined || (current[field] !== null && !removing[field]);
      const issues: ProfileIssues = {};
      for (const [field, alt] of Object.entries(ALT_OF) as [keyof typeof ALT_OF, (typeof ALT_OF)[keyof typeof ALT_OF]][]) {
        if (keeps(field) && !input[alt])
          issues[alt] = [`Describa la imagen en «${PROFILE_FIELD_LABELS[alt]}» (lo que leen los lectores de pantalla).`];
      }
      // The narrow-screen banner is a variant of the banner: without a banner it would show nothing.
      if (keeps("banner_image_responsive") && !keeps("page_banner_image"))
        issues.banner_image_responsive = [
          "Para usar una imagen del encabezado para pantallas angostas, la página necesita también la imagen del encabezado.",
        ];
      if (Object.keys(issues).length > 0) return { ok: false, issues };

      const images = {} as Record<ProfileImageField, string | null>;
      for (const field of PROFILE_IMAGE_FIELDS) {
        const upload = uploads[field];
        images[field] = upload ? await storeFile(trx, upload, "public") : removing[field] ? null : current[field];
      }
      const next: ProfileSnapshot = {
        page_title: input.page_title,
        ...images,
        page_banner_image_alt: images.page_banner_image ? (input.page_banner_image_alt ?? "") : "",
        page_banner_content: input.page_banner_content ?? "",
        page_first_content: input.page_first_content ?? "",
        page_first_image_alt: images.page_first_image ? (input.page_first_image_alt ?? "") : "",
        page_second_content: input.page_second_content ?? "",
        page_second_image_alt: images.page_second_image ? (input.page_second_image_alt ?? "") : "",
      };
      await writeProfile(trx, row, next, "editar", actor, requestId, now);
      return { ok: true, message: `Se guardaron los cambios del perfil «${next.page_title}».` };
    }),
  );
}

/** Brings back an earlier version of a profile record (every field) as a new revision. */
export function restoreProfileRevision(db: Kysely<DB>, id: number, number: number, actor: StaffUser, requestId: string | null, now: Date) {
  return restoreRecordRevision<ProfileRow, ProfileSnapshot>(db, "profile_page", id, number, "No encontramos esa versión del perfil.", {
    read: (trx) => readProfile(trx, id),
    merge: async (trx, row, old) => {
      const next: ProfileSnapshot = { ...snapshotOf(row), ...old };
      // Files are never deleted, but a restored image must still exist (the column references it).
      for (const field of PROFILE_IMAGE_FIELDS) next[field] = await existingFileId(trx, old[field]);
      return next;
    },
    write: (trx, row, next, revision) => writeProfile(trx, row, next, "restaurar", actor, requestId, now, revision),
  });
}
