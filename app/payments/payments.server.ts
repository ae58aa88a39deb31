import type { Kysely, Transaction } from "kysely";
import type { Outcome, Refusal } from "~/actions/outcome";
import type { DB, PaymentAttemptStatus, PaymentVerification } from "~/db.server";
import { getSettings } from "~/settings/settings.server";
import { enrolmentRefusal, holdSeat, startEnrolmentIn, type StartEnrolmentInput } from "~/enrolment/enrolment.server";
import { checkoutRefusal } from "./checkout.server";
import type { EnrolmentModality } from "~/db.server";
import { isUniqueViolation, makeControlNumber } from "./control-number.server";
import { encryptOrder } from "./provider.server";
import type { PaymentProvider } from "./provider-types";
import { newRelayToken } from "./relay-token.server";
import { nowIso } from "~/utils/clock.server";

export { handleRelay, type RelayKind, type RelayOutcome } from "./relay.server";

/**
 * Refused 409 with the /payment page's message and the reason as `problem.code`: the enrolment's
 * ("course-closed", "already-enrolled", "no-seats", "modality-unavailable", "awaiting-bank") or
 * "not-a-card-payment".
 */
export type StartCardPaymentOutcome = Outcome<{
  controlNumber: string;
  params: string;
  /** The relay's right to this attempt: given to this browser only, stored hashed. */
  relayToken: string;
  enrolmentId: number;
  amountCentavos: number;
  heldUntil: string | null;
}>;

/**
 * Starts a card payment: the enrolment (our price for the profile), a held seat, a fresh
 * control number and the encrypted Params, all decided here and written in ONE transaction: of
 * many participants racing for the last seat exactly one gets Params, and a refused claim leaves
 * no enrolment behind. The hold is the participant's one hold for the course (never extended).
 */
export async function startCardPayment(db: Kysely<DB>, provider: PaymentProvider, input: StartEnrolmentInput): Promise<StartCardPaymentOutcome> {
  const prefix = (await getSettings(db)).coursePrefix;
  const certificatePem = await provider.certificatePem();
  const cachedProvider: PaymentProvider = { ...provider, certificatePem: async () => certificatePem };

  for (let tries = 0; tries < 5; tries++) {
    const controlNumber = makeControlNumber(prefix, input.courseId);
    try {
      return await db.transaction().execute(async (trx) => {
        const enrolment = await startEnrolmentIn(trx, input);
        if (!enrolment.ok) throw new Refused(enrolment);
        if (enrolment.path !== "card") throw new Refused(checkoutRefusal("not-a-card-payment"));
        const hold = await holdSeat(trx, enrolment.enrolmentId);
        if (!hold.ok) throw new Refused(enrolmentRefusal(hold.problem.code === "no-seats" ? "no-seats" : "already-enrolled"));
        // Only one attempt per enrolment is alive: an earlier one (another tab) expires, but keeps
        // its secrets for a while: if the bank approves it after all, that money must be read.
        await trx
          .updateTable("payment_attempts")
          .set({ status: "expired", settled_at: nowIso(), updated_at: nowIso() })
          .where("enrolment_id", "=", enrolment.enrolmentId)
          .where("status", "=", "pending")
          .execute();
        const { params, relayToken } = await createAttemptIn(trx, cachedProvider, {
          owner: { purpose: "inscripcion", enrolmentId: enrolment.enrolmentId },
          controlNumber,
          amountCentavos: enrolment.amountCentavos,
          reference: String(enrolment.enrolmentId),
        });
        return {
          ok: true,
          controlNumber,
          params,
          relayToken,
          enrolmentId: enrolment.enrolmentId,
          amountCentavos: enrolment.amountCentavos,
          heldUntil: hold.heldUntil,
        } as const;
      });
    } catch (error) {
      if (error instanceof Refused) return error.refusal;
      if (isUniqueViolation(error, "control_number")) continue;
      throw error;
    }
  }
  throw new Error("Could not make a unique control number");
}

/** What a card payment is for: exactly one owner (the CHECK of migration 0019). */
export type PaymentOwner = { purpose: "inscripcion"; enrolmentId: number } | { purpose: "donativo"; donationId: number };

/**
 * Creates a pending card attempt inside the caller's transaction, for any purpose: encrypts the
 * order (our amount, our control number), stores the per-payment secrets and the hash of a fresh
 * relay token, and returns the opaque Params and the token for the browser that started it. The
 * caller decides the amount and the control number (makeControlNumber) and retries on a collision.
 */
export async function createAttemptIn(
  trx: Transaction<DB>,
  provider: PaymentProvider,
  order: { owner: PaymentOwner; controlNumber: string; amountCentavos: number; reference: string },
): Promise<{ params: string; relayToken: string }> {
  const { params, keys } = await encryptOrder(provider, {
    controlNumber: order.controlNumber,
    amountCentavos: order.amountCentavos,
    reference: order.reference,
  });
  const relay = newRelayToken();
  await trx
    .insertInto("payment_attempts")
    .values({
      purpose: order.owner.purpose,
      enrolment_id: order.owner.purpose === "inscripcion" ? order.owner.enrolmentId : null,
      donation_id: order.owner.purpose === "donativo" ? order.owner.donationId : null,
      relay_token_hash: relay.hash,
      control_number: order.controlNumber,
      amount_centavos: order.amountCentavos,
      vi_hex: keys.viHex,
      salt_hex: keys.saltHex,
      passphrase: keys.passphrase,
      provider: provider.name,
      mode: provider.mode,
      settled_at: null,
      referencia: null,
      codigo_aut: null,
      response_json: null,
      verification: null,
      verified_at: null,
      refund_reason: null,
    })
    .execute();
  return { params, relayToken: relay.token };
}

/** Thrown inside a transaction to roll it back with its refusal. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.problem.code);
  }
}

export interface AttemptView {
  controlNumber: string;
  status: PaymentAttemptStatus;
  amountCentavos: number;
  enrolmentId: number;
  enrolmentStatus: string;
  modality: EnrolmentModality;
  modalityNote: string | null;
  /** The enrolment's refund flag (no seat was left for a paid in-person enrolment). */
  refundReason: string | null;
  /** This approval must be refunded (e.g. the enrolment was already paid by another attempt). */
  attemptRefundReason: string | null;
  verification: PaymentVerification | null;
  courseName: string;
  mode: string;
  provider: string;
}

/** A payment attempt, only for its owner. */
export async function getAttemptForOwner(db: Kysely<DB>, controlNumber: string, participantId: number): Promise<AttemptView | null> {
  const row = await db
    .selectFrom("payment_attempts")
    .innerJoin("enrolments", "enrolments.id", "payment_attempts.enrolment_id")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select([
      "payment_attempts.control_number",
      "payment_attempts.status",
      "payment_attempts.amount_centavos",
      "payment_attempts.mode",
      "payment_attempts.provider",
      "payment_attempts.verification",
      "payment_attempts.refund_reason as attempt_refund_reason",
      "enrolments.id as enrolment_id",
      "enrolments.status as enrolment_status",
      "enrolments.modality",
      "enrolments.modality_note",
      "enrolments.refund_reason",
      "enrolments.participant_id",
      "courses.course_name",
    ])
    .where("payment_attempts.control_number", "=", controlNumber)
    .executeTakeFirst();
  if (!row || row.participant_id !== participantId) return null;
  return {
    controlNumber: row.control_number,
    status: row.status,
    amountCentavos: row.amount_centavos,
    enrolmentId: row.enrolment_id,
    enrolmentStatus: row.enrolment_status,
    modality: row.modality,
    modalityNote: row.modality_note,
    refundReason: row.refund_reason,
    attemptRefundReason: row.attempt_refund_reason,
    verification: row.verification,
    courseName: row.course_name,
    mode: row.mode,
    provider: row.provider,
  };
}
