import type { Kysely } from "kysely";
import { formatCalendarDate } from "~/courses/catalogue";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { PROFILE_LABELS } from "~/courses/pricing";
import type { DB } from "~/db.server";
import { isVerificationToken } from "./verification";

export interface EnrolmentVerification {
  participantName: string;
  profileLabel: string;
  participantId: number;
  courseName: string;
  startDate: string;
  finishDate: string;
  modalityLabel: string;
  controlNumber: string;
  confirmedAt: string | null;
}

/**
 * What the QR code of an access PDF shows to whoever holds the link: who is enrolled in which
 * course, and nothing more (never the course password, access link, e-mail or documents). Only
 * confirmed enrolments verify; anything else is "not found".
 */
export async function getEnrolmentForVerification(db: Kysely<DB>, token: string): Promise<EnrolmentVerification | null> {
  if (!isVerificationToken(token)) return null;
  const row = await db
    .selectFrom("enrolments")
    .innerJoin("participants", "participants.id", "enrolments.participant_id")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select([
      "enrolments.id",
      "enrolments.status",
      "enrolments.modality",
      "enrolments.confirmed_at",
      "participants.id as participant_id",
      "participants.name",
      "participants.role",
      "courses.course_name",
      "courses.course_start_date",
      "courses.course_finish_date",
      "enrolments.reference",
    ])
    .where("enrolments.verification_token", "=", token)
    .executeTakeFirst();
  if (!row || row.status !== "confirmada") return null;
  const payment = await db
    .selectFrom("payment_attempts")
    .select("control_number")
    .where("enrolment_id", "=", row.id)
    .where("status", "=", "approved")
    // An approval flagged for refund (a duplicate) is not the one that paid.
    .where("refund_reason", "is", null)
    .executeTakeFirst();
  return {
    participantName: row.name,
    profileLabel: PROFILE_LABELS[row.role],
    participantId: row.participant_id,
    courseName: row.course_name,
    startDate: formatCalendarDate(row.course_start_date),
    finishDate: formatCalendarDate(row.course_finish_date),
    modalityLabel: ENROLMENT_MODALITY_LABELS[row.modality],
    // The same reference the access PDF prints for enrolments without a card payment.
    controlNumber: payment?.control_number ?? row.reference ?? "",
    confirmedAt: row.confirmed_at,
  };
}
