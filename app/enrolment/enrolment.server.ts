import type { ExpressionBuilder, Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { readConfig } from "~/config.server";
import { MODALITY, offersModality } from "~/courses/modality";
import { priceForProfile, type Profile } from "~/courses/pricing";
import type { DB, EnrolmentModality, EnrolmentStatus, PaymentAttemptStatus } from "~/db.server";
import { PAYMENT_START_MESSAGES } from "~/payments/payment-messages";
import { getSettings } from "~/settings/settings.server";
import { newVerificationToken } from "./verification";
import { now, nowIso } from "~/utils/clock.server";
import { seatFreed } from "./waitlist.server";
import { seatsHeldByOffers } from "./waitlist-seats.server";
import { compiledOnce } from "~/utils/compiled-query.server";

/**
 * The enrolment state machine: the only module that changes an enrolment's status.
 *
 *   pendiente_de_pago      → confirmada (payment approved) | cancelada
 *   pendiente_de_revision  → confirmada (documents approved) | rechazada (with a reason) | cancelada
 *   confirmada             → suspendida (the payment did not match Banorte's report) | cancelada
 *   suspendida             → confirmada (finance cleared it) | cancelada
 *   rechazada, cancelada   → (final)
 */
const TRANSITIONS: Record<EnrolmentStatus, readonly EnrolmentStatus[]> = {
  pendiente_de_pago: ["confirmada", "cancelada"],
  pendiente_de_revision: ["confirmada", "rechazada", "cancelada"],
  confirmada: ["suspendida", "cancelada"],
  suspendida: ["confirmada", "cancelada"],
  rechazada: [],
  cancelada: [],
};

export function canTransition(from: EnrolmentStatus, to: EnrolmentStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

type Executor = Kysely<DB> | Transaction<DB>;

export type EnrolmentPath = "card" | "free" | "review";

/** What a participant of this profile does to enrol: pay, enrol at once, or send documents for review. */
export function enrolmentPath(
  course: { course_price: number; course_student_price: number; course_employee_price: number },
  profile: Profile,
): EnrolmentPath {
  if (priceForProfile(course, profile) > 0) return "card";
  const freeForEveryone = course.course_price === 0 && course.course_student_price === 0 && course.course_employee_price === 0;
  return freeForEveryone ? "free" : "review";
}

export function seatHoldMinutes(): number {
  return readConfig().SEAT_HOLD_MINUTES;
}

/** In-person seats taken: confirmed enrolments, unexpired holds and live waitlist offers (optionally not counting one enrolment). */
async function takenSeats(trx: Executor, courseId: number, now: string, exceptEnrolmentId?: number): Promise<number> {
  let query = trx
    .selectFrom("enrolments")
    .select(sql<number>`count(*)`.as("taken"))
    .where("course_id", "=", courseId)
    .where("modality", "=", "presencial")
    .where((eb) => eb.or([eb("status", "=", "confirmada"), eb.and([eb("status", "=", "pendiente_de_pago"), eb("seat_held_until", ">", now)])]));
  if (exceptEnrolmentId !== undefined) query = query.where("id", "!=", exceptEnrolmentId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.taken) + (await seatsHeldByOffers(trx, courseId, now));
}

async function capacityOf(trx: Executor, courseId: number): Promise<{ capacity: number; modalityId: number }> {
  const course = await trx
    .selectFrom("courses")
    .select(["course_max_range", "modality_id"])
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  return { capacity: course.course_max_range, modalityId: course.modality_id };
}

/** In-person seats taken now (staff may not lower a course's capacity below this). */
export async function seatsTaken(db: Executor, courseId: number): Promise<number> {
  return takenSeats(db, courseId, nowIso());
}

/** Free in-person seats at a moment (the waitlist's promotion counts them inside its transaction). */
export async function freeSeatsAt(db: Executor, courseId: number, at: string): Promise<number> {
  const { capacity } = await capacityOf(db, courseId);
  return Math.max(0, capacity - (await takenSeats(db, courseId, at)));
}

/** Free in-person seats now (holds that expired count as free). */
export async function freeSeats(db: Executor, courseId: number): Promise<number> {
  const { capacity } = await capacityOf(db, courseId);
  return Math.max(0, capacity - (await takenSeats(db, courseId, nowIso())));
}

/**
 * Refused with 409, the /payment page's message and the reason as `problem.code`: "course-closed",
 * "already-enrolled", "no-seats", "modality-unavailable" or "awaiting-bank".
 */
export type StartEnrolmentOutcome = Outcome<{ enrolmentId: number; path: EnrolmentPath; status: EnrolmentStatus; amountCentavos: number }>;

export type EnrolmentRefusalCode = "course-closed" | "already-enrolled" | "no-seats" | "modality-unavailable" | "awaiting-bank";

/** An enrolment that cannot start (or a seat that cannot be held): 409 with the page's words. */
export function enrolmentRefusal(code: EnrolmentRefusalCode): Refusal {
  return refuse(409, { form: PAYMENT_START_MESSAGES[code], code });
}

const INVALID_TRANSITION = "Esta inscripción ya no está en un estado que permita confirmarla.";
const NOT_PENDING = "Esta inscripción ya no espera un pago.";

export type StartEnrolmentInput = { participantId: number; profile: Profile; courseId: number; modality: EnrolmentModality };

/**
 * Starts (or resumes) a participant's enrolment in a course. The amount is our price for the
 * profile. A course free for everyone confirms at once (taking a seat in person); a profile price
 * of 0 on a paid course waits for review; otherwise the enrolment waits for payment.
 */
export async function startEnrolment(db: Kysely<DB>, input: StartEnrolmentInput): Promise<StartEnrolmentOutcome> {
  return db.transaction().execute((trx) => startEnrolmentIn(trx, input));
}

/**
 * startEnrolment inside the caller's transaction, so a caller that goes on to hold a seat can
 * roll the whole claim back when the seat is refused (a refusal leaves nothing behind).
 */
export async function startEnrolmentIn(trx: Transaction<DB>, input: StartEnrolmentInput): Promise<StartEnrolmentOutcome> {
  const course = await trx
    .selectFrom("courses")
    .select(["course_id", "course_able", "course_price", "course_student_price", "course_employee_price", "modality_id"])
    .where("course_id", "=", input.courseId)
    .executeTakeFirst();
  if (!course || course.course_able !== 1) return enrolmentRefusal("course-closed");
  if (!offersModality(course.modality_id, input.modality)) {
    return enrolmentRefusal("modality-unavailable");
  }
  const path = enrolmentPath(course, input.profile);
  const amountCentavos = priceForProfile(course, input.profile);
  const live = await trx
    .selectFrom("enrolments")
    .selectAll()
    .where("participant_id", "=", input.participantId)
    .where("course_id", "=", input.courseId)
    .where("status", "not in", ["rechazada", "cancelada"])
    .executeTakeFirst();
  if (live) {
    if (live.status !== "pendiente_de_pago" || path !== "card") return enrolmentRefusal("already-enrolled");
    // The bank never answered an earlier attempt: it may have charged the card. No new payment
    // until that attempt is settled (verification or reconciliation).
    if (await awaitingBankAnswer(trx, live.id)) return enrolmentRefusal("awaiting-bank");
    // A retry of a payment: the price and modality are decided again, now. Switching to en línea
    // gives a held seat back; staying in person keeps the hold as it is (never extended).
    await trx
      .updateTable("enrolments")
      .set({
        modality: input.modality,
        amount_centavos: amountCentavos,
        seat_held_until: input.modality === "en_linea" ? null : live.seat_held_until,
        updated_at: nowIso(),
      })
      .where("id", "=", live.id)
      .execute();
    return { ok: true, enrolmentId: live.id, path, status: live.status, amountCentavos };
  }
  if (path === "free" && input.modality === "presencial") {
    const { capacity } = await capacityOf(trx, input.courseId);
    if ((await takenSeats(trx, input.courseId, nowIso())) >= capacity) return enrolmentRefusal("no-seats");
  }
  const status: EnrolmentStatus = path === "card" ? "pendiente_de_pago" : path === "free" ? "confirmada" : "pendiente_de_revision";
  const inserted = await trx
    .insertInto("enrolments")
    .values({
      participant_id: input.participantId,
      course_id: input.courseId,
      modality: input.modality,
      status,
      amount_centavos: amountCentavos,
      confirmed_at: status === "confirmada" ? nowIso() : null,
      verification_token: newVerificationToken(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const prefix = (await getSettings(trx)).coursePrefix;
  await trx
    .updateTable("enrolments")
    .set({ reference: enrolmentReference(prefix, input.courseId, inserted.id) })
    .where("id", "=", inserted.id)
    .execute();
  return { ok: true, enrolmentId: inserted.id, path, status, amountCentavos };
}

/**
 * An enrolment's own reference, in the control-number format (prefix + course + the enrolment
 * number padded to 10 digits; at most 30 characters): the access PDF prints it when no card
 * payment carries a control number. Not a secret (the verification token is).
 */
export function enrolmentReference(prefix: string, courseId: number, enrolmentId: number): string {
  const head = `${prefix}${courseId}`;
  return `${head}${String(enrolmentId).padStart(Math.max(0, Math.min(10, 30 - head.length)), "0")}`.toUpperCase();
}

/**
 * An attempt of this enrolment waits for the bank's word: its approval is "en verificación", or
 * it was answered "T" (no answer from the authoriser) and is not settled yet. The card may have
 * been charged, so no new card payment starts.
 */
export async function awaitingBankAnswer(db: Executor, enrolmentId: number): Promise<boolean> {
  const row = await db
    .selectFrom("payment_attempts")
    .select("id")
    .where("enrolment_id", "=", enrolmentId)
    .where((eb) => eb.or([eb("status", "=", "in_verification"), eb.and([eb("status", "=", "no_answer"), eb("verification", "=", "por_conciliar")])]))
    .executeTakeFirst();
  return row !== undefined;
}

/** Refused 409: "no-seats" (enrolmentRefusal) or "not-pending" (the enrolment no longer waits for a payment). */
export type HoldOutcome = Outcome<{ heldUntil: string | null }>;

/**
 * Holds an in-person seat for a pending card payment for SEAT_HOLD_MINUTES. Runs inside the
 * caller's transaction: SQLite transactions on our one connection are serialised, so counting
 * and holding cannot interleave with another participant's. A participant has one hold per
 * course until it runs out or is paid: asking again returns the same hold, never a longer one
 * (otherwise one account could keep the last seat forever by re-posting).
 */
export async function holdSeat(trx: Executor, enrolmentId: number, minutes = seatHoldMinutes(), clock: () => Date = now): Promise<HoldOutcome> {
  const enrolment = await trx.selectFrom("enrolments").selectAll().where("id", "=", enrolmentId).executeTakeFirstOrThrow();
  if (enrolment.status !== "pendiente_de_pago") return refuse(409, { form: NOT_PENDING, code: "not-pending" });
  if (enrolment.modality === "en_linea") return { ok: true, heldUntil: null };
  const now = clock().toISOString();
  if (enrolment.seat_held_until && enrolment.seat_held_until > now) return { ok: true, heldUntil: enrolment.seat_held_until };
  const { capacity } = await capacityOf(trx, enrolment.course_id);
  if ((await takenSeats(trx, enrolment.course_id, now, enrolment.id)) >= capacity) return enrolmentRefusal("no-seats");
  const heldUntil = new Date(clock().getTime() + minutes * 60_000).toISOString();
  await trx.updateTable("enrolments").set({ seat_held_until: heldUntil, updated_at: now }).where("id", "=", enrolmentId).execute();
  return { ok: true, heldUntil };
}

/**
 * The hold of a payment waiting for the bank's word ("en verificación", decision 0030): it does not
 * run out, so maintenance never releases it; the bank's answer confirms the enrolment (taking the
 * seat) or releases it. Stored as a date so seat counting stays one indexed comparison.
 */
export const HELD_UNTIL_BANK_ANSWERS = "9999-12-31T23:59:59.999Z";

/**
 * Keeps (or takes, when one is free) the enrolment's in-person seat until the bank answers. A
 * claim for an attempt whose hold already ran out gets a seat only if one is free; otherwise the
 * confirmation later moves it online or flags a refund, as for any late approval.
 */
export async function holdSeatUntilBankAnswers(trx: Executor, enrolmentId: number, clock: () => Date = now): Promise<void> {
  const enrolment = await trx.selectFrom("enrolments").selectAll().where("id", "=", enrolmentId).executeTakeFirstOrThrow();
  if (enrolment.status !== "pendiente_de_pago" || enrolment.modality !== "presencial") return;
  const now = clock().toISOString();
  const holding = enrolment.seat_held_until !== null && enrolment.seat_held_until > now;
  if (!holding) {
    const { capacity } = await capacityOf(trx, enrolment.course_id);
    if ((await takenSeats(trx, enrolment.course_id, now, enrolment.id)) >= capacity) return;
  }
  await trx.updateTable("enrolments").set({ seat_held_until: HELD_UNTIL_BANK_ANSWERS, updated_at: now }).where("id", "=", enrolmentId).execute();
}

/** Gives a held seat back (a declined, cancelled or abandoned payment). */
export async function releaseSeat(trx: Executor, enrolmentId: number): Promise<void> {
  const released = await trx
    .updateTable("enrolments")
    .set({ seat_held_until: null, updated_at: nowIso() })
    .where("id", "=", enrolmentId)
    .returning("course_id")
    .executeTakeFirst();
  if (released) await seatFreed(trx, released.course_id);
}

/** Refused 409: "invalid-transition" (the transition table forbids it) or "no-seats" (unpaid, no seat free). */
export type ConfirmOutcome = Outcome<{ modality: EnrolmentModality; movedOnline: boolean } | { refund: true; reason: string }>;

const invalidTransition = () => refuse(409, { form: INVALID_TRANSITION, code: "invalid-transition" });

const MOVED_ONLINE_NOTE = "El cupo presencial se agotó mientras se procesaba el pago; la inscripción quedó confirmada en línea.";
const REFUND_NOTE = "Pago aprobado sin cupo presencial y el curso no se imparte en línea: reembolsar.";

/**
 * Confirms an enrolment and takes its in-person seat, inside the caller's transaction. With
 * `paid`, money was already taken, so a missing seat never loses it: the enrolment is confirmed
 * en línea when the course has it, otherwise it is cancelled and flagged for a refund.
 */
export async function confirmEnrolment(trx: Executor, enrolmentId: number, options: { paid: boolean }): Promise<ConfirmOutcome> {
  const enrolment = await trx.selectFrom("enrolments").selectAll().where("id", "=", enrolmentId).executeTakeFirstOrThrow();
  if (!canTransition(enrolment.status, "confirmada")) return invalidTransition();
  const now = nowIso();
  let modality = enrolment.modality;
  let movedOnline = false;
  if (modality === "presencial") {
    const { capacity, modalityId } = await capacityOf(trx, enrolment.course_id);
    const seatFree = (await takenSeats(trx, enrolment.course_id, now, enrolment.id)) < capacity;
    if (!seatFree) {
      if (!options.paid) return enrolmentRefusal("no-seats");
      if (modalityId === MODALITY.PRESENCIAL) {
        await trx
          .updateTable("enrolments")
          .set({ status: "cancelada", refund_reason: REFUND_NOTE, seat_held_until: null, updated_at: now })
          .where("id", "=", enrolmentId)
          .execute();
        return { ok: true, refund: true, reason: REFUND_NOTE };
      }
      modality = "en_linea";
      movedOnline = true;
    }
  }
  await trx
    .updateTable("enrolments")
    .set({
      status: "confirmada",
      modality,
      modality_note: movedOnline ? MOVED_ONLINE_NOTE : enrolment.modality_note,
      seat_held_until: null,
      confirmed_at: now,
      updated_at: now,
    })
    .where("id", "=", enrolmentId)
    .execute();
  return { ok: true, modality, movedOnline };
}

/** Documents for review (profile price 0 on a paid course). Only from a state that allows it. */
export async function sendToReview(db: Kysely<DB>, enrolmentId: number): Promise<{ ok: boolean }> {
  const enrolment = await db.selectFrom("enrolments").select("status").where("id", "=", enrolmentId).executeTakeFirst();
  return { ok: enrolment?.status === "pendiente_de_revision" };
}

/** Staff approve a participant's documents: the enrolment is confirmed (taking a seat in person). */
export async function approveDocuments(db: Kysely<DB>, enrolmentId: number, staff: string): Promise<ConfirmOutcome> {
  return db.transaction().execute(async (trx) => {
    const enrolment = await trx.selectFrom("enrolments").select("status").where("id", "=", enrolmentId).executeTakeFirstOrThrow();
    if (enrolment.status !== "pendiente_de_revision") return invalidTransition();
    const outcome = await confirmEnrolment(trx, enrolmentId, { paid: false });
    if (outcome.ok) await trx.updateTable("enrolments").set({ reviewed_by: staff }).where("id", "=", enrolmentId).execute();
    return outcome;
  });
}

/** Staff reject a participant's documents, always with a reason (400 "no-reason"); only an enrolment in review (409 "not-in-review"). */
export async function rejectDocuments(db: Kysely<DB>, enrolmentId: number, reason: string, staff = "Enseñanza"): Promise<Outcome> {
  const trimmed = reason.trim();
  if (trimmed.length === 0)
    return refuse(400, { fields: { reason: "Escriba el motivo del rechazo: se le enviará al participante." }, code: "no-reason" });
  const result = await db
    .updateTable("enrolments")
    .set({ status: "rechazada", rejection_reason: trimmed.slice(0, 500), reviewed_by: staff, updated_at: nowIso() })
    .where("id", "=", enrolmentId)
    .where("status", "=", "pendiente_de_revision")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1)
    return refuse(409, { form: "Esta inscripción ya no espera la revisión de sus documentos.", code: "not-in-review" });
  return { ok: true };
}

export async function cancelEnrolment(db: Kysely<DB>, enrolmentId: number): Promise<{ ok: boolean }> {
  return db.transaction().execute(async (trx) => {
    const cancelled = await trx
      .updateTable("enrolments")
      .set({ status: "cancelada", seat_held_until: null, updated_at: nowIso() })
      .where("id", "=", enrolmentId)
      .where("status", "in", ["pendiente_de_pago", "pendiente_de_revision", "confirmada"])
      .returning("course_id")
      .executeTakeFirst();
    if (cancelled) await seatFreed(trx, cancelled.course_id);
    return { ok: cancelled !== undefined };
  });
}

/**
 * Frees the seats whose hold ran out. Seat counting already ignores expired holds; this tidies
 * the rows. Payment attempts stay pending: a late approval is still honoured (confirmEnrolment
 * then finds a seat, moves the enrolment online, or flags a refund).
 */
export async function expireHolds(db: Kysely<DB>, at = now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const freed = await trx
      .updateTable("enrolments")
      .set({ seat_held_until: null, updated_at: at.toISOString() })
      .where("seat_held_until", "<=", at.toISOString())
      .returning("course_id")
      .execute();
    for (const courseId of new Set(freed.map((row) => row.course_id))) await seatFreed(trx, courseId, at);
    return freed.length;
  });
}

export async function getEnrolment(db: Kysely<DB>, enrolmentId: number) {
  return db.selectFrom("enrolments").selectAll().where("id", "=", enrolmentId).executeTakeFirst();
}

export interface EnrolmentListItem {
  id: number;
  courseId: number;
  courseName: string;
  modality: EnrolmentModality;
  status: EnrolmentStatus;
  amountCentavos: number;
  /** A card approval waits for the bank's word (decision 0030). */
  paymentInVerification: boolean;
}

/** Whether the enrolment (the outer query's `enrolments` row) has a card approval waiting for the bank's word. */
function claimInVerification(eb: ExpressionBuilder<DB, "enrolments">) {
  return eb.exists(
    eb
      .selectFrom("payment_attempts")
      .select("payment_attempts.id")
      .whereRef("payment_attempts.enrolment_id", "=", "enrolments.id")
      // A literal: SQLite picks the partial index payment_attempts_in_verification once, instead of
      // preparing the statement again on every run to see whether the bound value allows it.
      .where("payment_attempts.status", "=", sql.lit<PaymentAttemptStatus>("in_verification")),
  );
}

// Runs on every /profile: compiled once (issue 22).
const enrolmentsOf = compiledOnce((database, participantId: number) =>
  database
    .selectFrom("enrolments")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select([
      "enrolments.id",
      "enrolments.course_id",
      "courses.course_name",
      "enrolments.modality",
      "enrolments.status",
      "enrolments.amount_centavos",
    ])
    .select((eb) => claimInVerification(eb).as("in_verification"))
    .where("enrolments.participant_id", "=", participantId)
    .orderBy("enrolments.created_at", "desc")
    .orderBy("enrolments.id", "desc"),
);

export async function listEnrolments(db: Kysely<DB>, participantId: number): Promise<EnrolmentListItem[]> {
  const rows = await enrolmentsOf(db, participantId);
  return rows.map((row) => ({
    id: row.id,
    courseId: row.course_id,
    courseName: row.course_name,
    modality: row.modality,
    status: row.status,
    amountCentavos: row.amount_centavos,
    paymentInVerification: Boolean(row.in_verification),
  }));
}

export { ENROLMENT_STATUS_LABELS } from "./enrolment-labels";

export interface LiveEnrolment {
  id: number;
  courseId: number;
  status: EnrolmentStatus;
  modality: EnrolmentModality;
  /** A claim "en verificación" or a "T" answer is not settled yet: no new card payment (see awaitingBankAnswer). */
  awaitingBank: boolean;
  /** The relayed approval waits for the bank's word (decision 0030). */
  inVerification: boolean;
}

/** The participant's live (not rejected or cancelled) enrolments in these courses, by course id. */
export async function liveEnrolmentsFor(db: Kysely<DB>, participantId: number, courseIds: readonly number[]): Promise<Map<number, LiveEnrolment>> {
  const result = new Map<number, LiveEnrolment>();
  if (courseIds.length === 0) return result;
  const rows = await db
    .selectFrom("enrolments")
    .select(["id", "course_id", "status", "modality"])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("payment_attempts")
            .select("payment_attempts.id")
            .whereRef("payment_attempts.enrolment_id", "=", "enrolments.id")
            .where("payment_attempts.status", "=", "no_answer")
            .where("payment_attempts.verification", "=", "por_conciliar"),
        )
        .as("awaiting_bank"),
    )
    .select((eb) => claimInVerification(eb).as("in_verification"))
    .where("participant_id", "=", participantId)
    .where("course_id", "in", [...courseIds])
    .where("status", "not in", ["rechazada", "cancelada"])
    .execute();
  for (const row of rows) {
    result.set(row.course_id, {
      id: row.id,
      courseId: row.course_id,
      status: row.status,
      modality: row.modality,
      awaitingBank: Boolean(row.awaiting_bank) || Boolean(row.in_verification),
      inVerification: Boolean(row.in_verification),
    });
  }
  return result;
}
