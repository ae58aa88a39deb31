import type { Kysely } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { DB } from "~/db.server";
import type { CheckedImage } from "~/files/image-upload.server";
import { publicFileUrl, storeFile } from "~/files/files.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { mexicoCityLocalToInstant, SCHEDULE_TOO_LATE_MESSAGE, scheduleWindowProblem } from "~/utils/mexico-city";
import { plannedMove, type ArrangeInput } from "~/utils/reorder.server";
import type { BannerInput } from "./banner-forms.server";
import { BANNER_STATUS_LABELS, type BannerStatus } from "./banner-status";
import { BANNER_HISTORY } from "./record-history-kinds.server";
import { keepVersion, versionBefore } from "./record-history.server";

/**
 * The home carousel's banners (issue 12, decision 0023): what the home page shows at an instant,
 * and the communications office's editor. Every change is one transaction with its audit row;
 * the anonymous page cache follows by the content_version triggers (migration 0021).
 */

export interface HomeBanner {
  id: number;
  /** The heading, or the alternative text when there is none (it names the slide). */
  title: string;
  altText: string;
  linkUrl: string | null;
  imageUrl: string;
}

/**
 * The banners visible at `now`, in order: not hidden, and inside their window (from inclusive,
 * until exclusive). The caller passes the clock, so tests can ask about any instant.
 */
export async function getVisibleBanners(db: Kysely<DB>, now: Date): Promise<HomeBanner[]> {
  const stamp = now.toISOString();
  const rows = await db
    .selectFrom("banners")
    .select(["id", "title", "alt_text", "link_url", "image_file_id"])
    .where("is_active", "=", 1)
    .where((eb) => eb.or([eb("visible_from", "is", null), eb("visible_from", "<=", stamp)]))
    .where((eb) => eb.or([eb("visible_until", "is", null), eb("visible_until", ">", stamp)]))
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title ?? row.alt_text,
    altText: row.alt_text,
    linkUrl: row.link_url,
    imageUrl: publicFileUrl(row.image_file_id),
  }));
}

// ---------------------------------------------------------------- the editor

export interface BannerForEditor {
  id: number;
  heading: string | null;
  altText: string;
  linkUrl: string | null;
  imageUrl: string;
  visibleFrom: string | null;
  visibleUntil: string | null;
  status: BannerStatus;
  updatedAt: string;
}

const BANNER_COLUMNS = ["id", "title", "alt_text", "link_url", "image_file_id", "is_active", "visible_from", "visible_until", "updated_at"] as const;

type BannerRow = {
  id: number;
  title: string | null;
  alt_text: string;
  link_url: string | null;
  image_file_id: string;
  is_active: 0 | 1;
  visible_from: string | null;
  visible_until: string | null;
  updated_at: string;
};

function statusOf(row: BannerRow, now: Date): BannerStatus {
  const stamp = now.toISOString();
  if (!row.is_active) return "oculto";
  if (row.visible_from && row.visible_from > stamp) return "programado";
  if (row.visible_until && row.visible_until <= stamp) return "vencido";
  return "visible";
}

function forEditor(row: BannerRow, now: Date): BannerForEditor {
  return {
    id: row.id,
    heading: row.title,
    altText: row.alt_text,
    linkUrl: row.link_url,
    imageUrl: publicFileUrl(row.image_file_id),
    visibleFrom: row.visible_from,
    visibleUntil: row.visible_until,
    status: statusOf(row, now),
    updatedAt: row.updated_at,
  };
}

/** Every banner in carousel order, with what a visitor sees of it at `now`. */
export async function listBannersForEditor(db: Kysely<DB>, now: Date): Promise<BannerForEditor[]> {
  const rows = await db.selectFrom("banners").select(BANNER_COLUMNS).orderBy("position").orderBy("id").execute();
  return rows.map((row) => forEditor(row, now));
}

export async function getBannerForEditor(db: Kysely<DB>, id: number, now: Date): Promise<BannerForEditor | null> {
  const row = await db.selectFrom("banners").select(BANNER_COLUMNS).where("id", "=", id).executeTakeFirst();
  return row ? forEditor(row, now) : null;
}

export type BannerIssues = Partial<Record<"visibleFrom" | "visibleUntil" | "imagen", string[]>>;

/** A banner save: its id and toast, or a refusal (400 with the fields to fix; 404 for a banner that is gone). */
export type BannerSaveOutcome = Outcome<{ bannerId: number; message: string }>;

/**
 * The visible window as UTC instants, or the reasons it is not one. A date must lie in the sane
 * window (two years back to two years ahead, decision 0032), unless it is the one already stored.
 */
function windowOf(
  input: BannerInput,
  now: Date,
  stored: { from: string | null; until: string | null },
): Outcome<{ from: string | null; until: string | null }> {
  const issues: BannerIssues = {};
  const from = input.visibleFrom ? mexicoCityLocalToInstant(input.visibleFrom) : null;
  const until = input.visibleUntil ? mexicoCityLocalToInstant(input.visibleUntil) : null;
  if (input.visibleFrom && !from) issues.visibleFrom = ["Escriba una fecha y hora de inicio que existan."];
  if (input.visibleUntil && !until) issues.visibleUntil = ["Escriba una fecha y hora de fin que existan."];
  const outside = (instant: Date | null, keep: string | null) =>
    instant && instant.toISOString() !== keep ? scheduleWindowProblem(instant, now, { reachesBack: "years" }) : null;
  const fromProblem = outside(from, stored.from);
  const untilProblem = outside(until, stored.until);
  if (fromProblem === "too-early") issues.visibleFrom = ["La fecha de inicio es de hace más de dos años. Revise el año, o deje el campo vacío."];
  if (fromProblem === "too-late") issues.visibleFrom = [SCHEDULE_TOO_LATE_MESSAGE];
  if (untilProblem === "too-early") issues.visibleUntil = ["La fecha de fin es de hace más de dos años. Revise el año, o deje el campo vacío."];
  if (untilProblem === "too-late") issues.visibleUntil = [SCHEDULE_TOO_LATE_MESSAGE];
  if (!issues.visibleUntil && from && until && until.getTime() <= from.getTime())
    issues.visibleUntil = ["La fecha de fin debe ser posterior a la de inicio."];
  if (Object.keys(issues).length) return refuse(400, { fields: issues });
  return { ok: true, from: from?.toISOString() ?? null, until: until?.toISOString() ?? null };
}

function auditView(row: BannerRow) {
  return {
    heading: row.title,
    altText: row.alt_text,
    link: row.link_url,
    imageFileId: row.image_file_id,
    visible: row.is_active === 1,
    visibleFrom: row.visible_from,
    visibleUntil: row.visible_until,
  };
}

/**
 * Creates a banner (`bannerId` null; the image is required, it goes last in the carousel) or
 * saves an edit (a new image replaces the shown one; the old file stays stored). One
 * transaction: the image, the row and the audit row.
 */
export async function saveBanner(
  db: Kysely<DB>,
  change: { bannerId: number | null; input: BannerInput; image: CheckedImage | undefined },
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<BannerSaveOutcome> {
  const { bannerId, input, image } = change;
  return db.transaction().execute(async (trx): Promise<BannerSaveOutcome> => {
    const before = bannerId === null ? null : await trx.selectFrom("banners").select(BANNER_COLUMNS).where("id", "=", bannerId).executeTakeFirst();
    if (bannerId !== null && !before) return notFound();
    const window = windowOf(input, now, { from: before?.visible_from ?? null, until: before?.visible_until ?? null });
    if (bannerId === null && !image)
      return refuse(400, { fields: { ...(window.ok ? {} : window.problem.fields), imagen: "Elija la imagen del banner." } });
    if (!window.ok) return window;
    const version = bannerId === null ? null : await versionBefore(trx, BANNER_HISTORY, bannerId);
    const imageFileId = image ? await storeFile(trx, image, "public") : before!.image_file_id;
    const values = {
      title: input.heading ?? null,
      alt_text: input.altText,
      link_url: input.link ?? null,
      image_file_id: imageFileId,
      visible_from: window.from,
      visible_until: window.until,
      updated_at: now.toISOString(),
    };
    let id: number;
    if (before) {
      id = before.id;
      await trx.updateTable("banners").set(values).where("id", "=", id).execute();
    } else {
      const last = await trx
        .selectFrom("banners")
        .select((eb) => eb.fn.max("position").as("position"))
        .executeTakeFirst();
      ({ id } = await trx
        .insertInto("banners")
        .values({ ...values, position: (last?.position ?? -1) + 1, created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow());
    }
    const after = (await trx.selectFrom("banners").select(BANNER_COLUMNS).where("id", "=", id).executeTakeFirstOrThrow()) as BannerRow;
    await keepVersion(trx, BANNER_HISTORY, id, version, actor);
    await recordAudit(trx, {
      actor,
      action: before ? "banner.update" : "banner.create",
      entity: "banner",
      entityId: id,
      before: before ? auditView(before) : undefined,
      after: auditView(after),
      requestId,
    });
    const status = BANNER_STATUS_LABELS[statusOf(after, now)].toLowerCase();
    return { ok: true as const, bannerId: id, message: before ? `Se guardó el banner; está ${status}.` : `Se agregó el banner; está ${status}.` };
  });
}

/** Moves a banner one place up or down in the carousel, or hides or shows it. */
export async function arrangeBanner(
  db: Kysely<DB>,
  input: ArrangeInput,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<Outcome<{ message: string }>> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("banners")
      .select(["id", "position", "is_active", "title", "alt_text"])
      .orderBy("position")
      .orderBy("id")
      .execute();
    const banner = rows.find((row) => row.id === input.id);
    if (!banner) return notFound("No encontramos ese banner.");
    const name = `«${banner.title ?? banner.alt_text}»`;
    if (input.op === "ocultar" || input.op === "mostrar") {
      const active = input.op === "mostrar" ? 1 : 0;
      if (banner.is_active === active) return { ok: true as const, message: `El banner ${name} ya estaba ${active ? "visible" : "oculto"}.` };
      await trx.updateTable("banners").set({ is_active: active, updated_at: now.toISOString() }).where("id", "=", banner.id).execute();
      await recordAudit(trx, {
        actor,
        action: active ? "banner.show" : "banner.hide",
        entity: "banner",
        entityId: banner.id,
        before: { visible: !active },
        after: { visible: Boolean(active) },
        requestId,
      });
      return { ok: true as const, message: active ? `El banner ${name} se muestra de nuevo.` : `El banner ${name} quedó oculto.` };
    }
    const move = plannedMove(rows, banner.id, input.op);
    if (!move) return { ok: true as const, message: `El banner ${name} ya estaba en ese extremo.` };
    for (const { id, position } of move.changes) await trx.updateTable("banners").set({ position }).where("id", "=", id).execute();
    await recordAudit(trx, {
      actor,
      action: "banner.move",
      entity: "banner",
      entityId: banner.id,
      before: { order: move.before },
      after: { order: move.after },
      requestId,
    });
    return { ok: true as const, message: `El banner ${name} ${input.op === "subir" ? "subió" : "bajó"} un lugar.` };
  });
}
