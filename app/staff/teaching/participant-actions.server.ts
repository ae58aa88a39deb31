import { z } from "zod";
import { DEFAULT_INTENT, staffIntent } from "~/actions/pipeline.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { enrolWithOfflinePayment } from "~/enrolment/offline-payments.server";
import { countOf, pluralForm } from "~/utils/plural";
import { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE } from "~/utils/text-checks";
import { redirectWithToast } from "~/utils/toast.server";
import { RECEIPT_MESSAGES } from "./admin-uploads.server";
import { reviewParticipant, type ReviewOutcome } from "./document-review.server";
import { enrolWithPaymentSchema } from "./payment-forms.server";
import { idParam } from "./route-helpers.server";

// The forms of a participant's staff page (/admin/estudiantes/:participantId), as pipeline intents.

export const reviewSchema = z.object({
  documents: z
    .array(
      z.object({
        documentId: z.number({ error: "Documento no válido." }).int(),
        decision: z.enum(["aprobar", "rechazar"], { error: "Elija aprobar o rechazar este documento." }),
        reason: z
          .string()
          .trim()
          .max(500, "El motivo es demasiado largo (máximo 500 caracteres).")
          .refine((value) => !hasForbiddenCharacters(value, true), INVISIBLE_CHARACTERS_MESSAGE)
          .optional(),
      }),
    )
    .default([]),
});

type Done = Extract<ReviewOutcome, { ok: true }>;

/** The toast after a review: what was approved, rejected and confirmed, and what could not be. */
export function reviewSummary(outcome: Done): string {
  const parts = [
    outcome.approved ? countOf(outcome.approved, { one: "documento aprobado", other: "documentos aprobados" }) : null,
    outcome.rejected ? `${countOf(outcome.rejected, { one: "rechazado", other: "rechazados" })}; le avisamos por correo el motivo` : null,
    outcome.confirmedEnrolments.length
      ? `${countOf(outcome.confirmedEnrolments.length, { one: "inscripción confirmada", other: "inscripciones confirmadas" })} con su acceso por correo`
      : null,
    outcome.notConfirmed.length
      ? `${countOf(outcome.notConfirmed.length, { one: "inscripción", other: "inscripciones" })} sin lugar presencial: aumente el cupo o ${pluralForm(outcome.notConfirmed.length, { one: "cámbiela", other: "cámbielas" })} a en línea`
      : null,
  ].filter(Boolean);
  return parts.length ? `${parts.join("; ")}.` : "Sin cambios.";
}

const pathOf = (params: { participantId?: string }) => `/admin/estudiantes/${idParam(params.participantId)}`;

const review = staffIntent({
  schema: reviewSchema,
  step: (ctx, { value, args }) =>
    reviewParticipant(db, ctx, {
      participantId: idParam(args.params.participantId),
      decisions: value.documents.map((d) => ({ documentId: d.documentId, approve: d.decision === "aprobar", reason: d.reason ?? null })),
      origin: siteOrigin(),
    }),
  done: (outcome, { args }) => redirectWithToast(pathOf(args.params), { type: "success", description: reviewSummary(outcome as Done) }),
});

export const PARTICIPANT_INTENTS = {
  revision: review,
  // A review posted without an intent (a page rendered before the intent field).
  [DEFAULT_INTENT]: review,
  inscribir_pago: staffIntent({
    schema: enrolWithPaymentSchema,
    requiredFiles: { receipt: RECEIPT_MESSAGES.missing },
    step: (ctx, { value, files, args }) =>
      enrolWithOfflinePayment(db, ctx, {
        participantId: idParam(args.params.participantId),
        courseId: value.course_id,
        modality: value.modality,
        method: value.method,
        amountCentavos: value.amount,
        paidOn: value.paid_on,
        reference: value.reference,
        belowPriceReason: value.below_price_reason ?? null,
        receipt: files.get("receipt")!,
        origin: siteOrigin(),
      }),
    done: (outcome, { args }) =>
      redirectWithToast(pathOf(args.params), {
        type: outcome.refundNeeded ? "info" : "success",
        description: outcome.refundNeeded
          ? "Registramos el pago, pero ya no había lugar presencial y el curso no es en línea: la inscripción quedó cancelada para reembolso."
          : "Inscribimos al participante con su pago fuera de línea; recibió su acceso por correo.",
      }),
  }),
};
