import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { storeFile } from "~/files/files.server";
import { adminFormMaxBytes } from "~/staff/teaching/admin-uploads.server";
import type { StaffUser } from "~/staff/staff";
import type { PageStatus } from "./page-forms";
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
  revisionReaders,
  unlessNoChange,
  nextPublication,
  publicationColumns,
  publicationFields,
  publicationOf,
  requirePublishAt,
  scheduledPublisher,
  writeCreatedRecord,
} from "./record-editor.server";
import {
  liveAndLatest,
  pendingSavedMessage,
  pendingSummaries,
  restoreVersion,
  saveState,
  type PendingRevision,
  type PendingSummary,
  type PublishableKind,
  type RecordPublication,
  type RestoreMode,
} from "./publication.server";
import { PUBLICATION_STATUS_TEXT } from "./record-list";
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
/** The editor's largest body (its images and texts): the routes' `maxBodyBytes`. */
export const PROFILE_FORM_MAX_BYTES = adminFormMaxBytes(IMAGE_RULES);

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
export type ProfileUploads = Partial<Record<ProfileImageField, CheckedFile>>;

const profilePreview = (fields: FormData) => ({
  title: formText(fields, "page_title").trim() || "(sin título)",
  sections: ["page_banner_content", "page_first_content", "page_second_content"].map((name) => renderMarkdown(formText(fields, name))),
});

/** The first step of the editor's action (see parseEditorForm). */
export function parseProfileForm(request: Request) {
  return parseEditorForm(request, profileEditSchema, IMAGE_RULES, profilePreview);
}

/** The first step of the "new profile" action. */
export function parseProfileCreateForm(request: Request) {
  return parseEditorForm(request, profileCreateSchema, IMAGE_RULES, profilePreview);
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
  const pending = await pendingSummaries(db, "profile_page");
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    title: row.page_title,
    paths: shown.filter((page) => page.profile_page_id === row.id).map((page) => page.path),
    ...publicationOf(row),
    pending: pending.get(row.id) ?? null,
    updatedAt: row.updated_at,
  }));
}

/** The profile as the editor opens it: its latest state (a pending revision, or the record), with the live state beside it. */
export interface ProfileForEditor extends ProfileSnapshot {
  id: number;
  key: string;
  paths: string[];
  live: RecordPublication;
  pending: PendingRevision | null;
  updatedAt: string;
}

export async function getProfileForEditor(db: Kysely<DB>, id: number): Promise<ProfileForEditor | null> {
  const row = await readProfile(db, id);
  if (!row) return null;
  const { live, latest, pending } = await liveAndLatest(db, PROFILE_KIND, row);
  return {
    ...latest,
    id: row.id,
    key: row.key,
    paths: await pagesShowing(db, id),
    live: { status: live.status, publishAt: live.publishAt },
    pending,
    updatedAt: row.updated_at,
  };
}

export const { list: listProfileRevisions, diff: diffProfileRevisions } = revisionReaders("profile_page", PROFILE_FIELD_LABELS, [
  "page_banner_content",
  "page_first_content",
  "page_second_content",
]);

// ---------------------------------------------------------------- writing

export type ProfileIssues = Partial<Record<keyof ProfileEditInput | ProfileImageField | "form", string[]>>;
export type ProfileSaveOutcome = { ok: true; message: string } | { ok: false; issues: ProfileIssues } | { ok: false; notFound: true };

/** A profile record as a kind of record with publication states (publication.server.ts). */
/** The publication rule of this kind (publication.server.ts; page-history.server.ts serves its discard and unpublish). */
export const PROFILE_KIND: PublishableKind<ProfileRow, ProfileSnapshot> = {
  entity: "profile_page",
  table: "profile_pages",
  audit: "profile_page",
  labels: PROFILE_FIELD_LABELS,
  read: readProfile,
  snapshot: snapshotOf,
  write: (trx, id, next, now) =>
    trx
      .updateTable("profile_pages")
      .set({ ...columnsOf(next), updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute(),
  name: (row) => `el perfil «${row.page_title}»`,
};

function columnsOf(snapshot: ProfileSnapshot) {
  return {
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
  };
}

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
      // The editor showed the latest state: a pending revision's images and schedule, or the record's.
      const { latest: current } = await liveAndLatest(trx, PROFILE_KIND, row);
      const issues = imageIssues(input, uploads, current);
      const when = nextPublication(input, current, now);
      if (!when.ok) issues.publishAt = when.issues.publishAt;
      if (Object.keys(issues).length > 0 || !when.ok) return { ok: false, issues };
      const next: ProfileSnapshot = { ...(await textsOf(trx, input, uploads, current)), ...when.state };
      const result = await saveState(trx, PROFILE_KIND, row, next, { action: "editar", actor, requestId, now });
      return {
        ok: true,
        message:
          result.went === "pending"
            ? pendingSavedMessage(`el perfil «${next.page_title}»`, next)
            : `Se guardaron los cambios del perfil «${next.page_title}». Estado: ${PUBLICATION_STATUS_TEXT[next.status].toLowerCase()}.`,
      };
    }),
  );
}

type Images = Pick<ProfileSnapshot, ProfileImageField>;
const NO_IMAGES: Images = { page_banner_image: null, banner_image_responsive: null, page_first_image: null, page_second_image: null };

function removingOf(input: ProfileCreateInput): Record<ProfileImageField, boolean> {
  return {
    page_banner_image: input.quitar_page_banner_image,
    banner_image_responsive: input.quitar_banner_image_responsive,
    page_first_image: input.quitar_page_first_image,
    page_second_image: input.quitar_page_second_image,
  };
}

/** What the images ask of the texts: a shown image needs its description; the narrow banner needs the banner. */
function imageIssues(input: ProfileCreateInput, uploads: ProfileUploads, current: Images): ProfileIssues {
  const removing = removingOf(input);
  const keeps = (field: ProfileImageField) => uploads[field] !== undefined || (current[field] !== null && !removing[field]);
  const issues: ProfileIssues = {};
  for (const [field, alt] of Object.entries(ALT_OF) as [keyof typeof ALT_OF, (typeof ALT_OF)[keyof typeof ALT_OF]][]) {
    if (keeps(field) && !input[alt]) issues[alt] = [`Describa la imagen en «${PROFILE_FIELD_LABELS[alt]}» (lo que leen los lectores de pantalla).`];
  }
  // The narrow-screen banner is a variant of the banner: without a banner it would show nothing.
  if (keeps("banner_image_responsive") && !keeps("page_banner_image"))
    issues.banner_image_responsive = [
      "Para usar una imagen del encabezado para pantallas angostas, la página necesita también la imagen del encabezado.",
    ];
  return issues;
}

/** The texts and images of a profile as typed (new or edited); uploads are stored here. */
async function textsOf(
  trx: Transaction<DB>,
  input: ProfileCreateInput,
  uploads: ProfileUploads,
  current: Images,
): Promise<Omit<ProfileSnapshot, "status" | "publishAt">> {
  const removing = removingOf(input);
  const images = {} as Images;
  for (const field of PROFILE_IMAGE_FIELDS) {
    const upload = uploads[field];
    images[field] = upload ? await storeFile(trx, upload, "public") : removing[field] ? null : current[field];
  }
  return {
    page_title: input.page_title,
    ...images,
    page_banner_image_alt: images.page_banner_image ? (input.page_banner_image_alt ?? "") : "",
    page_banner_content: input.page_banner_content ?? "",
    page_first_content: input.page_first_content ?? "",
    page_first_image_alt: images.page_first_image ? (input.page_first_image_alt ?? "") : "",
    page_second_content: input.page_second_content ?? "",
    page_second_image_alt: images.page_second_image ? (input.page_second_image_alt ?? "") : "",
  };
}

/**
 * Creates a profile record, as a draft, with a key the server gives (perfil-{id}): its first
 * revision ("crear") and an audit row, in one transaction with its images. An information page
 * shows it once the page is linked to it and it is published.
 */
export async function createProfile(
  db: Kysely<DB>,
  input: ProfileCreateInput,
  uploads: ProfileUploads,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<{ ok: true; id: number; message: string } | { ok: false; issues: ProfileIssues }> {
  const issues = imageIssues(input, uploads, NO_IMAGES);
  if (Object.keys(issues).length > 0) return { ok: false, issues };
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("profile_pages")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const id = (last?.id ?? 0) + 1;
    const snapshot: ProfileSnapshot = { ...(await textsOf(trx, input, uploads, NO_IMAGES)), status: "borrador", publishAt: null };
    const stamp = now.toISOString();
    await trx
      .insertInto("profile_pages")
      .values({ id, key: `perfil-${id}`, ...columnsOf(snapshot), created_at: stamp, updated_at: stamp })
      .execute();
    await writeCreatedRecord(trx, { entity: "profile_page", id, labels: PROFILE_FIELD_LABELS, snapshot, actor, requestId });
    return { ok: true as const, id, message: `Se creó el perfil «${snapshot.page_title}»; quedó como borrador.` };
  });
}

/**
 * Brings back an earlier version of a profile record (every field) as a new revision; a published
 * record stays published (publication.server.ts's restoreVersion).
 */
export function restoreProfileRevision(
  db: Kysely<DB>,
  id: number,
  number: number,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
  mode: RestoreMode = "publicar",
) {
  return restoreVersion(
    db,
    PROFILE_KIND,
    id,
    number,
    mode,
    async (trx, row, old) => {
      const next: ProfileSnapshot = { ...snapshotOf(row), ...old };
      // Files are never deleted, but a restored image must still exist (the column references it).
      for (const field of PROFILE_IMAGE_FIELDS) next[field] = await existingFileId(trx, old[field]);
      return next;
    },
    { actor, requestId, now, notFound: "No encontramos esa versión del perfil." },
  );
}

/** Publishes the profile records whose scheduled time has come (see scheduledPublisher). */
export const publishDueProfiles = scheduledPublisher(PROFILE_KIND);
