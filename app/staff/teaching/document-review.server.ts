import type { Kysely } from "kysely";
import { sql } from "kysely";
import { DOCUMENT_KIND_LABELS } from "~/accounts/documents";
import type { Profile } from "~/courses/pricing";
import type { DB, DocumentReviewStatus, ParticipantDocumentKind } from "~/db.server";
import { sendEnrolmentConfirmedMail } from "~/enrolment/enrolment-mail.server";
import { confirmEnrolment } from "~/enrolment/enrolment.server";
import { sendMail } from "~/mail/mailer.server";
import { mexicoCityDaysBetween } from "~/utils/mexico-city";
import { actorLabel, audit, type StaffContext } from "./staff-context.server";

/**
 * THE REVIEW MODEL (decision 0016). The decision is taken per document
 * (participant_documents.status: pendiente → aprobado | rechazado with a reason); the enrolment
 * follows from it and is never decided on its own:
 *
 * - when every document of the participant is approved, each enrolment of theirs that waits for
 *   review (pendiente_de_revision) is confirmed through the enrolment transition table and the
 *   access PDF goes out by e-mail;
 * - when a document is rejected, the participant is e-mailed the reason and the enrolment keeps
 *   waiting; a replacement uploaded from /profile puts the document back to pendiente, and so
 *   back in the queue.
 */

export interface QueueItem {
  participantId: number;
  name: string;
  email: string;
  profile: Profile;
  pendingDocuments: number;
  coursesInReview: string[];
  /** ISO instant: the oldest thing waiting (a pending document or an enrolment in review). */
  waitingSince: string;
  daysWaiting: number;
}

/**
 * Who waits for the Teaching office, oldest first: participants with a pending document, and
 * participants whose documents are all approved but who have an enrolment in review (a second
 * course). A participant whose rejected document was not replaced yet waits on themselves, not here.
 */
export async function listReviewQueue(db: Kysely<DB>, now = new Date()): Promise<QueueItem[]> {
  const rows = await db
    .selectFrom("participants as p")
    .select([
      "p.id",
      "p.name",
      "p.email",
      "p.role",
      sql<number>`(SELECT count(*) FROM participant_documents d WHERE d.participant_id = p.id AND d.status = 'pendiente')`.as("pending"),
      sql<number>`(SELECT count(*) FROM participant_documents d WHERE d.participant_id = p.id AND d.status = 'rechazado')`.as("rejected"),
      sql<string | null>`(SELECT min(d.updated_at) FROM participant_documents d WHERE d.participant_id = p.id AND d.status = 'pendiente')`.as(
        "oldest_document",
      ),
      sql<string | null>`(SELECT min(e.created_at) FROM enrolments e WHERE e.participant_id = p.id AND e.status = 'pendiente_de_revision')`.as(
        "oldest_enrolment",
      ),
      sql<
        string | null
      >`(SELECT group_concat(c.course_name, '|') FROM enrolments e JOIN courses c ON c.course_id = e.course_id WHERE e.participant_id = p.id AND e.status = 'pendiente_de_revision')`.as(
        "courses",
      ),
    ])
    .where((eb) =>
      eb.or([
        eb.exists(
          eb.selectFrom("participant_documents as d").select("d.id").whereRef("d.participant_id", "=", "p.id").where("d.status", "=", "pendiente"),
        ),
        eb.exists(
          eb.selectFrom("enrolments as e").select("e.id").whereRef("e.participant_id", "=", "p.id").where("e.status", "=", "pendiente_de_revision"),
        ),
      ]),
    )
    .execute();
  return rows
    .filter((row) => Number(row.pending) > 0 || Number(row.rejected) === 0)
    .map((row) => {
      const waitingSince = [row.oldest_document, row.oldest_enrolment].filter((v): v is string => Boolean(v)).sort()[0]!;
      return {
        participantId: row.id,
        name: row.name,
        email: row.email,
        profile: row.role,
        pendingDocuments: Number(row.pending),
        coursesInReview: row.courses ? row.courses.split("|") : [],
        waitingSince,
        daysWaiting: mexicoCityDaysBetween(waitingSince, now),
      };
    })
    .sort((a, b) => a.waitingSince.localeCompare(b.waitingSince) || a.participantId - b.participantId);
}

export interface DocumentDecision {
  documentId: number;
  approve: boolean;
  reason?: string | null;
}

export type ReviewOutcome =
  | { ok: true; approved: number; rejected: number; confirmedEnrolments: number[]; notConfirmed: { enrolmentId: number; reason: "no-seats" }[] }
  | { ok: false; status: 400 | 404; formErrors: readonly string[]; fieldErrors: Record<string, string[]> };

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * Records the Teaching office's decisions on a participant's pending documents and lets the
 * enrolments follow (see the model above). One transaction for the decisions, the confirmations
 * and the audit rows; the e-mails go out after it committed. Refused input (a document that is
 * not this participant's or not pending, a rejection without a reason) stores nothing.
 */
export async function reviewParticipant(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { participantId: number; decisions: DocumentDecision[]; origin: string },
): Promise<ReviewOutcome> {
  const fieldErrors: Record<string, string[]> = {};
  const reasons = new Map<number, string>();
  input.decisions.forEach((decision, index) => {
    if (decision.approve) return;
    const reason = decision.reason?.trim() ?? "";
    if (reason.length === 0) fieldErrors[`documents[${index}].reason`] = ["Escriba el motivo del rechazo: se le enviará al participante."];
    else if (reason.length > 500) fieldErrors[`documents[${index}].reason`] = ["El motivo es demasiado largo (máximo 500 caracteres)."];
    else if (CONTROL.test(reason)) fieldErrors[`documents[${index}].reason`] = ["Quite los caracteres de control del motivo."];
    else reasons.set(decision.documentId, reason);
  });
  if (new Set(input.decisions.map((d) => d.documentId)).size !== input.decisions.length) {
    return { ok: false, status: 400, formErrors: ["Cada documento se decide una sola vez."], fieldErrors };
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, formErrors: [], fieldErrors };

  const result = await db.transaction().execute(async (trx) => {
    const participant = await trx.selectFrom("participants").select(["id", "name", "email"]).where("id", "=", input.participantId).executeTakeFirst();
    if (!participant) return { ok: false, status: 404, formErrors: ["El participante no existe."], fieldErrors: {} } as const;
    const documents = await trx.selectFrom("participant_documents").selectAll().where("participant_id", "=", input.participantId).execute();
    const byId = new Map(documents.map((document) => [document.id, document]));
    for (const decision of input.decisions) {
      const document = byId.get(decision.documentId);
      if (!document) return { ok: false, status: 404, formErrors: ["Uno de los documentos no es de este participante."], fieldErrors: {} } as const;
      if (document.status !== "pendiente") {
        return {
          ok: false,
          status: 400,
          formErrors: [`El documento «${DOCUMENT_KIND_LABELS[document.kind]}» ya fue revisado; recargue la página.`],
          fieldErrors: {},
        } as const;
      }
    }
    const now = new Date().toISOString();
    const rejected: { kind: ParticipantDocumentKind; reason: string }[] = [];
    for (const decision of input.decisions) {
      const document = byId.get(decision.documentId)!;
      const status: DocumentReviewStatus = decision.approve ? "aprobado" : "rechazado";
      const reason = decision.approve ? null : reasons.get(decision.documentId)!;
      // Only a pending document changes: a second reviewer's concurrent decision cannot overwrite.
      const updated = await trx
        .updateTable("participant_documents")
        .set({ status, rejection_reason: reason, reviewed_at: now, reviewed_by: actorLabel(ctx), updated_at: now })
        .where("id", "=", document.id)
        .where("status", "=", "pendiente")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) throw new Error("document changed during review");
      byId.set(document.id, { ...document, status, rejection_reason: reason });
      if (reason) rejected.push({ kind: document.kind, reason });
      await audit(trx, ctx, {
        action: decision.approve ? "documento.aprobar" : "documento.rechazar",
        entity: "participant_document",
        entityId: document.id,
        before: { status: document.status, participant_id: document.participant_id, kind: document.kind },
        after: { status, rejection_reason: reason },
      });
    }

    const confirmed: number[] = [];
    const notConfirmed: { enrolmentId: number; reason: "no-seats" }[] = [];
    const allApproved = documents.length > 0 && [...byId.values()].every((document) => document.status === "aprobado");
    if (allApproved) {
      const waiting = await trx
        .selectFrom("enrolments")
        .select(["id", "status"])
        .where("participant_id", "=", input.participantId)
        .where("status", "=", "pendiente_de_revision")
        .orderBy("id")
        .execute();
      for (const enrolment of waiting) {
        const outcome = await confirmEnrolment(trx, enrolment.id, { paid: false });
        if (outcome.ok && !("refund" in outcome)) {
          await trx
            .updateTable("enrolments")
            .set({ reviewed_by: actorLabel(ctx) })
            .where("id", "=", enrolment.id)
            .execute();
          await audit(trx, ctx, {
            action: "inscripcion.confirmar_por_revision",
            entity: "enrolment",
            entityId: enrolment.id,
            before: { status: enrolment.status },
            after: { status: "confirmada", modality: outcome.modality },
          });
          confirmed.push(enrolment.id);
        } else {
          notConfirmed.push({ enrolmentId: enrolment.id, reason: "no-seats" });
        }
      }
    }
    return {
      ok: true,
      approved: input.decisions.filter((d) => d.approve).length,
      rejected: rejected.length,
      confirmedEnrolments: confirmed,
      notConfirmed,
      participant,
      rejectedList: rejected,
    } as const;
  });
  if (!result.ok) return result;

  for (const enrolmentId of result.confirmedEnrolments) await sendEnrolmentConfirmedMail(db, enrolmentId, null, input.origin);
  if (result.rejectedList.length > 0) {
    await sendMail({
      to: result.participant.email,
      subject: "Documentación no aprobada: reemplace sus documentos",
      text: [
        `Hola, ${result.participant.name}:`,
        "",
        "La Dirección de Enseñanza revisó sus documentos y no pudo aprobar los siguientes:",
        ...result.rejectedList.map((item) => `- ${DOCUMENT_KIND_LABELS[item.kind]}. Motivo: ${item.reason}`),
        "",
        "Entre a «Mi perfil» (/profile) y, en «Mis documentos», suba un archivo nuevo para cada uno. Volveremos a revisarlos.",
        "Sus solicitudes de inscripción siguen en espera mientras tanto.",
      ].join("\n"),
    });
  }
  return {
    ok: true,
    approved: result.approved,
    rejected: result.rejected,
    confirmedEnrolments: result.confirmedEnrolments,
    notConfirmed: result.notConfirmed,
  };
}
