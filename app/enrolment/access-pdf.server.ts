import type { Kysely } from "kysely";
import { siteUrl } from "~/config.server";
import { PROFILE_LABELS } from "~/courses/pricing";
import type { DB } from "~/db.server";
import { renderAccessPdf, type AccessDocumentData } from "./access-document.server";
import { verificationUrl } from "./verification";

/**
 * The facts of a confirmed enrolment's access PDF, or null when the enrolment is not confirmed
 * (or not this participant's, when `ownerId` is given).
 */
export async function accessDocumentData(db: Kysely<DB>, enrolmentId: number, origin: string, ownerId?: number): Promise<AccessDocumentData | null> {
  const row = await db
    .selectFrom("enrolments")
    .innerJoin("participants", "participants.id", "enrolments.participant_id")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select([
      "enrolments.participant_id",
      "enrolments.status",
      "enrolments.modality",
      "enrolments.amount_centavos",
      "enrolments.verification_token",
      "participants.name",
      "participants.role",
      "courses.course_name",
      "courses.course_start_date",
      "courses.course_finish_date",
      "enrolments.reference",
      "courses.venue",
      "courses.online_access_url",
      "courses.course_password",
    ])
    .where("enrolments.id", "=", enrolmentId)
    .executeTakeFirst();
  if (!row || row.status !== "confirmada") return null;
  if (ownerId !== undefined && row.participant_id !== ownerId) return null;
  const payment = await db
    .selectFrom("payment_attempts")
    .select(["control_number", "amount_centavos"])
    .where("enrolment_id", "=", enrolmentId)
    .where("status", "=", "approved")
    // An approval flagged for refund (a duplicate) is not the one that paid.
    .where("refund_reason", "is", null)
    .executeTakeFirst();
  return {
    participant: { name: row.name, profileLabel: PROFILE_LABELS[row.role], participantId: String(row.participant_id) },
    course: { name: row.course_name, startDate: row.course_start_date, finishDate: row.course_finish_date },
    modality:
      row.modality === "presencial"
        ? { kind: "presencial", venue: row.venue ?? "Hospital Infantil de México Federico Gómez (la sede se confirmará por correo)" }
        : {
            kind: "en_linea",
            // Courses without a published link: the participant finds the access in their profile.
            accessUrl: row.online_access_url ?? siteUrl("/profile", origin),
            coursePassword: row.course_password,
          },
    // Free and reviewed enrolments have no payment: the enrolment number stands in.
    controlNumber: payment?.control_number ?? row.reference ?? "",
    amountCentavos: payment?.amount_centavos ?? row.amount_centavos,
    verificationUrl: verificationUrl(origin, row.verification_token),
  };
}

export async function accessPdfFor(db: Kysely<DB>, enrolmentId: number, origin: string, ownerId?: number): Promise<Buffer | null> {
  const facts = await accessDocumentData(db, enrolmentId, origin, ownerId);
  return facts ? renderAccessPdf(facts) : null;
}
