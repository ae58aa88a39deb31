import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import { z } from "zod";
import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { DOCUMENT_KIND_LABELS, DOCUMENT_STATUS_LABELS } from "~/accounts/documents";
import { siteUrl } from "~/config.server";
import type { Profile } from "~/courses/pricing";
import type { DB, DocumentReviewStatus, ParticipantDocumentKind } from "~/db.server";
import { sendEnrolmentConfirmedMail } from "~/enrolment/enrolment-mail.server";
import { confirmEnrolment } from "~/enrolment/enrolment.server";
import { mailFor } from "~/mail/message";
import { sendMail } from "~/mail/mailer.server";
import { documentsRejected } from "~/mail/messages/documents-rejected";
import { mexicoCityDaysBetween } from "~/utils/mexico-city";
import { keysetTerms, pageFrom, type KeysetPage, type PagePosition } from "~/utils/keyset-paging.server";
import { actorLabel, audit, type StaffContext } from "./staff-context.server";
import * as clock from "~/utils/clock.server";

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
  /** The pending documents themselves (for «Aprobar seleccionados»), in upload order. */
  documents: { id: number; kind: ParticipantDocumentKind }[];
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
  now = clock.now(),
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
  // The page's pending documents (for «Aprobar seleccionados»), through the (participant_id, kind) unique index.
  const participantIds = page.rows.map((row) => row.id);
  const pendingDocuments = participantIds.length
    ? await db
        .selectFrom("participant_documents")
        .select(["id", "participant_id", "kind"])
        .where("participant_id", "in", participantIds)
        .where("status", "=", "pendiente")
        .orderBy("id")
        .execute()
    : [];
  const documentsOf = new Map<number, QueueItem["documents"]>();
  for (const document of pendingDocuments) {
    documentsOf.set(document.participant_id, [...(documentsOf.get(document.participant_id) ?? []), { id: document.id, kind: document.kind }]);
  }
  const result = pageFrom(
    page.rows.map((row) => ({
      participantId: row.id,
      name: row.name,
      email: row.email,
      profile: row.role,
      pendingDocuments: Number(row.pending),
      documents: documentsOf.get(row.id) ?? [],
      coursesInReview: row.courses ? row.courses.split("|") : [],
      waitingSince: row.waiting_since,
      daysWaiting: mexicoCityDaysBetween(row.waiting_since, now),
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

export type ReviewOutcome = Outcome<{
  approved: number;
  rejected: number;
  confirmedEnrolments: number[];
  notConfirmed: { enrolmentId: number; reason: "no-seats" }[];
}>;

/** What one participant's decisions did, and what the e-mails after the commit need. */
interface DecidedDocuments {
  ok: true;
  approved: number;
  rejected: number;
  confirmedEnrolments: number[];
  notConfirmed: { enrolmentId: number; reason: "no-seats" }[];
  participant: { id: number; name: string; email: string };
  rejectedList: { kind: ParticipantDocumentKind; reason: string }[];
}

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;

/**
 * One participant's decisions inside the caller's transaction: every document checked (this
 * participant's, still pending), each decision stored with its own audit row, and the enrolments
 * that wait for review confirmed once every document is approved. A refusal is returned before
 * anything is written. `reasons` holds the checked rejection reasons by document id.
 */
async function decideDocuments(
  trx: Transaction<DB>,
  ctx: StaffContext,
  participantId: number,
  decisions: readonly DocumentDecision[],
  reasons: ReadonlyMap<number, string>,
): Promise<DecidedDocuments | Refusal> {
  const participant = await trx.selectFrom("participants").select(["id", "name", "email"]).where("id", "=", participantId).executeTakeFirst();
  if (!participant) return refuse(404, "El participante no existe.");
  const documents = await trx.selectFrom("participant_documents").selectAll().where("participant_id", "=", participantId).execute();
  const byId = new Map(documents.map((document) => [document.id, document]));
  for (const decision of decisions) {
    const document = byId.get(decision.documentId);
    if (!document) return refuse(404, "Uno de los documentos no es de este participante.");
    if (document.status !== "pendiente") {
      return refuse(400, `El documento «${DOCUMENT_KIND_LABELS[document.kind]}» ya fue revisado; recargue la página.`);
    }
  }
  const now = clock.nowIso();
  const rejected: { kind: ParticipantDocumentKind; reason: string }[] = [];
  for (const decision of decisions) {
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
      .where("participant_id", "=", participantId)
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
    approved: decisions.filter((d) => d.approve).length,
    rejected: rejected.length,
    confirmedEnrolments: confirmed,
    notConfirmed,
    participant,
    rejectedList: rejected,
  } as const;
}

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
    return refuse(400, { form: "Cada documento se decide una sola vez.", fields: fieldErrors });
  }
  if (Object.keys(fieldErrors).length > 0) return refuse(400, { fields: fieldErrors });

  const result = await db.transaction().execute((trx) => decideDocuments(trx, ctx, input.participantId, input.decisions, reasons));
  if (!result.ok) return result;

  for (const enrolmentId of result.confirmedEnrolments) await sendEnrolmentConfirmedMail(db, enrolmentId, null, input.origin);
  if (result.rejectedList.length > 0) {
    const profileUrl = siteUrl("/profile", input.origin);
    await sendMail(
      mailFor(documentsRejected, { name: result.participant.name, rejected: result.rejectedList, profileUrl }, { to: result.participant.email }),
    );
  }
  return {
    ok: true,
    approved: result.approved,
    rejected: result.rejected,
    confirmedEnrolments: result.confirmedEnrolments,
    notConfirmed: result.notConfirmed,
  };
}

/** The most documents «Aprobar seleccionados» takes at once (a long queue is approved in a few rounds). */
export const BULK_APPROVAL_LIMIT = 100;

export type BulkApprovalOutcome = Outcome<{
  approved: number;
  participants: number;
  confirmedEnrolments: number[];
  notConfirmed: { enrolmentId: number; reason: "no-seats" }[];
}>;

/**
 * The checked `documento` values of the queue's form as document ids, or a Spanish message for
 * anything that is not one (the count and duplicates are approveDocuments' to judge).
 */
export function parseDocumentSelection(values: readonly FormDataEntryValue[]): Outcome<{ documentIds: number[] }> {
  if (!values.every((value) => typeof value === "string" && /^[1-9]\d{0,11}$/.test(value))) {
    return refuse(400, "La selección no es válida: marque los documentos en la lista. No se aprobó ninguno.");
  }
  return { ok: true, documentIds: values.map(Number) };
}

/** Thrown inside the bulk transaction to roll every participant's approvals back. */
class BulkRefusal extends Error {
  constructor(readonly outcome: Refusal) {
    super("refused");
  }
}

/**
 * «Aprobar seleccionados» on /admin/revision: several pending documents, of one or many
 * participants, approved at once. All or nothing, in one transaction: every id is checked first
 * (an unknown id is a 404, a document already decided a 409, each named), then each participant's
 * documents go through decideDocuments, the same path as a single review (one audit row per
 * document, the enrolments follow when all of a participant's documents are approved). Nothing is
 * stored unless every document was approved; the access e-mails go out after the commit.
 */
export async function approveDocuments(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { documentIds: readonly number[]; origin: string },
): Promise<BulkApprovalOutcome> {
  if (input.documentIds.length === 0) return refuse(400, "Marque al menos un documento para aprobar.");
  if (input.documentIds.length > BULK_APPROVAL_LIMIT) {
    return refuse(400, `Marque como máximo ${BULK_APPROVAL_LIMIT} documentos a la vez.`);
  }
  if (new Set(input.documentIds).size !== input.documentIds.length) {
    return refuse(400, "Cada documento se marca una sola vez. No se aprobó ninguno.");
  }
  let decided: DecidedDocuments[];
  try {
    decided = await db.transaction().execute(async (trx) => {
      const documents = await trx
        .selectFrom("participant_documents as d")
        .innerJoin("participants as p", "p.id", "d.participant_id")
        .select(["d.id", "d.participant_id", "d.kind", "d.status", "p.name"])
        .where("d.id", "in", [...input.documentIds])
        .orderBy("d.participant_id")
        .orderBy("d.id")
        .execute();
      const found = new Set(documents.map((document) => document.id));
      const unknown = input.documentIds.filter((id) => !found.has(id));
      if (unknown.length > 0) {
        throw new BulkRefusal(
          refuse(
            404,
            `${unknown.length === 1 ? "No existe el documento" : "No existen los documentos"} ${unknown.join(", ")}. Recargue la página; no se aprobó ninguno.`,
          ),
        );
      }
      const settled = documents.filter((document) => document.status !== "pendiente");
      if (settled.length > 0) {
        const names = settled
          .map(
            (document) => `«${DOCUMENT_KIND_LABELS[document.kind]}» de ${document.name} (${DOCUMENT_STATUS_LABELS[document.status].toLowerCase()})`,
          )
          .join("; ");
        throw new BulkRefusal(
          refuse(
            409,
            `${settled.length === 1 ? "Este documento ya fue revisado" : "Estos documentos ya fueron revisados"}: ${names}. Recargue la página; no se aprobó ninguno.`,
          ),
        );
      }
      const byParticipant = new Map<number, DocumentDecision[]>();
      for (const document of documents) {
        byParticipant.set(document.participant_id, [
          ...(byParticipant.get(document.participant_id) ?? []),
          { documentId: document.id, approve: true },
        ]);
      }
      const results: DecidedDocuments[] = [];
      for (const [participantId, decisions] of byParticipant) {
        const outcome = await decideDocuments(trx, ctx, participantId, decisions, new Map());
        // Checked above in this same transaction: a refusal here rolls every approval back.
        if (!outcome.ok) throw new BulkRefusal(outcome);
        results.push(outcome);
      }
      return results;
    });
  } catch (error) {
    if (error instanceof BulkRefusal) return error.outcome;
    throw error;
  }
  const confirmedEnrolments = decided.flatMap((result) => result.confirmedEnrolments);
  for (const enrolmentId of confirmedEnrolments) await sendEnrolmentConfirmedMail(db, enrolmentId, null, input.origin);
  return {
    ok: true,
    approved: decided.reduce((sum, result) => sum + result.approved, 0),
    participants: decided.length,
    confirmedEnrolments,
    notConfirmed: decided.flatMap((result) => result.notConfirmed),
  };
}
