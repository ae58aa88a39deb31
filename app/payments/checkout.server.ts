import type { Kysely } from "kysely";
import type { CheckedUpload } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { sendEnrolmentConfirmedMail, sendSentToReviewMail } from "~/enrolment/enrolment-mail.server";
import { liveEnrolmentsFor, startEnrolmentIn, type StartEnrolmentInput, type StartEnrolmentOutcome } from "~/enrolment/enrolment.server";
import { replacesPurchase, type EnrolmentSummary } from "~/enrolment/enrolment-notice";
import { getSettings } from "~/settings/settings.server";
import { createInvoiceRequestIn, type InvoiceInput } from "./invoices.server";

// The /payment page's intents as domain functions (the route authorises, parses and maps the
// outcome to HTTP). Card payments: startCardPayment in payments.server.ts.

export type CheckoutRefusal = Exclude<StartEnrolmentOutcome, { ok: true }>["reason"] | "wrong-path";
export type CheckoutOutcome = { ok: true; enrolmentId: number } | { ok: false; reason: CheckoutRefusal };

/** Thrown inside a transaction to roll it back with a business reason. */
class Refusal extends Error {
  constructor(readonly reason: CheckoutRefusal) {
    super(reason);
  }
}

async function enrolOnPath(db: Kysely<DB>, input: StartEnrolmentInput, path: "free" | "review"): Promise<CheckoutOutcome> {
  try {
    return await db.transaction().execute(async (trx) => {
      const outcome = await startEnrolmentIn(trx, input);
      if (!outcome.ok) throw new Refusal(outcome.reason);
      // The page offered this path for the participant's profile; anything else is refused and rolled back.
      if (outcome.path !== path) throw new Refusal("wrong-path");
      return { ok: true, enrolmentId: outcome.enrolmentId } as const;
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason };
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
      if (!outcome.ok) throw new Refusal(outcome.reason);
      if (outcome.path !== "card") throw new Refusal("wrong-path");
      await createInvoiceRequestIn(trx, outcome.enrolmentId, input.invoice, input.constancia);
      return { ok: true, enrolmentId: outcome.enrolmentId } as const;
    });
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason };
    throw error;
  }
}

export interface PaymentPageState {
  /** Confirmed, in review or suspended: nothing to buy; the page shows this instead. */
  enrolment: EnrolmentSummary | null;
  /** A claim "en verificación" or a "T" answer not settled yet: no new card payment, and whom to call. */
  awaitingBank: boolean;
  /** The relayed approval waits for the bank's word (the page says so in words). */
  inVerification: boolean;
  contact: { phone: string; email: string };
}

/** What the participant already has in the course the payment page is about. */
export async function paymentPageState(db: Kysely<DB>, participantId: number, courseId: number): Promise<PaymentPageState> {
  const live = (await liveEnrolmentsFor(db, participantId, [courseId])).get(courseId);
  const { phone, email } = await getSettings(db);
  return {
    enrolment: live && replacesPurchase(live.status) ? { id: live.id, status: live.status } : null,
    awaitingBank: live?.awaitingBank ?? false,
    inVerification: live?.inVerification ?? false,
    contact: { phone, email },
  };
}
