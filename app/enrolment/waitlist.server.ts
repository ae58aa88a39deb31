import { MODALITY } from "~/courses/modality";
import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { notFound, refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { siteUrl } from "~/config.server";
import type { DB, WaitlistStatus } from "~/db.server";
import { queueMail } from "~/mail/deliveries.server";
import { mailFor } from "~/mail/message";
import { waitlistOffer } from "~/mail/messages/waitlist-offer";
import type { StaffContext } from "~/actions/context";
import { audit } from "~/staff/teaching/staff-context.server";
import type { Profile } from "~/courses/pricing";
import * as clock from "~/utils/clock.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { freeSeatsAt, holdSeat, startEnrolmentIn, type EnrolmentPath } from "./enrolment.server";

/**
 * The waitlist of a course's in-person seats (issue 26, decision 0053).
 *
 *   en_espera → ofrecido (a seat freed: promotion) | retirado (the person left)
 *   ofrecido  → reclamado (the link was used in time) | vencido (unused: the seat passes on) | retirado
 *
 * PROMOTION IS ATOMIC: every step that changes the line or a seat runs in ONE SQLite write
 * transaction (our one connection serialises them), and promotion counts free seats with the live
 * offers as taken, so a freed seat is offered to exactly one person. The partial unique index
 * waitlist_one_place keeps one live place per person per course.
 */

export const WAITLIST_OFFER_HOURS_DEFAULT = 24;
type Executor = Kysely<DB> | Transaction<DB>;

const LIVE: WaitlistStatus[] = ["en_espera", "ofrecido"];

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function offerClaimPath(token: string): string {
  return `/lista-de-espera/oferta/${token}`;
}

/** Runs `step` inside a write transaction (the caller's, when it is already in one). */
async function inTransaction<T>(db: Executor, step: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  if (db.isTransaction) return step(db as Transaction<DB>);
  return db.transaction().execute(step);
}

export interface WaitlistSettings {
  closed: boolean;
  offerHours: number;
}

export async function waitlistSettings(db: Executor, courseId: number): Promise<WaitlistSettings> {
  const row = await db.selectFrom("waitlist_courses").selectAll().where("course_id", "=", courseId).executeTakeFirst();
  return { closed: row?.closed === 1, offerHours: row?.offer_hours ?? WAITLIST_OFFER_HOURS_DEFAULT };
}

/** The participant's live place in a course's line: their position (1 = next) and any offer. */
export interface WaitlistPlace {
  entryId: number;
  position: number;
  status: "en_espera" | "ofrecido";
  offerExpiresAt: string | null;
}

export async function waitlistPlaceOf(db: Executor, courseId: number, participantId: number): Promise<WaitlistPlace | null> {
  const entry = await db
    .selectFrom("waitlist_entries")
    .select(["id", "position", "status", "offer_expires_at"])
    .where("course_id", "=", courseId)
    .where("participant_id", "=", participantId)
    .where("status", "in", LIVE)
    .executeTakeFirst();
  if (!entry) return null;
  if (entry.status === "ofrecido") return { entryId: entry.id, position: 0, status: "ofrecido", offerExpiresAt: entry.offer_expires_at };
  const ahead = await db
    .selectFrom("waitlist_entries")
    .select((eb) => eb.fn.countAll<number>().as("ahead"))
    .where("course_id", "=", courseId)
    .where("status", "=", "en_espera")
    .where((eb) => eb.or([eb("position", "<", entry.position), eb.and([eb("position", "=", entry.position), eb("id", "<", entry.id)])]))
    .executeTakeFirstOrThrow();
  return { entryId: entry.id, position: Number(ahead.ahead) + 1, status: "en_espera", offerExpiresAt: null };
}

/**
 * A signed-in participant joins a course's line: only when the in-person seats are all taken
 * (holds and live offers count), the line is open, and they have no live enrolment or place.
 */
export async function joinWaitlist(
  db: Kysely<DB>,
  participantId: number,
  courseId: number,
  now: Date = clock.now(),
): Promise<Outcome<{ entryId: number; position: number }>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const course = await trx.selectFrom("courses").select(["course_able", "modality_id"]).where("course_id", "=", courseId).executeTakeFirst();
      if (!course || course.course_able !== 1) return notFound("El curso no está abierto.");
      if (course.modality_id === MODALITY.EN_LINEA)
        return refuse(409, { form: "Este curso es sólo en línea: no tiene lista de espera.", code: "solo_en_linea" });
      if ((await waitlistSettings(trx, courseId)).closed)
        return refuse(409, { form: "La lista de espera de este curso está cerrada.", code: "lista_cerrada" });
      if (await enrolledIn(trx, participantId, courseId)) return refuse(409, { form: "Ya está inscrito en este curso.", code: "ya_inscrito" });
      const existing = await waitlistPlaceOf(trx, courseId, participantId);
      if (existing) return refuse(409, { form: "Ya tiene un lugar en la lista de espera de este curso.", code: "ya_en_lista" });
      if ((await freeSeatsAt(trx, courseId, now.toISOString())) > 0) {
        return refuse(409, { form: "Aún hay lugares presenciales: puede inscribirse directamente.", code: "hay_lugares" });
      }
      const last = await trx
        .selectFrom("waitlist_entries")
        .select((eb) => eb.fn.max("position").as("last"))
        .where("course_id", "=", courseId)
        .executeTakeFirst();
      const at = now.toISOString();
      const row = await trx
        .insertInto("waitlist_entries")
        .values({
          course_id: courseId,
          participant_id: participantId,
          position: Number(last?.last ?? 0) + 1,
          status: "en_espera",
          created_at: at,
          updated_at: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const place = await waitlistPlaceOf(trx, courseId, participantId);
      return { ok: true as const, entryId: row.id, position: place?.position ?? 1 };
    });
  } catch (error) {
    // Two joins of the same person at once: the unique index keeps one.
    if (error instanceof Error && /UNIQUE constraint failed: waitlist_entries/.test(error.message)) {
      return refuse(409, { form: "Ya tiene un lugar en la lista de espera de este curso.", code: "ya_en_lista" });
    }
    throw error;
  }
}

/** The participant leaves the line (an offer they hold passes on at once). */
export async function leaveWaitlist(db: Kysely<DB>, participantId: number, courseId: number, now: Date = clock.now()): Promise<Outcome> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("waitlist_entries")
      .set({ status: "retirado", offer_token_hash: null, updated_at: now.toISOString() })
      .where("course_id", "=", courseId)
      .where("participant_id", "=", participantId)
      .where("status", "in", LIVE)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return notFound("No tiene un lugar en la lista de espera de este curso.");
    await promoteWaitlist(trx, courseId, now);
    return { ok: true as const };
  });
}

/**
 * THE ONE HOOK called wherever an in-person seat may have freed (a hold expired, a payment was
 * declined, an enrolment cancelled or refunded, the capacity raised), inside that change's own
 * transaction: every free seat not already offered goes to the next person in line, one each.
 * Returns the entries offered.
 */
export async function seatFreed(db: Executor, courseId: number, now: Date = clock.now()): Promise<number[]> {
  return inTransaction(db, (trx) => promoteWaitlist(trx, courseId, now));
}

/** seatFreed for the course of an enrolment that just gave its seat back (a refund's cancellation). */
export async function seatFreedByEnrolment(db: Executor, enrolmentId: number, now: Date = clock.now()): Promise<number[]> {
  const row = await db.selectFrom("enrolments").select("course_id").where("id", "=", enrolmentId).executeTakeFirst();
  return row ? seatFreed(db, row.course_id, now) : [];
}

/** Whether the participant already holds an enrolment of the course that needs no waiting. */
async function enrolledIn(trx: Executor, participantId: number, courseId: number): Promise<boolean> {
  const enrolled = await trx
    .selectFrom("enrolments")
    .select("id")
    .where("participant_id", "=", participantId)
    .where("course_id", "=", courseId)
    .where("status", "in", ["confirmada", "pendiente_de_revision", "suspendida"])
    .executeTakeFirst();
  return enrolled !== undefined;
}

async function promoteWaitlist(trx: Transaction<DB>, courseId: number, now: Date): Promise<number[]> {
  const at = now.toISOString();
  let free = await freeSeatsAt(trx, courseId, at);
  if (free <= 0) return [];
  const { offerHours } = await waitlistSettings(trx, courseId);
  const course = await trx.selectFrom("courses").select("course_name").where("course_id", "=", courseId).executeTakeFirstOrThrow();
  const offered: number[] = [];
  while (free > 0) {
    const next = await trx
      .selectFrom("waitlist_entries")
      .innerJoin("participants", "participants.id", "waitlist_entries.participant_id")
      .select(["waitlist_entries.id", "waitlist_entries.participant_id as participantId", "participants.name", "participants.email"])
      .where("waitlist_entries.course_id", "=", courseId)
      .where("waitlist_entries.status", "=", "en_espera")
      .orderBy("waitlist_entries.position")
      .orderBy("waitlist_entries.id")
      .executeTakeFirst();
    if (!next) break;
    // Someone who enrolled another way since joining (online, by staff) needs no seat: they leave
    // the line here, and the seat goes on to the next person instead of waiting out an offer.
    if (await enrolledIn(trx, next.participantId, courseId)) {
      await trx.updateTable("waitlist_entries").set({ status: "retirado", updated_at: at }).where("id", "=", next.id).execute();
      continue;
    }
    const token = randomBytes(24).toString("base64url");
    const expiresAt = new Date(now.getTime() + offerHours * 3_600_000).toISOString();
    await trx
      .updateTable("waitlist_entries")
      .set({ status: "ofrecido", offer_token_hash: hashToken(token), offered_at: at, offer_expires_at: expiresAt, updated_at: at })
      .where("id", "=", next.id)
      .where("status", "=", "en_espera")
      .execute();
    const mail = mailFor(
      waitlistOffer,
      { name: next.name, courseName: course.course_name, until: formatMexicoCityDateTime(expiresAt), claimUrl: siteUrl(offerClaimPath(token)) },
      { to: next.email },
    );
    await queueMail(trx, mail, now);
    offered.push(next.id);
    free -= 1;
  }
  return offered;
}

/**
 * The waitlist job: offers that ran out pass to the next person, and every line with people
 * waiting is offered the seats that freed without a hook (holds that simply ran out).
 */
export async function runWaitlistMaintenance(db: Kysely<DB>, now: Date = clock.now()): Promise<{ vencidas: number; ofrecidas: number }> {
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const expired = await trx
      .updateTable("waitlist_entries")
      .set({ status: "vencido", offer_token_hash: null, updated_at: at })
      .where("status", "=", "ofrecido")
      .where("offer_expires_at", "<=", at)
      .executeTakeFirst();
    const courses = await trx.selectFrom("waitlist_entries").select("course_id").distinct().where("status", "=", "en_espera").execute();
    let offered = 0;
    for (const { course_id } of courses) offered += (await promoteWaitlist(trx, course_id, now)).length;
    return { vencidas: Number(expired.numUpdatedRows), ofrecidas: offered };
  });
}

/** What the claim page shows for a link (nothing about anyone else's place). */
export async function offerForToken(
  db: Executor,
  token: string,
  now: Date = clock.now(),
): Promise<{ entryId: number; courseId: number; courseName: string; participantId: number; expiresAt: string; live: boolean } | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return null;
  const row = await db
    .selectFrom("waitlist_entries")
    .innerJoin("courses", "courses.course_id", "waitlist_entries.course_id")
    .select([
      "waitlist_entries.id",
      "waitlist_entries.course_id",
      "courses.course_name",
      "waitlist_entries.participant_id",
      "waitlist_entries.status",
      "waitlist_entries.offer_expires_at",
    ])
    .where("waitlist_entries.offer_token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row || !row.offer_expires_at) return null;
  return {
    entryId: row.id,
    courseId: row.course_id,
    courseName: row.course_name,
    participantId: row.participant_id,
    expiresAt: row.offer_expires_at,
    live: row.status === "ofrecido" && row.offer_expires_at > now.toISOString(),
  };
}

class RollBack extends Error {
  constructor(readonly refusal: Refusal) {
    super("waitlist claim refused");
  }
}

/**
 * Claims an offer: in ONE transaction the offer ends (its seat is free again for exactly this
 * person) and the normal enrolment starts in person, taking the seat: a held seat for a card
 * payment (the usual hold), a confirmed enrolment when free, or documents for review. An expired,
 * used or someone else's link is refused and stores nothing.
 */
export async function claimOffer(
  db: Kysely<DB>,
  participant: { id: number; profile: Profile },
  token: string,
  now: Date = clock.now(),
): Promise<Outcome<{ enrolmentId: number; courseId: number; path: EnrolmentPath }>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const offer = await offerForToken(trx, token, now);
      if (!offer || offer.participantId !== participant.id) return notFound("Este enlace no es válido.");
      if (!offer.live)
        throw new RollBack(
          refuse(410, { form: "La oferta ya venció o ya se usó; el lugar pasó a la siguiente persona de la lista.", code: "oferta_vencida" }),
        );
      const at = now.toISOString();
      await trx
        .updateTable("waitlist_entries")
        .set({ status: "reclamado", offer_token_hash: null, updated_at: at })
        .where("id", "=", offer.entryId)
        .where("status", "=", "ofrecido")
        .execute();
      const started = await startEnrolmentIn(trx, {
        participantId: participant.id,
        profile: participant.profile,
        courseId: offer.courseId,
        modality: "presencial",
      });
      if (!started.ok) {
        const message =
          started.problem.code === "already-enrolled" ? "Ya está inscrito en este curso." : "No fue posible iniciar la inscripción a este curso.";
        throw new RollBack(refuse(409, { form: message, code: started.problem.code }));
      }
      if (started.path === "card") {
        const hold = await holdSeat(trx, started.enrolmentId, undefined, () => now);
        if (!hold.ok) throw new RollBack(refuse(409, { form: "Ya no hay lugares presenciales.", code: "sin_lugares" }));
      }
      return { ok: true as const, enrolmentId: started.enrolmentId, courseId: offer.courseId, path: started.path };
    });
  } catch (error) {
    if (error instanceof RollBack) return error.refusal;
    throw error;
  }
}

/** One row of the staff list of a course's line, in order. */
export interface WaitlistRow {
  entryId: number;
  participantId: number;
  name: string;
  email: string;
  status: WaitlistStatus;
  position: number;
  joinedAt: string;
  offerExpiresAt: string | null;
}

export async function listWaitlist(db: Executor, courseId: number): Promise<WaitlistRow[]> {
  const rows = await db
    .selectFrom("waitlist_entries")
    .innerJoin("participants", "participants.id", "waitlist_entries.participant_id")
    .select([
      "waitlist_entries.id",
      "waitlist_entries.participant_id",
      "participants.name",
      "participants.email",
      "waitlist_entries.status",
      "waitlist_entries.position",
      "waitlist_entries.created_at",
      "waitlist_entries.offer_expires_at",
    ])
    .where("waitlist_entries.course_id", "=", courseId)
    .orderBy("waitlist_entries.position")
    .orderBy("waitlist_entries.id")
    .execute();
  return rows.map((row) => ({
    entryId: row.id,
    participantId: row.participant_id,
    name: row.name,
    email: row.email,
    status: row.status,
    position: row.position,
    joinedAt: row.created_at,
    offerExpiresAt: row.offer_expires_at,
  }));
}

/** Staff move a waiting person to a new place in the line (1 = next), with a reason; audited. */
export async function reorderWaitlist(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { courseId: number; entryId: number; position: number; reason: string },
  now: Date = clock.now(),
): Promise<Outcome<{ position: number }>> {
  const reason = input.reason.trim();
  if (reason.length < 3 || reason.length > 500) return refuse(400, { fields: { reason: "Escriba el motivo del cambio (de 3 a 500 caracteres)." } });
  return db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom("waitlist_entries")
      .select(["id", "position"])
      .where("course_id", "=", input.courseId)
      .where("status", "=", "en_espera")
      .orderBy("position")
      .orderBy("id")
      .execute();
    const from = waiting.findIndex((row) => row.id === input.entryId);
    if (from < 0) return notFound("Esa persona no está esperando en la lista de este curso.");
    if (!Number.isInteger(input.position) || input.position < 1 || input.position > waiting.length) {
      return refuse(400, { fields: { position: `Elija un lugar entre 1 y ${waiting.length}.` } });
    }
    const order = waiting.map((row) => row.id);
    order.splice(from, 1);
    order.splice(input.position - 1, 0, input.entryId);
    const at = now.toISOString();
    // Renumbered from 1 in the new order (offers and closed places keep their numbers; only the
    // waiting ones are ordered among themselves).
    for (const [index, id] of order.entries()) {
      await trx
        .updateTable("waitlist_entries")
        .set({ position: index + 1, updated_at: at })
        .where("id", "=", id)
        .execute();
    }
    await audit(trx, ctx, {
      action: "lista_espera.reordenar",
      entity: "waitlist_entry",
      entityId: input.entryId,
      before: { courseId: input.courseId, position: from + 1 },
      after: { courseId: input.courseId, position: input.position, reason },
    });
    return { ok: true as const, position: input.position };
  });
}

/**
 * Staff open or close a course's line to new places and set how long an offer holds a seat.
 * Closing keeps the people already in line (they are still offered freed seats). Audited.
 */
export async function saveWaitlistSettings(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { courseId: number; closed: boolean; offerHours: number | null },
): Promise<Outcome<WaitlistSettings>> {
  if (input.offerHours !== null && (!Number.isInteger(input.offerHours) || input.offerHours < 1 || input.offerHours > 168)) {
    return refuse(400, { fields: { offerHours: "Escriba un número de horas entre 1 y 168." } });
  }
  return db.transaction().execute(async (trx) => {
    const course = await trx.selectFrom("courses").select("course_id").where("course_id", "=", input.courseId).executeTakeFirst();
    if (!course) return notFound("No encontramos el curso.");
    const before = await waitlistSettings(trx, input.courseId);
    await trx
      .insertInto("waitlist_courses")
      .values({ course_id: input.courseId, closed: input.closed ? 1 : 0, offer_hours: input.offerHours })
      .onConflict((oc) => oc.column("course_id").doUpdateSet({ closed: input.closed ? 1 : 0, offer_hours: input.offerHours }))
      .execute();
    const after = await waitlistSettings(trx, input.courseId);
    await audit(trx, ctx, { action: "lista_espera.ajustes", entity: "course", entityId: input.courseId, before, after });
    return { ok: true as const, ...after };
  });
}
