import type { Kysely, Transaction } from "kysely";
import { siteUrl } from "~/config.server";
import type { DB, PaymentAttemptStatus, PaymentEventsTable, PaymentPurpose, PaymentVerification } from "~/db.server";
import { approveDonationIn, closeDonationIn, DUPLICATE_DONATION_NOTE } from "~/donations/donation-settle.server";
import { sendDonationReceipt } from "~/donations/donation-mail.server";
import { confirmEnrolment, holdSeatUntilBankAnswers, releaseSeat, type ConfirmOutcome } from "~/enrolment/enrolment.server";
import { sendPaymentApprovedMails } from "~/enrolment/enrolment-mail.server";
import { formatMoney } from "~/courses/pricing";
import { mailFor } from "~/mail/message";
import { sendMail } from "~/mail/mailer.server";
import { donationNotConfirmed } from "~/mail/messages/donation-not-confirmed";
import { paymentNotConfirmed } from "~/mail/messages/payment-not-confirmed";
import { getSettings } from "~/settings/settings.server";
import { nowIso } from "~/utils/clock.server";

// Settling a payment attempt, shared by the relay, the bank verification (scheduler) and the
// reconciliation import: whoever learns that money was taken uses the same code path. Each
// payment purpose has its "on approved" / "on closed" step, run here in the same transaction as
// the attempt's change: an enrolment is confirmed (or its seat released), a donation approved
// (or closed). A replay finds the attempt settled and changes nothing.

type Executor = Kysely<DB> | Transaction<DB>;

export const DUPLICATE_PAYMENT_NOTE = "Pago aprobado para una inscripción que ya estaba pagada o ya no está vigente: reembolsar.";

/**
 * How the money was proven, out of band (never by what the buyer's browser relayed): the bank
 * answered our server (`bank`), Banorte's transaction report lists it (`report`), or a finance
 * member read it in the bank's console and typed its codes (`manual`).
 */
export type PaymentProof =
  | { source: "bank"; referencia: string; codigoAut: string }
  | { source: "report"; referencia: string; codigoAut: string; actor: string }
  | { source: "manual"; referencia: string; codigoAut: string; actor: string };

const VERIFICATION_BY_SOURCE: Record<PaymentProof["source"], PaymentVerification> = {
  bank: "verificado",
  report: "conciliado",
  manual: "confirmado_manual",
};

/** The statuses an out-of-band proof confirms from by default: the claim, and attempts whose answer we never read. */
export const CONFIRMABLE_STATUSES: readonly PaymentAttemptStatus[] = ["in_verification", "pending", "expired", "no_answer"];

export type ConfirmPaymentOutcome =
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
 * THE fulfilment transition (decision 0030): money is taken, proven out of band. Every path that
 * learns it (the bank's verification, the report import, a finance member's manual confirmation)
 * calls this, inside its transaction; the caller mails with `mailApproval` after commit. The
 * attempt becomes approved with the bank's codes and the purpose's step runs: the enrolment is
 * confirmed or the donation approved. An approval is never dropped: when the enrolment cannot be
 * confirmed any more (already paid by another attempt, cancelled, no seat and no online option)
 * the attempt is flagged for refund. A second call finds the attempt approved and changes nothing.
 */
export async function confirmPaymentIn(
  trx: Transaction<DB>,
  attemptId: number,
  proof: PaymentProof,
  options: {
    /** Banorte's report may prove money taken even for an attempt we had closed as declined, cancelled... */
    from?: readonly PaymentAttemptStatus[];
    responseJson?: string | null;
  } = {},
): Promise<ConfirmPaymentOutcome> {
  const stamp = nowIso();
  const from = options.from ?? CONFIRMABLE_STATUSES;
  const updated = await trx
    .updateTable("payment_attempts")
    .set({
      status: "approved",
      vi_hex: null,
      salt_hex: null,
      passphrase: null,
      referencia: proof.referencia,
      codigo_aut: proof.codigoAut,
      verification: VERIFICATION_BY_SOURCE[proof.source],
      verified_at: stamp,
      confirmed_by: proof.source === "manual" ? proof.actor.slice(0, 200) : null,
      ...(options.responseJson !== undefined ? { response_json: options.responseJson } : {}),
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

/**
 * The buyer's browser relayed an approval: a claim, never proof (decision 0030). The attempt waits
 * "en verificación" with the relayed codes; its seat stays held until the bank answers (no
 * expiry), and nothing is fulfilled or mailed. Only a pending (or second-tab expired) attempt can
 * be claimed; a replay finds it claimed and changes nothing.
 */
export async function claimApprovalIn(
  trx: Transaction<DB>,
  attemptId: number,
  claim: { referencia: string; codigoAut: string; responseJson?: string | null },
): Promise<boolean> {
  const stamp = nowIso();
  const updated = await trx
    .updateTable("payment_attempts")
    .set({
      status: "in_verification",
      vi_hex: null,
      salt_hex: null,
      passphrase: null,
      claimed_referencia: claim.referencia,
      claimed_codigo_aut: claim.codigoAut,
      claimed_at: stamp,
      response_json: claim.responseJson ?? null,
      updated_at: stamp,
    })
    .where("id", "=", attemptId)
    .where("status", "in", ["pending", "expired"])
    .returning(["enrolment_id"])
    .executeTakeFirst();
  if (!updated) return false;
  if (updated.enrolment_id !== null) await holdSeatUntilBankAnswers(trx, updated.enrolment_id);
  return true;
}

/** Records what the browser claimed beside the bank's proof, for the record (the relay's codes may differ). */
export async function recordClaimIn(trx: Transaction<DB>, attemptId: number, claim: { referencia: string; codigoAut: string }): Promise<void> {
  await trx
    .updateTable("payment_attempts")
    .set({ claimed_referencia: claim.referencia, claimed_codigo_aut: claim.codigoAut, claimed_at: nowIso() })
    .where("id", "=", attemptId)
    .where("claimed_at", "is", null)
    .execute();
}

/** A decline, rejection, cancel, or a claim the bank or its report contradicts: the attempt is closed and its seat freed. */
export async function settleWithoutMoney(
  trx: Transaction<DB>,
  attemptId: number,
  status: Exclude<PaymentAttemptStatus, "approved" | "pending" | "expired" | "in_verification">,
  extra: { referencia?: string | null; responseJson?: string | null; verification?: PaymentVerification | null } = {},
): Promise<boolean> {
  const before = await trx
    .selectFrom("payment_attempts")
    .select(["status", "enrolment_id", "donation_id", "response_json", "referencia"])
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
      referencia: extra.referencia !== undefined ? extra.referencia : before.referencia,
      response_json: extra.responseJson !== undefined ? extra.responseJson : before.response_json,
      verification: extra.verification ?? null,
      verified_at: extra.verification ? stamp : null,
      settled_at: stamp,
      updated_at: stamp,
    })
    .where("id", "=", attemptId)
    .where("status", "in", ["pending", "in_verification", "expired", "no_answer"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // Only the live attempt owns the enrolment's hold (a claim keeps it until the bank answers); a
  // second tab's newer attempt keeps its own.
  if ((before.status === "pending" || before.status === "in_verification") && before.enrolment_id !== null)
    await releaseSeat(trx, before.enrolment_id);
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
      .select(["status", "control_number", "referencia", "codigo_aut", "amount_centavos", "enrolment_id", "donation_id", "refund_reason"])
      .where("id", "=", attemptId)
      .executeTakeFirstOrThrow();
    // Only money the bank confirmed is fulfilled; a claim waiting "en verificación" mails nothing.
    if (attempt.status !== "approved" || attempt.refund_reason) return;
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

/**
 * A claim the bank (or its report) did not confirm: the seat is released, nothing was delivered,
 * and the person hears it by e-mail with whom to call. A mail failure is logged, never thrown.
 */
export async function mailPaymentNotConfirmed(db: Kysely<DB>, attemptId: number): Promise<void> {
  try {
    const attempt = await db
      .selectFrom("payment_attempts")
      .select(["control_number", "amount_centavos", "enrolment_id", "donation_id"])
      .where("id", "=", attemptId)
      .executeTakeFirstOrThrow();
    const settings = await getSettings(db);
    const amount = formatMoney(attempt.amount_centavos);
    const contact = `Si el cargo aparece en su estado de cuenta, comuníquese al ${settings.phone} o a ${settings.email} con su número de control (${attempt.control_number}) y el comprobante de su banco.`;
    if (attempt.donation_id !== null) {
      const donation = await db
        .selectFrom("donations")
        .select(["donor_name", "donor_email"])
        .where("id", "=", attempt.donation_id)
        .executeTakeFirstOrThrow();
      await sendMail(
        mailFor(
          donationNotConfirmed,
          { donorName: donation.donor_name, amount, contact, donateUrl: siteUrl("/donacion") },
          { to: donation.donor_email },
        ),
      );
      return;
    }
    if (attempt.enrolment_id === null) return;
    const facts = await db
      .selectFrom("enrolments")
      .innerJoin("participants", "participants.id", "enrolments.participant_id")
      .innerJoin("courses", "courses.course_id", "enrolments.course_id")
      .select(["participants.name", "participants.email", "courses.course_name"])
      .where("enrolments.id", "=", attempt.enrolment_id)
      .executeTakeFirstOrThrow();
    await sendMail(
      mailFor(
        paymentNotConfirmed,
        { name: facts.name, courseName: facts.course_name, amount, contact, offerUrl: siteUrl("/ensenanza/offer") },
        { to: facts.email },
      ),
    );
  } catch (error) {
    console.error("payment-not-confirmed mail failed", error);
  }
}
