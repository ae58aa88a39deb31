import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { approveDocuments, rejectDocuments } from "./enrolment.server";
import { sendDocumentsDecisionMail } from "./enrolment-mail.server";

export type ReviewDecision = { approve: true } | { approve: false; reason: string };

/**
 * The Teaching office's decision on documents sent to review: the enrolment is confirmed (and the
 * participant gets the access data with the PDF) or rejected (and told why). The admin screens
 * call this; the mail goes out only when the decision was recorded.
 */
export async function reviewDocuments(
  db: Kysely<DB>,
  enrolmentId: number,
  decision: ReviewDecision,
  options: { staff: string; origin: string },
): Promise<{ ok: boolean }> {
  const outcome = decision.approve
    ? await approveDocuments(db, enrolmentId, options.staff)
    : await rejectDocuments(db, enrolmentId, decision.reason, options.staff);
  if (!outcome.ok) return { ok: false };
  await sendDocumentsDecisionMail(db, enrolmentId, options.origin);
  return { ok: true };
}
