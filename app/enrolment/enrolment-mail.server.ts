import type { Kysely } from "kysely";
import { siteOrigin, siteUrl } from "~/config.server";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatMoney } from "~/courses/pricing";
import type { DB } from "~/db.server";
import { sendMail } from "~/mail/mailer.server";
import { accessPdfFor } from "./access-pdf.server";
import { ENROLMENT_STATUS_LABELS } from "./enrolment-labels";

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
  const amount = `${formatMoney(payment.amountCentavos)} MXN`;
  await sendMail({
    to: facts.email,
    subject: `Recibo de pago ${payment.controlNumber}`,
    text: [
      `Hola, ${facts.name}:`,
      "",
      `Recibimos su pago con tarjeta por ${amount} para el curso «${facts.course_name}».`,
      `Número de control: ${payment.controlNumber}`,
      `Referencia bancaria: ${payment.referencia ?? "—"}`,
      `Código de autorización: ${payment.codigoAut ?? "—"}`,
      "",
      "Los pagos en línea pueden tardar hasta 72 horas hábiles en reflejarse en el banco.",
      "",
      "Sus inscripciones y pagos están en «Mi perfil»:",
      siteUrl("/profile", origin),
    ].join("\n"),
  });
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
  await sendMail({
    to: facts.email,
    subject: `Inscripción confirmada: ${facts.course_name}`,
    text: [
      `Hola, ${facts.name}:`,
      "",
      `Su inscripción al curso «${facts.course_name}» está ${ENROLMENT_STATUS_LABELS[facts.status].toLowerCase()}.`,
      `Modalidad: ${ENROLMENT_MODALITY_LABELS[facts.modality]}`,
      ...(facts.modality_note ? [facts.modality_note] : []),
      `Número de participante: ${facts.participant_id}`,
      ...(controlNumber ? [`Número de control: ${controlNumber}`] : []),
      "",
      "Adjuntamos su documento de acceso. También puede descargarlo en «Mis inscripciones», dentro de «Mi perfil»:",
      siteUrl("/profile", origin),
    ].join("\n"),
    attachments: pdf ? [{ filename: "Acceso al curso.pdf", content: pdf, contentType: "application/pdf" }] : undefined,
  });
}

export async function sendSentToReviewMail(db: Kysely<DB>, enrolmentId: number, origin: string = siteOrigin()) {
  const facts = await enrolmentFacts(db, enrolmentId);
  await sendMail({
    to: facts.email,
    subject: `Documentación en revisión: ${facts.course_name}`,
    text: [
      `Hola, ${facts.name}:`,
      "",
      `Recibimos su solicitud de inscripción al curso «${facts.course_name}». La Dirección de Enseñanza revisará su documentación.`,
      "Cuando termine la revisión le enviaremos por correo electrónico los datos de acceso al curso.",
      "",
      "Puede ver el estado de su solicitud en «Mi perfil»:",
      siteUrl("/profile", origin),
    ].join("\n"),
  });
}

/** The participant hears the review's decision: access data on approval, the reason on rejection. */
export async function sendDocumentsDecisionMail(db: Kysely<DB>, enrolmentId: number, origin: string) {
  const facts = await enrolmentFacts(db, enrolmentId);
  if (facts.status === "confirmada") return sendEnrolmentConfirmedMail(db, enrolmentId, null, origin);
  if (facts.status !== "rechazada") return;
  const row = await db.selectFrom("enrolments").select("rejection_reason").where("id", "=", enrolmentId).executeTakeFirstOrThrow();
  await sendMail({
    to: facts.email,
    subject: `Documentación no aprobada: ${facts.course_name}`,
    text: [
      `Hola, ${facts.name}:`,
      "",
      `La Dirección de Enseñanza revisó su documentación para el curso «${facts.course_name}» y no pudo aprobarla.`,
      `Motivo: ${row.rejection_reason ?? "—"}`,
      "",
      "Puede actualizar sus documentos en «Mi perfil» y volver a solicitar la inscripción:",
      siteUrl("/profile", origin),
    ].join("\n"),
  });
}
