import type { Kysely, Transaction } from "kysely";
import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { formatMoney } from "~/courses/pricing";
import type { DB, DonationStatus, EnrolmentStatus } from "~/db.server";
import { canTransition } from "~/enrolment/enrolment.server";
import { seatFreedByEnrolment } from "~/enrolment/waitlist.server";
import { DONATION_STATUS_LABELS } from "~/finance/finance-labels";
import { isConstraintError } from "~/utils/sqlite-errors.server";
import { actorLabel, audit, type StaffContext } from "./staff-context.server";
import * as clock from "~/utils/clock.server";

export type RefundSource = { kind: "tarjeta"; paymentAttemptId: number } | { kind: "fuera_de_linea"; offlinePaymentId: number };

/** Whose money goes back: one payment of an enrolment, or a donation (paid only by its one card attempt). */
export type RefundOwner = { enrolmentId: number; source: RefundSource } | { donationId: number };

export type RefundInput = RefundOwner & { amountCentavos: number; reason: string };

export type RefundOutcome = Outcome<{ refundId: number; cancelled: boolean }>;

const ALREADY_REFUNDED = {
  enrolment: "Ese pago ya tiene un reembolso registrado.",
  donation: "Este donativo ya tiene un reembolso registrado: solo se registra uno por donativo.",
};

/** The payment being given back, as found in the database, and what the owner looked like before. */
interface RefundablePayment {
  paidCentavos: number;
  paymentAttemptId: number | null;
  offlinePaymentId: number | null;
  enrolment: { id: number; status: EnrolmentStatus } | null;
  donation: { id: number; status: DonationStatus } | null;
}

/**
 * Records money given back, with its reason: one payment of an enrolment (an approved card attempt
 * or an off-line payment) or an approved donation. At most the amount paid, once per payment
 * (UNIQUE in the database too), audited in the same transaction. A confirmed enrolment whose money
 * went back is cancelled through the transition table; a donation keeps its status and reads as
 * refunded from this row (its receipt is never mailed again). The refund itself is made at the
 * bank; this is its record.
 */
export async function recordRefund(db: Kysely<DB>, ctx: StaffContext, input: RefundInput): Promise<RefundOutcome> {
  const reason = input.reason.trim();
  const fieldErrors: Record<string, string[]> = {};
  if (!reason) fieldErrors.reason = ["Escriba el motivo del reembolso."];
  else if (reason.length > 500) fieldErrors.reason = ["El motivo es demasiado largo (máximo 500 caracteres)."];
  else if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(reason)) fieldErrors.reason = ["Quite los caracteres de control del motivo."];
  if (!Number.isSafeInteger(input.amountCentavos) || input.amountCentavos <= 0) fieldErrors.amount = ["Escriba un monto mayor que cero."];
  const alreadyRefunded = "donationId" in input ? ALREADY_REFUNDED.donation : ALREADY_REFUNDED.enrolment;

  try {
    return await db.transaction().execute(async (trx): Promise<RefundOutcome> => {
      const payment = "donationId" in input ? await findDonationPayment(trx, input.donationId) : await findEnrolmentPayment(trx, input);
      if ("ok" in payment) return payment;
      const earlier = await trx
        .selectFrom("refunds")
        .select("id")
        .where((eb) =>
          payment.paymentAttemptId !== null
            ? eb("payment_attempt_id", "=", payment.paymentAttemptId)
            : eb("offline_payment_id", "=", payment.offlinePaymentId!),
        )
        .executeTakeFirst();
      if (earlier) return refuse(409, alreadyRefunded);
      if (!fieldErrors.amount && input.amountCentavos > payment.paidCentavos)
        fieldErrors.amount = [`El reembolso no puede ser mayor que lo pagado (${formatMoney(payment.paidCentavos)}).`];
      if (Object.keys(fieldErrors).length > 0) return refuse(400, { fields: fieldErrors });

      const refund = await trx
        .insertInto("refunds")
        .values({
          enrolment_id: payment.enrolment?.id ?? null,
          donation_id: payment.donation?.id ?? null,
          payment_attempt_id: payment.paymentAttemptId,
          offline_payment_id: payment.offlinePaymentId,
          amount_centavos: input.amountCentavos,
          reason,
          recorded_by: actorLabel(ctx),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const enrolment = payment.enrolment;
      const cancel = enrolment !== null && enrolment.status === "confirmada" && canTransition(enrolment.status, "cancelada");
      if (cancel) {
        await trx
          .updateTable("enrolments")
          .set({ status: "cancelada", seat_held_until: null, updated_at: clock.nowIso() })
          .where("id", "=", enrolment.id)
          .execute();
        await seatFreedByEnrolment(trx, enrolment.id);
      }
      const recorded = {
        source:
          payment.paymentAttemptId !== null
            ? { kind: "tarjeta", paymentAttemptId: payment.paymentAttemptId }
            : { kind: "fuera_de_linea", offlinePaymentId: payment.offlinePaymentId },
        amount_centavos: input.amountCentavos,
        paid_centavos: payment.paidCentavos,
        reason,
      };
      await audit(trx, ctx, {
        action: "pago.reembolsar",
        entity: "refund",
        entityId: refund.id,
        ...(enrolment
          ? {
              before: { enrolment_status: enrolment.status, refund: null },
              after: { enrolment_id: enrolment.id, ...recorded, enrolment_status: cancel ? "cancelada" : enrolment.status },
            }
          : {
              before: { donation_status: payment.donation!.status, refund: null },
              after: { donation_id: payment.donation!.id, ...recorded, donation_status: payment.donation!.status, refunded: true },
            }),
      });
      return { ok: true, refundId: refund.id, cancelled: cancel };
    });
  } catch (error) {
    // One refund per payment is the database's rule too (UNIQUE): a second writer is refused, never a 500.
    if (
      isConstraintError(error, "SQLITE_CONSTRAINT_UNIQUE", "refunds.payment_attempt_id") ||
      isConstraintError(error, "SQLITE_CONSTRAINT_UNIQUE", "refunds.offline_payment_id")
    ) {
      return refuse(409, alreadyRefunded);
    }
    throw error;
  }
}

async function findEnrolmentPayment(
  trx: Transaction<DB>,
  input: { enrolmentId: number; source: RefundSource },
): Promise<RefundablePayment | Refusal> {
  const enrolment = await trx.selectFrom("enrolments").select(["id", "status"]).where("id", "=", input.enrolmentId).executeTakeFirst();
  if (!enrolment) return refuse(404, "La inscripción no existe.");
  if (input.source.kind === "tarjeta") {
    const attempt = await trx
      .selectFrom("payment_attempts")
      .select(["id", "status", "amount_centavos"])
      .where("id", "=", input.source.paymentAttemptId)
      .where("enrolment_id", "=", enrolment.id)
      .executeTakeFirst();
    if (!attempt) return refuse(404, "Ese pago no es de esta inscripción.");
    if (attempt.status !== "approved") return refuse(409, "Solo se reembolsa un pago con tarjeta aprobado.");
    return { paidCentavos: attempt.amount_centavos, paymentAttemptId: attempt.id, offlinePaymentId: null, enrolment, donation: null };
  }
  const payment = await trx
    .selectFrom("offline_payments")
    .select(["id", "amount_centavos"])
    .where("id", "=", input.source.offlinePaymentId)
    .where("enrolment_id", "=", enrolment.id)
    .executeTakeFirst();
  if (!payment) return refuse(404, "Ese pago no es de esta inscripción.");
  return { paidCentavos: payment.amount_centavos, paymentAttemptId: null, offlinePaymentId: payment.id, enrolment, donation: null };
}

/** A donation is refundable once approved: its status says so and its one card attempt holds the bank's approval. */
async function findDonationPayment(trx: Transaction<DB>, donationId: number): Promise<RefundablePayment | Refusal> {
  const donation = await trx.selectFrom("donations").select(["id", "status"]).where("id", "=", donationId).executeTakeFirst();
  if (!donation) return refuse(404, "El donativo no existe.");
  const attempt = await trx
    .selectFrom("payment_attempts")
    .select(["id", "amount_centavos"])
    .where("donation_id", "=", donation.id)
    .where("status", "=", "approved")
    .executeTakeFirst();
  if (donation.status !== "aprobada" || !attempt) {
    return refuse(
      409,
      `Solo se reembolsa un donativo aprobado por el banco; este está «${DONATION_STATUS_LABELS[donation.status]}». No se registró nada.`,
    );
  }
  return { paidCentavos: attempt.amount_centavos, paymentAttemptId: attempt.id, offlinePaymentId: null, enrolment: null, donation };
}
