import type { Kysely, Selectable, Transaction } from "kysely";
import { refuse, type Outcome, type Refusal, type RefusalStatus } from "~/actions/outcome";
import { offersModality, type ModalityId } from "~/courses/modality";
import { formatMoney } from "~/courses/pricing";
import type { DB, EnrolmentModality, EnrolmentsTable, OfflinePaymentMethod } from "~/db.server";
import { storeFile } from "~/files/files.server";
import type { AdminUpload } from "~/staff/teaching/admin-uploads.server";
import { actorLabel, audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { sendEnrolmentConfirmedMail } from "./enrolment-mail.server";
import { canTransition, confirmEnrolment, enrolmentPath, freeSeats, startEnrolmentIn } from "./enrolment.server";
import { mexicoCityDay } from "~/utils/mexico-city";
import * as clock from "~/utils/clock.server";

export { OFFLINE_METHOD_LABELS } from "~/staff/teaching/format";

/**
 * Money received outside the card gateway (transfer, convenience store, bank window, a Teaching
 * office reference), recorded by staff with its receipt. Two ways in, one path:
 *
 * - recordOfflinePayment: an enrolment that already waits for payment (/admin/pagos/:enrolmentId);
 * - enrolWithOfflinePayment: a participant who never started a card payment (issue 19), from the
 *   participant's page: the enrolment is created (or the waiting one reused) in the same
 *   transaction as the payment.
 *
 * Both confirm through the transition table like a card approval (confirmEnrolment with paid:
 * true, so a full course never loses the money: it is moved online or flagged for a refund), and
 * one transaction stores the receipt, the payment, the confirmation and the audit rows; the
 * confirmation e-mail with the access PDF goes out after it committed.
 *
 * The price is the server's (the enrolment's amount, decided by priceForProfile). An amount below
 * it is refused unless staff write why they accept it (a partial grant, an agreed discount): the
 * reason goes into the payment's audit row. A reference already recorded for the same method is
 * the same money: 409.
 */

export interface OfflinePaymentFields {
  method: OfflinePaymentMethod;
  amountCentavos: number;
  /** Calendar date 'YYYY-MM-DD'. */
  paidOn: string;
  reference: string;
  receipt: AdminUpload;
  /** Why staff accept less than the price; required only when the amount is below it. */
  belowPriceReason?: string | null;
}

export interface OfflinePaymentInput extends OfflinePaymentFields {
  enrolmentId: number;
  origin: string;
}

/**
 * Refused 404 (no such enrolment or participant), 409 (the enrolment no longer waits for a
 * payment, code "not-pending"; the same reference twice, code "duplicate-reference") or 400 with
 * the messages per field; nothing is stored.
 */
export type OfflinePaymentOutcome = Outcome<{ offlinePaymentId: number; confirmed: boolean; movedOnline: boolean; refundNeeded: boolean }>;

export const DUPLICATE_REFERENCE_MESSAGE =
  "Esa referencia ya está registrada para otro pago del mismo medio: es el mismo dinero. Revise el comprobante; no se registró nada.";

/** Thrown inside a transaction to roll everything back with the answer to give. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super("refused");
  }
}

const refuseWith = (status: RefusalStatus, form: string[], fields: Record<string, string[]> = {}, code?: string): never => {
  throw new Refused(refuse(status, { form, fields, ...(code === undefined ? {} : { code }) }));
};

const duplicateReference = (): Refusal =>
  refuse(409, { form: DUPLICATE_REFERENCE_MESSAGE, fields: { reference: DUPLICATE_REFERENCE_MESSAGE }, code: "duplicate-reference" });

function isDuplicateReference(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" && String(e.message).includes("offline_payments.");
}

/** The payment's own checks against the enrolment's price; throws a Refusal (nothing stored). */
async function checkPayment(trx: Transaction<DB>, priceCentavos: number, input: OfflinePaymentFields, now: Date): Promise<void> {
  const fieldErrors: Record<string, string[]> = {};
  if (input.paidOn > mexicoCityDay(now)) fieldErrors.paid_on = ["La fecha del pago no puede ser posterior a hoy."];
  const reason = input.belowPriceReason?.trim() ?? "";
  if (reason.length > 500) fieldErrors.below_price_reason = ["El motivo es demasiado largo (máximo 500 caracteres)."];
  else if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(reason)) fieldErrors.below_price_reason = ["Quite los caracteres de control del motivo."];
  else if (input.amountCentavos < priceCentavos && !reason) {
    fieldErrors.amount = [
      `El monto es menor que el precio de la inscripción (${formatMoney(priceCentavos)}). Revise el comprobante o, si acepta un pago menor (una beca parcial, un descuento autorizado), escriba el motivo.`,
    ];
  }
  const duplicate = await trx
    .selectFrom("offline_payments")
    .select("id")
    .where("method", "=", input.method)
    .where("reference", "=", input.reference)
    .executeTakeFirst();
  if (duplicate) fieldErrors.reference = [DUPLICATE_REFERENCE_MESSAGE];
  if (Object.keys(fieldErrors).length === 0) return;
  // The same money twice is a conflict; anything else (with or without it) is a form to correct.
  const onlyDuplicate = Object.keys(fieldErrors).length === 1 && duplicate;
  if (onlyDuplicate) throw new Refused(duplicateReference());
  refuseWith(400, [], fieldErrors);
}

/** Stores the receipt and the payment, confirms the enrolment and writes the audit rows. */
async function recordPaymentIn(
  trx: Transaction<DB>,
  ctx: StaffContext,
  enrolment: Selectable<EnrolmentsTable>,
  input: OfflinePaymentFields,
): Promise<{ offlinePaymentId: number; confirmed: boolean; movedOnline: boolean; refundNeeded: boolean }> {
  const receiptId = await storeFile(trx, input.receipt, "private");
  const payment = await trx
    .insertInto("offline_payments")
    .values({
      enrolment_id: enrolment.id,
      method: input.method,
      amount_centavos: input.amountCentavos,
      paid_on: input.paidOn,
      reference: input.reference,
      receipt_file_id: receiptId,
      recorded_by: actorLabel(ctx),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const confirmation = await confirmEnrolment(trx, enrolment.id, { paid: true });
  if (!confirmation.ok) throw new Error(`confirmEnrolment refused a paid enrolment: ${confirmation.problem.code}`);
  const refundNeeded = "refund" in confirmation;
  const after = await trx
    .selectFrom("enrolments")
    .select(["status", "modality", "refund_reason"])
    .where("id", "=", enrolment.id)
    .executeTakeFirstOrThrow();
  const belowPriceReason = input.amountCentavos < enrolment.amount_centavos ? (input.belowPriceReason?.trim() ?? null) : null;
  await audit(trx, ctx, {
    action: "pago.registrar_fuera_de_linea",
    entity: "offline_payment",
    entityId: payment.id,
    before: null,
    after: {
      enrolment_id: enrolment.id,
      method: input.method,
      amount_centavos: input.amountCentavos,
      price_centavos: enrolment.amount_centavos,
      ...(belowPriceReason ? { below_price_reason: belowPriceReason } : {}),
      paid_on: input.paidOn,
      reference: input.reference,
      receipt_file_id: receiptId,
    },
  });
  await audit(trx, ctx, {
    action: refundNeeded ? "inscripcion.cancelar_sin_cupo" : "inscripcion.confirmar_por_pago",
    entity: "enrolment",
    entityId: enrolment.id,
    before: { status: enrolment.status, modality: enrolment.modality },
    after,
  });
  return {
    offlinePaymentId: payment.id,
    confirmed: !refundNeeded,
    movedOnline: !refundNeeded && "movedOnline" in confirmation && confirmation.movedOnline,
    refundNeeded,
  };
}

/** Runs a recording transaction and turns a Refusal (or the unique index, on a race) into its answer. */
async function inTransaction<T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T | Refusal> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    if (isDuplicateReference(error)) return duplicateReference();
    throw error;
  }
}

/** An off-line payment for an enrolment that waits for one (pendiente de pago, or in review). */
export async function recordOfflinePayment(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: OfflinePaymentInput,
  now = clock.now(),
): Promise<OfflinePaymentOutcome> {
  const result = await inTransaction(db, async (trx) => {
    const enrolment = await trx.selectFrom("enrolments").selectAll().where("id", "=", input.enrolmentId).executeTakeFirst();
    if (!enrolment) return refuseWith(404, ["La inscripción no existe."], {}, "no_encontrado");
    if (!canTransition(enrolment.status, "confirmada")) {
      refuseWith(409, ["Esta inscripción ya no espera un pago (está confirmada, rechazada o cancelada). No se registró nada."], {}, "not-pending");
    }
    await checkPayment(trx, enrolment.amount_centavos, input, now);
    return { ok: true as const, ...(await recordPaymentIn(trx, ctx, enrolment, input)) };
  });
  if (result.ok && result.confirmed) await sendEnrolmentConfirmedMail(db, input.enrolmentId, null, input.origin);
  return result;
}

export interface EnrolWithPaymentInput extends OfflinePaymentFields {
  participantId: number;
  courseId: number;
  modality: EnrolmentModality;
  origin: string;
}

/** Refused like OfflinePaymentOutcome, or as the enrolment could not start (START_REFUSALS). */
export type EnrolWithPaymentOutcome = Outcome<{
  enrolmentId: number;
  offlinePaymentId: number;
  confirmed: boolean;
  movedOnline: boolean;
  refundNeeded: boolean;
}>;

const START_REFUSALS: Record<string, { status: 400 | 409; field?: string; message: string }> = {
  "course-closed": { status: 400, field: "course_id", message: "Las inscripciones de este curso están cerradas. Elija un curso abierto." },
  "modality-unavailable": { status: 400, field: "modality", message: "El curso no se imparte en esa modalidad." },
  "no-seats": { status: 400, field: "modality", message: "No quedan lugares presenciales. Inscriba en línea o aumente el cupo del curso." },
  "already-enrolled": {
    status: 409,
    message: "El participante ya tiene una inscripción confirmada o en revisión en este curso. No se registró nada.",
  },
  "awaiting-bank": {
    status: 409,
    message:
      "Un pago con tarjeta de esta inscripción espera la respuesta del banco: puede haberse cobrado. Regístrelo cuando se aclare, para no cobrar dos veces. No se registró nada.",
  },
};

/**
 * Staff enrol a participant in a course together with the off-line payment they made (issue 19):
 * the enrolment is created, or the participant's waiting one (pendiente de pago, e.g. after
 * choosing to pay by transfer) reused, at the server's price for the participant's profile; then
 * the payment is recorded and the enrolment confirmed exactly as in recordOfflinePayment. A
 * refusal anywhere rolls back everything, the enrolment included.
 */
export async function enrolWithOfflinePayment(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: EnrolWithPaymentInput,
  now = clock.now(),
): Promise<EnrolWithPaymentOutcome> {
  const result = await inTransaction(db, async (trx) => {
    const participant = await trx.selectFrom("participants").select(["id", "role"]).where("id", "=", input.participantId).executeTakeFirst();
    if (!participant) return refuseWith(404, ["El participante no existe."], {}, "no_encontrado");
    const course = await trx
      .selectFrom("courses")
      .select(["course_id", "course_able", "archived_at", "modality_id", "course_price", "course_student_price", "course_employee_price"])
      .where("course_id", "=", input.courseId)
      .executeTakeFirst();
    if (!course || course.archived_at || course.course_able !== 1) {
      return refuseWith(400, [], { course_id: ["Elija un curso con inscripciones abiertas."] });
    }
    if (!offersModality(course.modality_id as ModalityId, input.modality)) {
      refuseWith(400, [], { modality: ["El curso no se imparte en esa modalidad."] });
    }
    if (enrolmentPath(course, participant.role) !== "card") {
      refuseWith(400, [], {
        course_id: [
          "Para el perfil de este participante el curso no tiene costo: no hay pago que registrar. Inscríbalo sin cobro desde las inscripciones del curso.",
        ],
      });
    }
    const before = await trx
      .selectFrom("enrolments")
      .select(["id", "status", "modality", "amount_centavos", "seat_held_until", "offline_intent_at"])
      .where("participant_id", "=", input.participantId)
      .where("course_id", "=", input.courseId)
      .where("status", "not in", ["rechazada", "cancelada"])
      .executeTakeFirst();
    // Staff choose the modality knowing the room: a full room is refused here rather than turned
    // into a refund (a participant's own live hold is their seat).
    const ownHold = before?.modality === "presencial" && before.seat_held_until !== null && before.seat_held_until > now.toISOString();
    if (input.modality === "presencial" && !ownHold && (await freeSeats(trx, input.courseId)) === 0) {
      refuseWith(400, [], { modality: [START_REFUSALS["no-seats"]!.message] });
    }
    const started = await startEnrolmentIn(trx, {
      participantId: input.participantId,
      profile: participant.role,
      courseId: input.courseId,
      modality: input.modality,
    });
    if (!started.ok) {
      const known = START_REFUSALS[started.problem.code ?? ""] ?? {
        status: 409 as const,
        message: "No se pudo inscribir al participante en este curso. No se registró nada.",
      };
      refuseWith(known.status, known.field ? [] : [known.message], known.field ? { [known.field]: [known.message] } : {});
      throw new Error("unreachable");
    }
    if (started.path !== "card" || started.status !== "pendiente_de_pago") throw new Error(`unexpected enrolment path ${started.path}`);
    const enrolment = await trx.selectFrom("enrolments").selectAll().where("id", "=", started.enrolmentId).executeTakeFirstOrThrow();
    await checkPayment(trx, enrolment.amount_centavos, input, now);
    await audit(trx, ctx, {
      action: "inscripcion.inscribir_con_pago_fuera_de_linea",
      entity: "enrolment",
      entityId: enrolment.id,
      before: before
        ? { status: before.status, modality: before.modality, amount_centavos: before.amount_centavos, offline_intent_at: before.offline_intent_at }
        : null,
      after: {
        participant_id: input.participantId,
        course_id: input.courseId,
        modality: enrolment.modality,
        amount_centavos: enrolment.amount_centavos,
        reference: enrolment.reference,
      },
    });
    return { ok: true as const, enrolmentId: enrolment.id, ...(await recordPaymentIn(trx, ctx, enrolment, input)) };
  });
  if (result.ok && result.confirmed) await sendEnrolmentConfirmedMail(db, result.enrolmentId, null, input.origin);
  return result;
}
