import type { Kysely } from "kysely";
import { siteOrigin, siteUrl } from "~/config.server";
import type { DB } from "~/db.server";
import { mailFor } from "~/mail/message";
import { sendMail } from "~/mail/mailer.server";
import { enrolmentConfirmed } from "~/mail/messages/enrolment-confirmed";
import { enrolmentInReview } from "~/mail/messages/enrolment-in-review";
import { enrolmentRejected } from "~/mail/messages/enrolment-rejected";
import { paymentReceipt } from "~/mail/messages/payment-receipt";
import { accessPdfFor } from "./access-pdf.server";

async function enrolmentFacts(db: Kysely<DB>, enrolmentId: number) {
  return db
    .selectFrom("enrolments")
    .innerJoin("participants", "participants.id", "enrolments.participant_id")
    .innerJoin("courses", "courses.course_id", "enrolments.course_id")
    .select([
      "enrolments.id",
      "enrolments.status",
      "enrolments.modality",
      "enrolments.modality_note",
      "enrolments.amount_centavos",
      "participants.name",
      "participants.email",
      "participants.id as participant_id",
      "courses.course_name",
      "courses.course_start_date",
      "courses.course_finish_date",
    ])
    .where("enrolments.id", "=", enrolmentId)
    .executeTakeFirstOrThrow();
}

/** The payment receipt and the enrolment confirmation, after an approved card payment. */
export async function sendPaymentApprovedMails(
  db: Kysely<DB>,
  enrolmentId: number,
  payment: { controlNumber: string; referencia: string | null; codigoAut: string | null; amountCentavos: number },
  origin: string,
) {
  const facts = await enrolmentFacts(db, enrolmentId);
  await sendMail(
    mailFor(
      paymentReceipt,
      { name: facts.name, courseName: facts.course_name, ...payment, profileUrl: siteUrl("/profile", origin) },
      { to: facts.email },
    ),
  );
  await sendEnrolmentConfirmedMail(db, enrolmentId, payment.controlNumber, origin);
}

/** The enrolment confirmation, with the access PDF attached (sent without it if rendering fails). */
export async function sendEnrolmentConfirmedMail(db: Kysely<DB>, enrolmentId: number, controlNumber: string | null, origin: string) {
  const facts = await enrolmentFacts(db, enrolmentId);
  let pdf: Buffer | null = null;
  try {
    pdf = await accessPdfFor(db, enrolmentId, origin);
  } catch (error) {
    console.error("access PDF for the confirmation mail failed", error);
  }
  const input = {
    name: facts.name,
    courseName: facts.course_name,
    status: facts.status,
    modality: facts.modality,
    modalityNote: facts.modality_note,
    participantId: facts.participant_id,
    controlNumber,
    profileUrl: siteUrl("/profile", origin),
  };
  await sendMail(
    mailFor(enrolmentConfirmed, input, {
      to: facts.email,
      attachments: pdf ? [{ filename: "Acceso al curso.pdf", content: pdf, contentType: "application/pdf" }] : undefined,
    }),
  );
}

export async function sendSentToReviewMail(db: Kysely<DB>, enrolmentId: number, origin: string = siteOrigin()) {
  const facts = await enrolmentFacts(db, enrolmentId);
  await sendMail(
    mailFor(enrolmentInReview, { name: facts.name, courseName: facts.course_name, profileUrl: siteUrl("/profile", origin) }, { to: facts.email }),
  );
}

/** The participant hears the review's decision: access data on approval, the reason on rejection. */
export async function sendDocumentsDecisionMail(db: Kysely<DB>, enrolmentId: number, origin: string) {
  const facts = await enrolmentFacts(db, enrolmentId);
  if (facts.status === "confirmada") return sendEnrolmentConfirmedMail(db, enrolmentId, null, origin);
  if (facts.status !== "rechazada") return;
  const row = await db.selectFrom("enrolments").select("rejection_reason").where("id", "=", enrolmentId).executeTakeFirstOrThrow();
  const profileUrl = siteUrl("/profile", origin);
  await sendMail(
    mailFor(enrolmentRejected, { name: facts.name, courseName: facts.course_name, reason: row.rejection_reason, profileUrl }, { to: facts.email }),
  );
}
