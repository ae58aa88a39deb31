import type { Kysely, Transaction } from "kysely";
import type { DB, PaymentAttemptStatus, PaymentEventsTable, PaymentPurpose, PaymentVerification } from "~/db.server";
import { approveDonationIn, closeDonationIn, DUPLICATE_DONATION_NOTE } from "~/donations/donation-settle.server";
import { sendDonationReceipt } from "~/donations/donation-mail.server";
import { confirmEnrolment, releaseSeat, type ConfirmOutcome } from "~/enrolment/enrolment.server";
import { sendPaymentApprovedMails } from "~/enrolment/enrolment-mail.server";

// Settling a payment attempt, shared by the relay, the bank verification (scheduler) and the
// reconciliation import: whoever learns that money was taken uses the same code path. Each
// payment purpose has its "on approved" / "on closed" step, run here in the same transaction as
// the attempt's change: an enrolment is confirmed (or its seat released), a donation approved
// (or closed). A replay finds the attempt settled and changes nothing.

type Executor = Kysely<DB> | Transaction<DB>;
const nowIso = () => new Date().toISOString();

export const DUPLICATE_PAYMENT_NOTE = "Pago aprobado para una inscripción que ya estaba pagada o ya no está vigente: reembolsar.";

export type ApprovalOutcome =
  | {
      settled: true;
      purpose: PaymentPurpose;
      enrolmentId: number | null;
      donationId: number | null;
      confirm: ConfirmOutcome | null;
      refundReason: string | null;
    }
  | { settled: false };

/**
 * Records an approval (money taken) for an attempt we created, from any unsettled status
 * (pending, expired by a second tab, or "no answer"), and confirms the enrolment. An approval is
 * never dropped: when the enrolment cannot be confirmed any more (already paid by another
 * attempt, cancelled, no seat and no online option) the attempt is flagged for refund.
 */
export async function settleApproval(
  trx: Transaction<DB>,
  attemptId: number,
  approval: { referencia: string; codigoAut: string; verification: PaymentVerification; responseJson?: string | null },
  /** Banorte's report may prove money taken even for an attempt we had closed as declined, cancelled... */
  from: readonly PaymentAttemptStatus[] = ["pending", "expired", "no_answer"],
): Promise<ApprovalOutcome> {
  const stamp = nowIso();
  const updated = await trx
    .updateTable("payment_attempts")
    .set({
      status: "approved",
      vi_hex: null,
      salt_hex: null,
      passphrase: null,
      referencia: approval.referencia,
      codigo_aut: approval.codigoAut,
      verification: approval.verification,
      verified_at: approval.verification === "por_conciliar" ? null : stamp,
      ...(approval.responseJson !== undefined ? { response_json: approval.responseJson } : {}),
      settled_at: stamp,
      updated_at: stamp,
    })
    .where("id", "=", attemptId)
    .where(
      "status",
      "in",
      from.filter((status) => status !== "approved"),
    )
    .returning(["purpose", "enrolment_id", "donation_id"])
    .executeTakeFirst();
  if (!updated) return { settled: false };
  let confirm: ConfirmOutcome | null = null;
  let refundReason: string | null = null;
  if (updated.purpose === "donativo" && updated.donation_id !== null) {
    if (!(await approveDonationIn(trx, updated.donation_id, stamp))) refundReason = DUPLICATE_DONATION_NOTE;
  } else if (updated.enrolment_id !== null) {
    const enrolment = await trx.selectFrom("enrolments").select("status").where("id", "=", updated.enrolment_id).executeTakeFirstOrThrow();
    if (enrolment.status === "pendiente_de_pago") {
      confirm = await confirmEnrolment(trx, updated.enrolment_id, { paid: true });
      if (confirm.ok && "refund" in confirm) refundReason = confirm.reason;
      else if (!confirm.ok) refundReason = DUPLICATE_PAYMENT_NOTE;
    } else {
      refundReason = DUPLICATE_PAYMENT_NOTE;
    }
  } else {
    throw new Error(`payment attempt ${attemptId} has no owner`);
  }
  if (refundReason) {
    await trx.updateTable("payment_attempts").set({ refund_reason: refundReason }).where("id", "=", attemptId).execute();
  }
  return { settled: true, purpose: updated.purpose, enrolmentId: updated.enrolment_id, donationId: updated.donation_id, confirm, refundReason };
}

/** A decline, rejection, cancel...: the attempt is closed and (if it was the live one) its seat freed. */
export async function settleWithoutMoney(
  trx: Transaction<DB>,
  attemptId: number,
  status: Exclude<PaymentAttemptStatus, "approved" | "pending" | "expired">,
  extra: { referencia?: string | null; responseJson?: string | null; verification?: PaymentVerification | null } = {},
): Promise<boolean> {
  const before = await trx
    .selectFrom("payment_attempts")
    .select(["status", "enrolment_id", "donation_id"])
    .where("id", "=", attemptId)
    .executeTakeFirst();
  if (!before) return false;
  const stamp = nowIso();
  const result = await trx
    .updateTable("payment_attempts")
    .set({
      status,
      vi_hex: null,
      salt_hex: null,
      passphrase: null,
      referencia: extra.referencia ?? null,
      response_json: extra.responseJson ?? null,
      verification: extra.verification ?? null,
      settled_at: stamp,
      updated_at: stamp,
    })
    .where("id", "=", attemptId)
    .where("status", "in", ["pending", "expired", "no_answer"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // Only the live attempt owns the enrolment's hold; a second tab's newer attempt keeps it.
  if (before.status === "pending" && before.enrolment_id !== null) await releaseSeat(trx, before.enrolment_id);
  if (before.donation_id !== null) await closeDonationIn(trx, before.donation_id, status, stamp);
  return true;
}

export async function logPaymentEvent(
  db: Executor,
  event: {
    attemptId: number | null;
    controlNumber: string | null;
    kind: PaymentEventsTable["kind"];
    outcome: PaymentEventsTable["outcome"];
    reason: string;
    payload: unknown;
    clientAddress?: string | null;
  },
): Promise<void> {
  await db
    .insertInto("payment_events")
    .values({
      payment_attempt_id: event.attemptId,
      control_number: event.controlNumber?.slice(0, 60) ?? null,
      kind: event.kind,
      outcome: event.outcome,
      reason: event.reason.slice(0, 2_000),
      payload: JSON.stringify(event.payload ?? null).slice(0, 20_000),
      client_address: event.clientAddress ?? null,
    })
    .execute();
}

/** The receipt and confirmation mails for a settled approval; a mail failure never undoes a payment. */
export async function mailApproval(db: Kysely<DB>, attemptId: number, origin: string): Promise<void> {
  try {
    const attempt = await db
      .selectFrom("payment_attempts")
      .select(["control_number", "referencia", "codigo_aut", "amount_centavos", "enrolment_id", "donation_id", "refund_reason"])
      .where("id", "=", attemptId)
      .executeTakeFirstOrThrow();
    if (attempt.refund_reason) return;
    if (attempt.donation_id !== null) {
      await sendDonationReceipt(db, attempt.donation_id, origin);
      return;
    }
    if (attempt.enrolment_id === null) return;
    await sendPaymentApprovedMails(
      db,
      attempt.enrolment_id,
      {
        controlNumber: attempt.control_number,
        referencia: attempt.referencia,
        codigoAut: attempt.codigo_aut,
        amountCentavos: attempt.amount_centavos,
      },
      origin,
    );
  } catch (error) {
    console.error("payment mail failed", error);
  }
}
