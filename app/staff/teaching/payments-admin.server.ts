import type { Kysely } from "kysely";
import type { Profile } from "~/courses/pricing";
import type { DB, EnrolmentModality, EnrolmentStatus } from "~/db.server";
import { getParticipantDetail, type CardAttemptRow, type OfflinePaymentRow, type RefundRow } from "./participants-admin.server";

export interface EnrolmentPayments {
  enrolment: {
    id: number;
    courseId: number;
    courseName: string;
    participantId: number;
    participantName: string;
    profile: Profile;
    status: EnrolmentStatus;
    modality: EnrolmentModality;
    amountCentavos: number;
    /** The enrolment's own reference (quoted on a transfer). */
    reference: string | null;
    /** When the participant chose to pay by transfer or at a bank window (issue 19). */
    offlineIntentAt: string | null;
  };
  cardAttempts: CardAttemptRow[];
  offlinePayments: OfflinePaymentRow[];
  refunds: RefundRow[];
}

/** One enrolment with its card attempts, off-line payments and refunds (the staff payments page). */
export async function getEnrolmentPayments(db: Kysely<DB>, enrolmentId: number): Promise<EnrolmentPayments | null> {
  const row = await db
    .selectFrom("enrolments as e")
    .innerJoin("courses as c", "c.course_id", "e.course_id")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .select([
      "e.id",
      "e.course_id",
      "c.course_name",
      "e.participant_id",
      "p.name",
      "p.role",
      "e.status",
      "e.modality",
      "e.amount_centavos",
      "e.reference",
      "e.offline_intent_at",
    ])
    .where("e.id", "=", enrolmentId)
    .executeTakeFirst();
  if (!row) return null;
  const detail = await getParticipantDetail(db, row.participant_id);
  const mine = <T extends { enrolmentId: number }>(list: T[]) => list.filter((item) => item.enrolmentId === enrolmentId);
  return {
    enrolment: {
      id: row.id,
      courseId: row.course_id,
      courseName: row.course_name,
      participantId: row.participant_id,
      participantName: row.name,
      profile: row.role,
      status: row.status,
      modality: row.modality,
      amountCentavos: row.amount_centavos,
      reference: row.reference,
      offlineIntentAt: row.offline_intent_at,
    },
    cardAttempts: mine(detail?.cardAttempts ?? []),
    offlinePayments: mine(detail?.offlinePayments ?? []),
    refunds: mine(detail?.refunds ?? []),
  };
}
