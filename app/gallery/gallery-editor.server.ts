import { GALLERY_IMAGE_HISTORY } from "~/content/record-history-kinds.server";
import { keepVersion, versionBefore } from "~/content/record-history.server";
import type { Kysely } from "kysely";
import type { DB, GalleryName } from "~/db.server";
import { publicFileUrl, storeFile } from "~/files/files.server";
import { imageSizeOf, type CheckedImage } from "~/files/image-upload.server";
import { notFound, type Outcome } from "~/actions/outcome";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { plannedMove, type ArrangeInput } from "~/utils/reorder.server";
import type { GalleryImageInput, GalleryTextsInput } from "./gallery-forms.server";

/**
 * The communications office's gallery editor (issue 12, decision 0023): add an image, edit its
 * texts or replace it, reorder, hide and show, and edit a gallery's texts. Each change is one
 * transaction with its audit row; the search index (migration 0015 triggers, hidden images left
 * out by migration 0021's view) and the page cache (content_version) follow in it.
 */

export interface GalleryImageForEditor {
  id: number;
  gallery: GalleryName;
  title: string;
  author: string | null;
  caption: string;
  altText: string;
  src: string;
  width: number;
  height: number;
  visible: boolean;
}

const ITEM_COLUMNS = ["id", "gallery", "title", "author", "caption", "alt_text", "image_file_id", "width", "height", "is_visible"] as const;

type ItemRow = {
  id: number;
  gallery: GalleryName;
  title: string;
  author: string | null;
  caption: string;
  alt_text: string;
  image_file_id: string;
  width: number;
  height: number;
  is_visible: 0 | 1;
};

function forEditor(row: ItemRow): GalleryImageForEditor {
  return {
    id: row.id,
    gallery: row.gallery,
    title: row.title,
    author: row.author,
    caption: row.caption,
    altText: row.alt_text,
    src: publicFileUrl(row.image_file_id),
    width: row.width,
    height: row.height,
    visible: row.is_visible === 1,
  };
}

function auditView(row: ItemRow) {
  return {
    gallery: row.gallery,
    title: row.title,
    author: row.author,
    caption: row.caption,
    altText: row.alt_text,
    imageFileId: row.image_file_id,
    visible: row.is_visible === 1,
  };
}

/** Every image of a gallery, hidden ones too, in order. */
export async function listGalleryImagesForEditor(db: Kysely<DB>, gallery: GalleryName): Promise<GalleryImageForEditor[]> {
  const rows = await db.selectFrom("gallery_items").select(ITEM_COLUMNS).where("gallery", "=", gallery).orderBy("position").orderBy("id").execute();
  return rows.map(forEditor);
}

export async function getGalleryImageForEditor(db: Kysely<DB>, gallery: GalleryName, id: number): Promise<GalleryImageForEditor | null> {
  const row = await db.selectFrom("gallery_items").select(ITEM_COLUMNS).where("gallery", "=", gallery).where("id", "=", id).executeTakeFirst();
  return row ? forEditor(row) : null;
}

/** How many images each gallery has, and how many of them are shown. */
export async function countGalleryImages(db: Kysely<DB>): Promise<Record<GalleryName, { total: number; visible: number }>> {
  const rows = await db
    .selectFrom("gallery_items")
    .select((eb) => ["gallery", eb.fn.countAll<number>().as("total"), eb.fn.sum<number>("is_visible").as("visible")])
    .groupBy("gallery")
    .execute();
  const counts = { "legado-artistico": { total: 0, visible: 0 }, galeria: { total: 0, visible: 0 }, "dia-del-nino": { total: 0, visible: 0 } };
  for (const row of rows) counts[row.gallery] = { total: Number(row.total), visible: Number(row.visible ?? 0) };
  return counts;
}

export type GalleryImageOutcome = Outcome<{ imageId: number; message: string }>;

/** Adds an image at the end of a gallery. One transaction: the file, the row, the audit row. */
export async function addGalleryImage(
  db: Kysely<DB>,
  gallery: GalleryName,
  input: GalleryImageInput,
  image: CheckedImage,
  actor: StaffUser,
  requestId: string | null,
): Promise<GalleryImageOutcome> {
  const { width, height } = imageSizeOf(image);
  return db.transaction().execute(async (trx) => {
    const fileId = await storeFile(trx, image, "public");
    const last = await trx
      .selectFrom("gallery_items")
      .select((eb) => eb.fn.max("position").as("position"))
      .where("gallery", "=", gallery)
      .executeTakeFirst();
    const { id } = await trx
      .insertInto("gallery_items")
      .values({
        gallery,
        image_file_id: fileId,
        title: input.title,
        author: input.author ?? null,
        caption: input.caption,
        alt_text: input.altText,
        width,
        height,
        position: (last?.position ?? -1) + 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const row = (await trx.selectFrom("gallery_items").select(ITEM_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow()) as ItemRow;
    await keepVersion(trx, GALLERY_IMAGE_HISTORY, id, null, actor);
    await recordAudit(trx, { actor, action: "gallery_image.create", entity: "gallery_image", entityId: id, after: auditView(row), requestId });
    return { ok: true as const, imageId: id, message: `Se agregó «${input.title}» a la galería.` };
  });
}

/** Saves the texts of an image and, when one is given, replaces its picture (the old file stays stored). */
export async function updateGalleryImage(
  db: Kysely<DB>,
  gallery: GalleryName,
  id: number,
  input: GalleryImageInput,
  image: CheckedImage | undefined,
  actor: StaffUser,
  requestId: string | null,
): Promise<GalleryImageOutcome> {
  const size = image ? imageSizeOf(image) : null;
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("gallery_items").select(ITEM_COLUMNS).where("gallery", "=", gallery).where("id", "=", id).executeTakeFirst();
    if (!before) return notFound("No encontramos esta imagen");
    const version = await versionBefore(trx, GALLERY_IMAGE_HISTORY, id);
    const fileId = image ? await storeFile(trx, image, "public") : before.image_file_id;
    await trx
      .updateTable("gallery_items")
      .set({
        title: input.title,
        author: input.author ?? null,
        caption: input.caption,
        alt_text: input.altText,
        image_file_id: fileId,
        width: size?.width ?? before.width,
        height: size?.height ?? before.height,
      })
      .where("id", "=", id)
      .execute();
    const after = (await trx.selectFrom("gallery_items").select(ITEM_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow()) as ItemRow;
    await keepVersion(trx, GALLERY_IMAGE_HISTORY, id, version, actor);
    await recordAudit(trx, {
      actor,
      action: "gallery_image.update",
      entity: "gallery_image",
      entityId: id,
      before: auditView(before),
      after: auditView(after),
      requestId,
    });
    return { ok: true as const, imageId: id, message: `Se guardaron los cambios de «${input.title}».` };
  });
}

/** Moves an image one place up or down in its gallery, or hides or shows it. */
export async function arrangeGalleryImage(
  db: Kysely<DB>,
  gallery: GalleryName,
  input: ArrangeInput,
  actor: StaffUser,
  requestId: string | null,
): Promise<Outcome<{ message: string }>> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("gallery_items")
      .select(["id", "position", "is_visible", "title"])
      .where("gallery", "=", gallery)
      .orderBy("position")
      .orderBy("id")
      .execute();
    const item = rows.find((row) => row.id === input.id);
    if (!item) return notFound("No encontramos esa imagen en esta galería.");
    const name = `«${item.title}»`;
    if (input.op === "ocultar" || input.op === "mostrar") {
      const visible = input.op === "mostrar" ? 1 : 0;
      if (item.is_visible === visible) return { ok: true as const, message: `La imagen ${name} ya estaba ${visible ? "visible" : "oculta"}.` };
      await trx.updateTable("gallery_items").set({ is_visible: visible }).where("id", "=", item.id).execute();
      await recordAudit(trx, {
        actor,
        action: visible ? "gallery_image.show" : "gallery_image.hide",
        entity: "gallery_image",
        entityId: item.id,
        before: { visible: !visible },
        after: { visible: Boolean(visible) },
        requestId,
      });
      return { ok: true as const, message: visible ? `La imagen ${name} se muestra de nuevo.` : `La imagen ${name} quedó oculta.` };
    }
    const move = plannedMove(rows, item.id, input.op);
    if (!move) return { ok: true as const, message: `La imagen ${name} ya estaba en ese extremo.` };
    for (const { id, position } of move.changes) await trx.updateTable("gallery_items").set({ position }).where("id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      action: "gallery_image.move",
      entity: "gallery_image",
      entityId: item.id,
      before: { gallery, order: move.before },
      after: { gallery, order: move.after },
      requestId,
    });
    return { ok: true as const, message: `La imagen ${name} ${input.op === "subir" ? "subió" : "bajó"} un lugar.` };
  });
}

/** Saves the title, description and introduction of a gallery's page. */
export async function saveGalleryTexts(
  db: Kysely<DB>,
  gallery: GalleryName,
  input: GalleryTextsInput,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<{ ok: true; message: string }> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("galleries").select(["title", "description", "intro"]).where("name", "=", gallery).executeTakeFirstOrThrow();
    const after = { title: input.title, description: input.description, intro: input.intro };
    if (before.title === after.title && before.description === after.description && before.intro === after.intro) {
      return { ok: true as const, message: "No había cambios que guardar." };
    }
    await trx
      .updateTable("galleries")
      .set({ ...after, updated_at: now.toISOString() })
      .where("name", "=", gallery)
      .execute();
    await recordAudit(trx, { actor, action: "gallery.update", entity: "gallery", entityId: gallery, before, after, requestId });
    return { ok: true as const, message: `Se guardaron los textos de «${input.title}».` };
  });
}
