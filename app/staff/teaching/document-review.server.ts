import type { Kysely } from "kysely";
import { sql } from "kysely";
import { z } from "zod";
import { DOCUMENT_KIND_LABELS } from "~/accounts/documents";
import type { Profile } from "~/courses/pricing";
import type { DB, DocumentReviewStatus, ParticipantDocumentKind } from "~/db.server";
import { sendEnrolmentConfirmedMail } from "~/enrolment/enrolment-mail.server";
import { confirmEnrolment } from "~/enrolment/enrolment.server";
import { sendMail } from "~/mail/mailer.server";
import { keysetTerms, pageFrom, type KeysetPage, type PagePosition } from "~/utils/keyset-paging.server";
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

export const REVIEW_QUEUE_PAGE_SIZE = 50;

/** A position in the review queue: (waiting since, participant id), oldest first. */
export const reviewQueueCursor = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/),
  z.number().int().min(450_000).max(899_999),
]);
export type ReviewQueueKey = z.infer<typeof reviewQueueCursor>;

/**
 * The queue as SQL: each waiting participant once, with the oldest thing waiting and how many
 * documents are pending. It is built from the two small sets that wait (pending documents through
 * participant_documents_status, enrolments in review through the partial index
 * enrolments_in_review), never from the participants table, so its cost follows the queue's
 * length, not the number of participants. A participant whose rejected document was not replaced
 * yet, and who has nothing else pending, waits on themselves, not here.
 */
const QUEUE = sql`
  WITH docs AS (
    SELECT participant_id, min(updated_at) AS oldest, count(*) AS pending
    FROM participant_documents WHERE status = 'pendiente' GROUP BY participant_id
  ), reviews AS (
    SELECT participant_id, min(created_at) AS oldest
    FROM enrolments WHERE status = 'pendiente_de_revision' GROUP BY participant_id
  ), waiting AS (
    SELECT participant_id, min(oldest) AS waiting_since, sum(pending) AS pending
    FROM (SELECT participant_id, oldest, pending FROM docs UNION ALL SELECT participant_id, oldest, 0 FROM reviews)
    GROUP BY participant_id
  ), queue AS (
    SELECT w.participant_id, w.waiting_since, w.pending FROM waiting w
    WHERE w.pending > 0
      OR NOT EXISTS (SELECT 1 FROM participant_documents d WHERE d.participant_id = w.participant_id AND d.status = 'rechazado')
  )`;

/**
 * Who waits for the Teaching office, oldest first, one page at a time by keyset: participants
 * with a pending document, and participants whose documents are all approved but who have an
 * enrolment in review (a second course). `total` is the whole queue's length.
 */
export async function listReviewQueue(
  db: Kysely<DB>,
  now = new Date(),
  position: PagePosition<ReviewQueueKey> | null = null,
  limit = REVIEW_QUEUE_PAGE_SIZE,
): Promise<KeysetPage<QueueItem> & { total: number }> {
  const keyset = keysetTerms([sql`q.waiting_since`, sql`q.participant_id`], "asc", position);
  const order = sql.raw(keyset.order);
  const [page, counted] = await Promise.all([
    sql<{
      id: number;
      name: string;
      email: string;
      role: Profile;
      pending: number;
      waiting_since: string;
      courses: string | null;
    }>`${QUEUE}
      SELECT p.id, p.name, p.email, p.role, page.pending, page.waiting_since,
        (SELECT group_concat(c.course_name, '|') FROM enrolments e JOIN courses c ON c.course_id = e.course_id
          WHERE e.participant_id = page.participant_id AND e.status = 'pendiente_de_revision') AS courses
      FROM (
        SELECT q.participant_id, q.waiting_since, q.pending FROM queue q
        ${keyset.where ? sql`WHERE ${keyset.where}` : sql``}
        ORDER BY q.waiting_since ${order}, q.participant_id ${order}
        LIMIT ${limit + 1}
      ) AS page
      JOIN participants p ON p.id = page.participant_id
      ORDER BY page.waiting_since ${order}, page.participant_id ${order}`.execute(db),
    sql<{ n: number }>`${QUEUE} SELECT count(*) AS n FROM queue`.execute(db),
  ]);
  const result = pageFrom(
    page.rows.map((row) => ({
      participantId: row.id,
      name: row.name,
      email: row.email,
      profile: row.role,
      pendingDocuments: Number(row.pending),
      coursesInReview: row.courses ? row.courses.split("|") : [],
      waitingSince: row.waiting_since,
      daysWaiting: Math.max(0, Math.floor((now.getTime() - Date.parse(row.waiting_since)) / 86_400_000)),
    })),
    limit,
    position,
    (item) => [item.waitingSince, item.participantId],
  );
  return { ...result, total: Number(counted.rows[0]?.n ?? 0) };
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
