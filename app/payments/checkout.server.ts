import { sql, type Kysely } from "kysely";
import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import type { CheckedUpload } from "~/accounts/uploads.server";
import type { DB, EnrolmentStatus } from "~/db.server";
import { sendEnrolmentConfirmedMail, sendSentToReviewMail } from "~/enrolment/enrolment-mail.server";
import { liveEnrolmentsFor, startEnrolmentIn, type StartEnrolmentInput } from "~/enrolment/enrolment.server";
import { replacesPurchase, type EnrolmentSummary } from "~/enrolment/enrolment-notice";
import { courseOfflineDetails, type OfflinePaymentDetails } from "~/settings/settings";
import { getSettings } from "~/settings/settings.server";
import { createInvoiceRequestIn, type InvoiceInput } from "./invoices.server";
import { PAYMENT_START_MESSAGES, type PaymentStartRefusal } from "./payment-messages";
import * as clock from "~/utils/clock.server";
import { compiledOnce } from "~/utils/compiled-query.server";

// The /payment page's intents as domain functions (the route authorises, parses and maps the
// outcome to HTTP). Card payments: startCardPayment in payments.server.ts.

/**
 * Refused with the page's message and the reason as `problem.code`: 400 "wrong-path" (the page
 * offered another path), 409 for the rest (course-closed, already-enrolled, no-seats…).
 */
export type CheckoutOutcome = Outcome<{ enrolmentId: number }>;

export function checkoutRefusal(reason: PaymentStartRefusal): Refusal {
  return refuse(reason === "wrong-path" ? 400 : 409, { form: PAYMENT_START_MESSAGES[reason], code: reason });
}

/** Thrown inside a transaction to roll it back with its refusal. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.problem.code);
  }
}

async function enrolOnPath(db: Kysely<DB>, input: StartEnrolmentInput, path: "free" | "review"): Promise<CheckoutOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const outcome = await startEnrolmentIn(trx, input);
      if (!outcome.ok) throw new Refused(outcome);
      // The page offered this path for the participant's profile; anything else is refused and rolled back.
      if (outcome.path !== path) throw new Refused(checkoutRefusal("wrong-path"));
      return { ok: true, enrolmentId: outcome.enrolmentId } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** A course free for everyone: the enrolment is confirmed at once and the access PDF mailed. */
export async function enrolFree(db: Kysely<DB>, input: StartEnrolmentInput, options: { origin: string }): Promise<CheckoutOutcome> {
  const outcome = await enrolOnPath(db, input, "free");
  if (outcome.ok)
    await afterCommit("confirmation mail", outcome.enrolmentId, () => sendEnrolmentConfirmedMail(db, outcome.enrolmentId, null, options.origin));
  return outcome;
}

/** A profile price of 0 on a paid course: the enrolment waits for the review of the documents. */
export async function sendEnrolmentToReview(db: Kysely<DB>, input: StartEnrolmentInput): Promise<CheckoutOutcome> {
  const outcome = await enrolOnPath(db, input, "review");
  if (outcome.ok) await afterCommit("sent-to-review mail", outcome.enrolmentId, () => sendSentToReviewMail(db, outcome.enrolmentId));
  return outcome;
}

/**
 * Work after the enrolment committed (its mail) never turns the outcome into an error: the
 * participant must hear that the enrolment exists, so a failure is logged and the outcome stands
 * (decision 0031). The enrolment and its PDF are on the participant's profile either way.
 */
async function afterCommit(what: string, enrolmentId: number, work: () => Promise<unknown>): Promise<void> {
  try {
    await work();
  } catch (error) {
    console.error(JSON.stringify({ level: "error", message: `${what} failed after the enrolment was written`, enrolmentId, error: String(error) }));
  }
}

/** Invoice (CFDI) data for a card payment, with the constancia kept as a private file. */
export async function requestInvoice(
  db: Kysely<DB>,
  input: { enrolment: StartEnrolmentInput; invoice: InvoiceInput; constancia: CheckedUpload },
): Promise<CheckoutOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const outcome = await startEnrolmentIn(trx, input.enrolment);
      if (!outcome.ok) throw new Refused(outcome);
      if (outcome.path !== "card") throw new Refused(checkoutRefusal("wrong-path"));
      await createInvoiceRequestIn(trx, outcome.enrolmentId, input.invoice, input.constancia);
      return { ok: true, enrolmentId: outcome.enrolmentId } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/**
 * «Pagaré por transferencia o en ventanilla» (issue 19): the enrolment is created (or the waiting
 * one kept) in pendiente de pago and marked with offline_intent_at, so the Teaching office finds
 * it and the page shows the bank details and the reference to quote. No seat is held (a hold
 * lasts minutes, a transfer days): an in-person seat is taken when staff record the payment, if
 * one is still free; otherwise confirmEnrolment moves the enrolment online or flags a refund. A
 * hold left by an earlier card attempt is given back for the same reason.
 */
export async function chooseOfflinePayment(db: Kysely<DB>, input: StartEnrolmentInput, now = clock.now()): Promise<CheckoutOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const outcome = await startEnrolmentIn(trx, input);
      if (!outcome.ok) throw new Refused(outcome);
      if (outcome.path !== "card" || outcome.status !== "pendiente_de_pago") throw new Refused(checkoutRefusal("wrong-path"));
      const current = await trx.selectFrom("enrolments").select("offline_intent_at").where("id", "=", outcome.enrolmentId).executeTakeFirstOrThrow();
      await trx
        .updateTable("enrolments")
        .set({ offline_intent_at: current.offline_intent_at ?? now.toISOString(), seat_held_until: null, updated_at: now.toISOString() })
        .where("id", "=", outcome.enrolmentId)
        .execute();
      return { ok: true, enrolmentId: outcome.enrolmentId } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** A participant's enrolment waiting for the off-line payment they chose: what to quote and pay. */
export interface OfflineIntent {
  enrolmentId: number;
  reference: string | null;
  amountCentavos: number;
  chosenAt: string;
}

/** The participant's enrolments waiting for an off-line payment, by enrolment id (the profile's list). */
// Runs on every /profile: compiled once (issue 22).
const offlineIntentRows = compiledOnce((database, participantId: number) =>
  database
    .selectFrom("enrolments")
    .select(["id", "reference", "amount_centavos", "offline_intent_at"])
    .where("participant_id", "=", participantId)
    // A literal, for the partial index enrolments_offline_waiting (see claimInVerification).
    .where("status", "=", sql.lit<EnrolmentStatus>("pendiente_de_pago"))
    .where("offline_intent_at", "is not", null),
);

export async function offlineIntentsOf(db: Kysely<DB>, participantId: number): Promise<OfflineIntent[]> {
  const rows = await offlineIntentRows(db, participantId);
  return rows.map((row) => ({
    enrolmentId: row.id,
    reference: row.reference,
    amountCentavos: row.amount_centavos,
    chosenAt: row.offline_intent_at!,
  }));
}

export interface PaymentPageState {
  /** Confirmed, in review or suspended: nothing to buy; the page shows this instead. */
  enrolment: EnrolmentSummary | null;
  /** A claim "en verificación" or a "T" answer not settled yet: no new card payment, and whom to call. */
  awaitingBank: boolean;
  /** The relayed approval waits for the bank's word (the page says so in words). */
  inVerification: boolean;
  contact: { phone: string; email: string };
  /** The participant chose to pay off-line for this course and has not paid yet. */
  offlineIntent: OfflineIntent | null;
  /** Bank details and the Teaching office's contact (shown wherever off-line payment is offered). */
  offline: OfflinePaymentDetails;
}

/** What the participant already has in the course the payment page is about. */
export async function paymentPageState(db: Kysely<DB>, participantId: number, courseId: number): Promise<PaymentPageState> {
  const live = (await liveEnrolmentsFor(db, participantId, [courseId])).get(courseId);
  const settings = await getSettings(db);
  const intent =
    live?.status === "pendiente_de_pago" ? (await offlineIntentsOf(db, participantId)).find((i) => i.enrolmentId === live.id) : undefined;
  return {
    enrolment: live && replacesPurchase(live.status) ? { id: live.id, status: live.status } : null,
    awaitingBank: live?.awaitingBank ?? false,
    inVerification: live?.inVerification ?? false,
    contact: { phone: settings.phone, email: settings.email },
    offlineIntent: intent ?? null,
    offline: courseOfflineDetails(settings),
  };
}
