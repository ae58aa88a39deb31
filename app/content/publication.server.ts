import type { Kysely, Transaction } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { DB, PublishableEntity } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { formatMexicoCityDateTime, mexicoCityLocalToInstant, SCHEDULE_TOO_LATE_MESSAGE, scheduleWindowProblem } from "~/utils/mexico-city";
import type { PageStatus } from "./page-forms";
import { changedFields, ensureInitialRevision, insertRevision, pickFields, readRevision, type Snapshot } from "./revisions.server";

/**
 * Publication of every kind of record with publication states: information pages, department
 * pages, research units, profile records (decisions 0021, 0026, 0033).
 *
 * A record has a **live** state (its row: what visitors, search, the sitemap and the menus see)
 * and a **latest** state (what the editor opens on). They differ only while a published record
 * has a **pending revision**: a save as draft or scheduled keeps the live row exactly as it was
 * and stores the new state as a revision that `pending_revisions` points at (migration 0032).
 * At its time the scheduled publication applies it to the row; «Publicar ahora» publishes the
 * latest state at once; «Descartar» drops it; «Retirar de la publicación» is the one way to take
 * a published record down. A record that is not published keeps the row-only model: draft, or
 * scheduled with `publish_at` on the row.
 */

type Db = Kysely<DB> | Transaction<DB>;

// ---------------------------------------------------------------- publication states

/** Draft, published, or scheduled for a time: the state a snapshot keeps. */
export interface RecordPublication {
  status: PageStatus;
  publishAt: string | null;
}

/** A row's state: `is_published` is the one truth of "public"; `publish_at` marks a record waiting for its time. */
export function statusOf(row: { is_published: 0 | 1; publish_at: string | null }): PageStatus {
  return row.is_published ? "publicada" : row.publish_at ? "programada" : "borrador";
}

/** A row's publication state, as a snapshot keeps it. */
export function publicationOf(row: { is_published: 0 | 1; publish_at: string | null }): RecordPublication {
  return { status: statusOf(row), publishAt: row.publish_at };
}

/** The columns a snapshot's publication state is written with. */
export function publicationColumns(state: RecordPublication): { is_published: 0 | 1; publish_at: string | null } {
  return { is_published: state.status === "publicada" ? 1 : 0, publish_at: state.status === "programada" ? state.publishAt : null };
}

/** The state a form asks for, checked at `now`: a scheduled time must exist, be in the future and within two years. */
export function publication(input: { status: PageStatus; publishAt?: string }, now: Date): Outcome<{ isPublished: 0 | 1; publishAt: string | null }> {
  if (input.status === "publicada") return { ok: true, isPublished: 1, publishAt: null };
  if (input.status === "borrador") return { ok: true, isPublished: 0, publishAt: null };
  const instant = input.publishAt ? mexicoCityLocalToInstant(input.publishAt) : null;
  if (!instant) return refuse(400, { fields: { publishAt: "Escriba una fecha y hora de publicación que existan." } });
  if (instant.getTime() <= now.getTime()) {
    return refuse(400, { fields: { publishAt: "La fecha y hora de publicación ya pasaron. Elija una futura, o elija «Publicar ahora»." } });
  }
  if (scheduleWindowProblem(instant, now) === "too-late") return refuse(400, { fields: { publishAt: SCHEDULE_TOO_LATE_MESSAGE } });
  return { ok: true, isPublished: 0, publishAt: instant.toISOString() };
}

/**
 * The state an edit asks for, checked at `now` against the record's latest state: a schedule
 * must be in the future, except an unchanged schedule that has meanwhile passed (the publisher
 * takes it).
 */
export function nextPublication(
  input: { status: PageStatus; publishAt?: string },
  current: RecordPublication,
  now: Date,
): Outcome<{ state: RecordPublication }> {
  const keepsSchedule =
    input.status === "programada" &&
    current.status === "programada" &&
    input.publishAt !== undefined &&
    mexicoCityLocalToInstant(input.publishAt)?.toISOString() === current.publishAt;
  if (keepsSchedule) return { ok: true, state: current };
  const when = publication(input, now);
  if (!when.ok) return when;
  return { ok: true, state: { status: input.status, publishAt: when.publishAt } };
}

/** "ya está publicada", "quedó programada", "quedó como borrador". */
export function publishedMessage(status: PageStatus): string {
  return status === "publicada" ? "ya está publicada" : status === "programada" ? "quedó programada" : "quedó como borrador";
}

/** "de /dano-cero", "del perfil «Médica»": a record's name after "los cambios". */
export function ofRecord(name: string): string {
  return name.startsWith("el ") ? `del ${name.slice(3)}` : `de ${name}`;
}

/** What a save kept aside says: the published version stays visible until … */
export function pendingSavedMessage(name: string, pending: { status: PageStatus; publishAt: string | null }): string {
  return pending.status === "programada" && pending.publishAt
    ? `Se guardaron los cambios ${ofRecord(name)} para publicarse el ${formatMexicoCityDateTime(pending.publishAt)} (hora de la Ciudad de México). Hasta entonces el sitio sigue mostrando la versión publicada.`
    : `Se guardaron los cambios ${ofRecord(name)} como borrador. El sitio sigue mostrando la versión publicada hasta que los publique.`;
}

// ---------------------------------------------------------------- the kinds

/** The tables whose rows have publication states (`is_published`, `publish_at`). */
export type SchedulableTable = "content_pages" | "department_pages" | "research_units" | "profile_pages";

export interface PublishableRow {
  id: number;
  is_published: 0 | 1;
  publish_at: string | null;
}

/** A kind of record with publication states: how its row reads as a snapshot and how a snapshot is written. */
export interface PublishableKind<Row extends PublishableRow, S extends RecordPublication> {
  entity: PublishableEntity;
  table: SchedulableTable;
  /** The audit actions' prefix: "page" (page.update…) for information pages, else the entity. */
  audit: string;
  labels: Record<keyof S, string>;
  read: (db: Db, id: number) => Promise<Row | undefined>;
  snapshot: (row: Row) => S;
  /** Writes a whole state to the row: texts, images and the publication columns (publicationColumns), and updated_at. */
  write: (trx: Transaction<DB>, id: number, next: S, now: Date) => Promise<unknown>;
  /** How messages name the record: "/dano-cero", "el perfil «Médica»". */
  name: (row: Row) => string;
}

// ---------------------------------------------------------------- live and latest

/** A published record's pending revision, as the editor and the lists show it. */
export interface PendingRevision {
  number: number;
  status: "borrador" | "programada";
  /** UTC ISO when scheduled. */
  publishAt: string | null;
}

export type PendingSummary = Omit<PendingRevision, "number">;

async function readPendingRow(db: Db, entity: PublishableEntity, id: number) {
  return db
    .selectFrom("pending_revisions as p")
    .innerJoin("page_revisions as r", "r.id", "p.revision_id")
    .select(["p.revision_id", "p.publish_at", "r.number", "r.snapshot"])
    .where("p.entity", "=", entity)
    .where("p.entity_id", "=", id)
    .executeTakeFirst();
}

/**
 * A record's live state (its row), its latest state (the pending revision over the row, or the
 * row) and its pending revision, if any.
 */
export async function liveAndLatest<Row extends PublishableRow, S extends RecordPublication>(
  db: Db,
  kind: PublishableKind<Row, S>,
  row: Row,
): Promise<{ live: S; latest: S; pending: PendingRevision | null }> {
  const live = kind.snapshot(row);
  const stored = await readPendingRow(db, kind.entity, row.id);
  if (!stored) return { live, latest: live, pending: null };
  const status = stored.publish_at ? "programada" : "borrador";
  const latest = { ...live, ...(JSON.parse(stored.snapshot) as Partial<S>), status, publishAt: stored.publish_at } as S;
  return { live, latest, pending: { number: stored.number, status, publishAt: stored.publish_at } };
}

/** The pending revisions of one kind (of the given records, or all), by record id: the lists show "Publicada · cambios programados para …". */
export async function pendingSummaries(db: Kysely<DB>, entity: PublishableEntity, ids?: readonly number[]): Promise<Map<number, PendingSummary>> {
  if (ids && ids.length === 0) return new Map();
  let query = db.selectFrom("pending_revisions").select(["entity_id", "publish_at"]).where("entity", "=", entity);
  // A paged list asks only for its page's records.
  if (ids) query = query.where("entity_id", "in", ids);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.entity_id, { status: row.publish_at ? "programada" : "borrador", publishAt: row.publish_at }]));
}

/** Thrown inside a save's transaction when the edit changes nothing (nothing is written). */
export class NoChange extends Error {}

async function dropPending(trx: Transaction<DB>, entity: PublishableEntity, id: number): Promise<void> {
  await trx.deleteFrom("pending_revisions").where("entity", "=", entity).where("entity_id", "=", id).execute();
}

export interface SaveResult {
  /** The fields this version changed against the one before it (the history's «Cambió»). */
  changed: string[];
  number: number;
  /** "live": the row took the new state; "pending": the published row stays and the state waits. */
  went: "live" | "pending";
  /** The pending revision this save replaced by publishing (or that a restore dropped), if any. */
  droppedPending: number | null;
}

/**
 * Saves a new state of a record (an edit or a restore), in the caller's transaction, with a
 * revision and an audit row; version 1 ("inicial") first when the record has no history.
 *
 * - The record is published and the new state is not («Borrador», «Programar»): the row is not
 *   touched; the state becomes the pending revision (replacing an earlier one), audited
 *   `{audit}.save_pending`.
 * - Otherwise the row takes the new state (`{audit}.update` / `{audit}.restore`) and any pending
 *   revision is dropped: «Publicar ahora» publishes the latest content.
 *
 * An edit that changes nothing throws NoChange.
 */
export async function saveState<Row extends PublishableRow, S extends RecordPublication>(
  trx: Transaction<DB>,
  kind: PublishableKind<Row, S>,
  row: Row,
  next: S,
  options: {
    action: "editar" | "restaurar";
    actor: StaffUser;
    requestId: string | null;
    now: Date;
    restoredFrom?: { id: number; number: number } | null;
  },
): Promise<SaveResult> {
  const { action, actor, requestId, now, restoredFrom = null } = options;
  const { live, latest, pending } = await liveAndLatest(trx, kind, row);
  const labels = kind.labels as Record<string, string>;
  const nextSnapshot = { ...next } as Snapshot;
  const changed = changedFields(labels, { ...latest } as Snapshot, nextSnapshot);
  const auditVerb = action === "editar" ? "update" : "restore";
  const restoredNote = restoredFrom ? { restoredFrom: restoredFrom.number } : {};

  if (row.is_published === 1 && next.status !== "publicada") {
    if (changed.length === 0 && action === "editar") throw new NoChange();
    await ensureInitialRevision(trx, kind.entity, row.id, { ...live } as Snapshot);
    const revision = await insertRevision(trx, kind.entity, row.id, nextSnapshot, changed, action, actor, restoredFrom?.id ?? null);
    const publishAt = next.status === "programada" ? next.publishAt : null;
    await trx
      .insertInto("pending_revisions")
      .values({ entity: kind.entity, entity_id: row.id, revision_id: revision.id, publish_at: publishAt })
      .onConflict((oc) =>
        oc.columns(["entity", "entity_id"]).doUpdateSet({ revision_id: revision.id, publish_at: publishAt, created_at: now.toISOString() }),
      )
      .execute();
    await recordAudit(trx, {
      actor,
      action: `${kind.audit}.save_pending`,
      entity: kind.entity,
      entityId: row.id,
      before: pickFields({ ...latest } as Snapshot, changed),
      after: { ...pickFields(nextSnapshot, changed), ...restoredNote, revision: revision.number, replacedPending: pending?.number ?? null },
      requestId,
    });
    return { changed, number: revision.number, went: "pending", droppedPending: null };
  }

  // The row takes the new state; what visitors see changes by `liveChanged`.
  const liveChanged = changedFields(labels, { ...live } as Snapshot, nextSnapshot);
  if (liveChanged.length === 0 && !pending && action === "editar") throw new NoChange();
  await ensureInitialRevision(trx, kind.entity, row.id, { ...live } as Snapshot);
  await kind.write(trx, row.id, next, now);
  if (pending) await dropPending(trx, kind.entity, row.id);
  const revision = await insertRevision(trx, kind.entity, row.id, nextSnapshot, changed, action, actor, restoredFrom?.id ?? null);
  await recordAudit(trx, {
    actor,
    action: `${kind.audit}.${auditVerb}`,
    entity: kind.entity,
    entityId: row.id,
    before: pickFields({ ...live } as Snapshot, liveChanged),
    after: {
      ...pickFields(nextSnapshot, liveChanged),
      ...restoredNote,
      revision: revision.number,
      ...(pending ? { droppedPending: pending.number } : {}),
    },
    requestId,
  });
  return { changed, number: revision.number, went: "live", droppedPending: pending?.number ?? null };
}

/** A publication action: its toast, or a refusal (404: no such record; 409: nothing to do). */
export type PublicationOutcome = Outcome<{ message: string }>;

/**
 * «Descartar los cambios pendientes»: the pending revision is dropped and the editor opens on the
 * published state again. A "descartar" revision (the live state) keeps the history's newest
 * version equal to what the editor shows; audited `{audit}.discard_pending`.
 */
export function discardPending<Row extends PublishableRow, S extends RecordPublication>(
  db: Kysely<DB>,
  kind: PublishableKind<Row, S>,
  id: number,
  actor: StaffUser,
  requestId: string | null,
): Promise<PublicationOutcome> {
  return db.transaction().execute(async (trx): Promise<PublicationOutcome> => {
    const row = await kind.read(trx, id);
    if (!row) return notFound();
    const { live, latest, pending } = await liveAndLatest(trx, kind, row);
    if (!pending) return refuse(409, "No hay cambios pendientes que descartar: el editor ya muestra la versión publicada.");
    await dropPending(trx, kind.entity, id);
    const changed = changedFields(kind.labels as Record<string, string>, { ...latest } as Snapshot, { ...live } as Snapshot);
    const revision = await insertRevision(trx, kind.entity, id, { ...live } as Snapshot, changed, "descartar", actor);
    await recordAudit(trx, {
      actor,
      action: `${kind.audit}.discard_pending`,
      entity: kind.entity,
      entityId: id,
      before: { ...pickFields({ ...latest } as Snapshot, changed), revision: pending.number },
      after: { ...pickFields({ ...live } as Snapshot, changed), revision: revision.number },
      requestId,
    });
    return {
      ok: true,
      message: `Se descartaron los cambios pendientes ${ofRecord(kind.name(row))} (versión ${pending.number}). El sitio sigue mostrando la versión publicada.`,
    };
  });
}

/**
 * «Retirar de la publicación»: the one way to take a published record off the site (search, the
 * sitemap and the public address follow by the row's triggers). The row keeps the latest content
 * as a draft: a pending revision is folded in, never published by itself later. Audited
 * `{audit}.unpublish`, with a "retirar" revision.
 */
export function unpublishRecord<Row extends PublishableRow, S extends RecordPublication>(
  db: Kysely<DB>,
  kind: PublishableKind<Row, S>,
  id: number,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<PublicationOutcome> {
  return db.transaction().execute(async (trx): Promise<PublicationOutcome> => {
    const row = await kind.read(trx, id);
    if (!row) return notFound();
    const name = kind.name(row);
    if (row.is_published !== 1) return refuse(409, `No hay nada que retirar: ${name} no se muestra en el sitio.`);
    const { live, latest, pending } = await liveAndLatest(trx, kind, row);
    const next = { ...latest, status: "borrador", publishAt: null } as S;
    await ensureInitialRevision(trx, kind.entity, id, { ...live } as Snapshot);
    await kind.write(trx, id, next, now);
    if (pending) await dropPending(trx, kind.entity, id);
    const changed = changedFields(kind.labels as Record<string, string>, { ...latest } as Snapshot, { ...next } as Snapshot);
    const revision = await insertRevision(trx, kind.entity, id, { ...next } as Snapshot, changed, "retirar", actor);
    await recordAudit(trx, {
      actor,
      action: `${kind.audit}.unpublish`,
      entity: kind.entity,
      entityId: id,
      before: { status: "publicada", ...(pending ? { pendingRevision: pending.number } : {}) },
      after: { status: "borrador", revision: revision.number },
      requestId,
    });
    return {
      ok: true,
      message:
        `Se retiró ${name} del sitio: ya no se muestra ni aparece en el buscador.` +
        (pending ? " Los cambios pendientes quedaron como borrador." : "") +
        " Para volver a publicar, elija «Publicar ahora» y guarde.",
    };
  });
}

/** How "Restaurar" treats a published record: publish the old version now, or keep it as the pending draft. */
export type RestoreMode = "publicar" | "borrador";

/**
 * Brings back an earlier version as a new revision, in one transaction: `merge` lays the old
 * snapshot over the record (each kind checks what it must: files still stored, links still safe).
 * A published record stays published: the old version is published at once (dropping a pending
 * revision), or, with mode "borrador", becomes the pending draft while the published one stays.
 * A record that is not published keeps its state.
 */
export function restoreVersion<Row extends PublishableRow, S extends RecordPublication>(
  db: Kysely<DB>,
  kind: PublishableKind<Row, S>,
  id: number,
  number: number,
  mode: RestoreMode,
  merge: (trx: Transaction<DB>, row: Row, old: Partial<S> & Snapshot) => Promise<S>,
  who: { actor: StaffUser; requestId: string | null; now: Date; notFound: string },
): Promise<Outcome<{ message: string }>> {
  return db.transaction().execute(async (trx): Promise<Outcome<{ message: string }>> => {
    const row = await kind.read(trx, id);
    const revision = row ? await readRevision<Partial<S> & Snapshot>(trx, kind.entity, id, number) : null;
    // The history screen answers a missing version with 400 and its message (as before the one outcome).
    if (!row || !revision) return refuse(400, who.notFound);
    const { latest } = await liveAndLatest(trx, kind, row);
    const merged = await merge(trx, row, revision.snapshot);
    const state: RecordPublication =
      row.is_published === 1
        ? { status: mode === "borrador" ? "borrador" : "publicada", publishAt: null }
        : { status: latest.status, publishAt: latest.publishAt };
    const result = await saveState(
      trx,
      kind,
      row,
      { ...merged, ...state },
      {
        action: "restaurar",
        actor: who.actor,
        requestId: who.requestId,
        now: who.now,
        restoredFrom: revision,
      },
    );
    const base = result.changed.length
      ? `Se restauró la versión ${number} como versión ${result.number}.`
      : `La versión ${number} ya era igual a la actual; se registró como versión ${result.number}.`;
    if (result.went === "pending")
      return { ok: true as const, message: `${base} Quedó como borrador: el sitio sigue mostrando la versión publicada hasta que la publique.` };
    return {
      ok: true as const,
      message: result.droppedPending ? `${base} Se descartaron los cambios pendientes (versión ${result.droppedPending}).` : base,
    };
  });
}
