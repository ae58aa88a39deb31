import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { z } from "zod";
import { column, textContains } from "~/utils/text-search.server";
import { getParticipant, listDocuments, type DocumentListItem } from "~/accounts/participants.server";
import type { ModalityId } from "~/courses/modality";
import { priceForProfile, type Profile } from "~/courses/pricing";
import type { DB, DocumentReviewStatus, EnrolmentModality, EnrolmentStatus, OfflinePaymentMethod, PaymentAttemptStatus } from "~/db.server";
import {
  boundedCount,
  COUNT_LIMIT,
  keysetTerms,
  pageFrom,
  type BoundedCount,
  type KeysetPage,
  type PagePosition,
} from "~/utils/keyset-paging.server";
import { audit, type StaffContext } from "./staff-context.server";

export interface ParticipantFilters {
  q?: string | null;
  profile?: Profile | null;
  documents?: DocumentReviewStatus | null;
  courseId?: number | null;
  /** Only participants with an enrolment waiting for the off-line payment they said they would make. */
  awaitingOffline?: boolean;
}

export interface ParticipantRow {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  institution: string;
  pending: number;
  rejected: number;
  approved: number;
  enrolments: number;
  createdAt: string;
}

export const PARTICIPANTS_PAGE_SIZE = 50;

/** A position in the participants list: (created_at, id), newest first. */
export const participantCursor = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/),
  z.number().int().min(450_000).max(899_999),
]);
export type ParticipantKey = z.infer<typeof participantCursor>;

export interface ParticipantPage extends KeysetPage<ParticipantRow> {
  /** How many participants the filters select, counted up to COUNT_LIMIT (exact without filters). */
  total: BoundedCount;
}

/** The FTS5 query for a staff search: each word of three letters or more, as a substring, all of them. */
export function participantSearchMatch(q: string): string | null {
  const terms = q.split(/\s+/).filter((term) => [...term].length >= 3);
  return terms.length ? terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(" ") : null;
}

type ParticipantScope = ExpressionBuilder<DB & { p: DB["participants"] }, "p">;

/**
 * The filters as conditions on `participants p`. A filter that selects a small set (a search, a
 * course, the off-line payers, documents waiting or rejected) is an IN over its own index, so
 * SQLite starts from that set; a filter that selects most people (approved documents, a profile)
 * is checked row by row while the list is read in its order from participants_created.
 */
function participantConditions(eb: ParticipantScope, filters: ParticipantFilters): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  const q = filters.q?.trim().slice(0, 100);
  if (q) {
    const match = participantSearchMatch(q);
    if (/^\d{6}$/.test(q)) {
      // A participant number, or digits in an e-mail.
      conditions.push(
        sql<SqlBool>`p.id IN (SELECT rowid FROM participants_search WHERE participants_search MATCH ${match} UNION ALL SELECT ${Number(q)})`,
      );
    } else if (match) {
      // The trigram index (migration 0035): any part of a name or an e-mail, without reading the table.
      conditions.push(sql<SqlBool>`p.id IN (SELECT rowid FROM participants_search WHERE participants_search MATCH ${match})`);
    } else {
      // One or two letters: no trigram to look up, so the names are read (a bounded list, measured in decision 0035).
      conditions.push(eb.or([textContains(column("p.name"), q), textContains(column("p.email"), q)]));
    }
  }
  if (filters.profile) conditions.push(eb("p.role", "=", filters.profile));
  if (filters.documents === "aprobado") {
    conditions.push(sql<SqlBool>`EXISTS (SELECT 1 FROM participant_documents d WHERE d.participant_id = p.id AND d.status = 'aprobado')`);
  } else if (filters.documents) {
    conditions.push(sql<SqlBool>`p.id IN (SELECT d.participant_id FROM participant_documents d WHERE d.status = ${filters.documents})`);
  }
  if (filters.courseId) conditions.push(sql<SqlBool>`p.id IN (SELECT e.participant_id FROM enrolments e WHERE e.course_id = ${filters.courseId})`);
  if (filters.awaitingOffline) {
    // The partial index enrolments_offline_waiting holds exactly the enrolments waiting for the off-line payment their participant chose.
    conditions.push(
      sql<SqlBool>`p.id IN (SELECT e.participant_id FROM enrolments e WHERE e.offline_intent_at IS NOT NULL AND e.status = 'pendiente_de_pago')`,
    );
  }
  return conditions;
}

function hasFilters(filters: ParticipantFilters): boolean {
  return Boolean(filters.q?.trim() || filters.profile || filters.documents || filters.courseId || filters.awaitingOffline);
}

/**
 * Staff search (name, e-mail or participant number) and filters (profile, a document status, a
 * course, waiting for an off-line payment), newest first, one page at a time by keyset; the count
 * stops at COUNT_LIMIT when filters apply. The page's rows are chosen first from the indexes and
 * only those 50 get their documents and enrolments counted.
 */
export async function listParticipants(
  db: Kysely<DB>,
  filters: ParticipantFilters,
  position: PagePosition<ParticipantKey> | null = null,
  limit = PARTICIPANTS_PAGE_SIZE,
): Promise<ParticipantPage> {
  const keyset = keysetTerms([sql`p.created_at`, sql`p.id`], "desc", position);
  const page = db
    .selectFrom("participants as p")
    .select(["p.id", "p.created_at"])
    .where((eb) => eb.and([...participantConditions(eb, filters), ...(keyset.where ? [keyset.where] : [])]))
    .orderBy("p.created_at", keyset.order)
    .orderBy("p.id", keyset.order)
    .limit(limit + 1);
  const rowsQuery = db
    .selectFrom(page.as("page"))
    .innerJoin("participants as p", "p.id", "page.id")
    .select([
      "p.id",
      "p.name",
      "p.email",
      "p.role",
      "p.institution",
      "p.created_at",
      sql<number>`(SELECT count(*) FROM participant_documents d WHERE d.participant_id = p.id AND d.status = 'pendiente')`.as("pending"),
      sql<number>`(SELECT count(*) FROM participant_documents d WHERE d.participant_id = p.id AND d.status = 'rechazado')`.as("rejected"),
      sql<number>`(SELECT count(*) FROM participant_documents d WHERE d.participant_id = p.id AND d.status = 'aprobado')`.as("approved"),
      sql<number>`(SELECT count(*) FROM enrolments e WHERE e.participant_id = p.id)`.as("enrolments"),
    ])
    .orderBy("page.created_at", keyset.order)
    .orderBy("page.id", keyset.order);
  const countQuery = hasFilters(filters)
    ? db
        .selectFrom(
          db
            .selectFrom("participants as p")
            .select(sql<number>`1`.as("one"))
            .where((eb) => eb.and(participantConditions(eb, filters)))
            .limit(COUNT_LIMIT + 1)
            .as("counted"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
    : db.selectFrom("participants").select((eb) => eb.fn.countAll<number>().as("n"));
  const [rows, counted] = await Promise.all([rowsQuery.execute(), countQuery.executeTakeFirstOrThrow()]);
  const result = pageFrom(
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      profile: row.role,
      institution: row.institution,
      pending: Number(row.pending),
      rejected: Number(row.rejected),
      approved: Number(row.approved),
      enrolments: Number(row.enrolments),
      createdAt: row.created_at,
    })),
    limit,
    position,
    (row) => [row.createdAt, row.id],
  );
  const n = Number(counted.n);
  return { ...result, total: hasFilters(filters) ? boundedCount(n) : { count: n, atLeast: false } };
}

export interface ParticipantEnrolment {
  id: number;
  courseId: number;
  courseName: string;
  modality: EnrolmentModality;
  status: EnrolmentStatus;
  amountCentavos: number;
  manualReason: string | null;
  refundReason: string | null;
  reference: string | null;
  /** When the participant chose to pay by transfer or at a bank window (issue 19). */
  offlineIntentAt: string | null;
  createdAt: string;
}

export interface CardAttemptRow {
  id: number;
  enrolmentId: number;
  courseName: string;
  controlNumber: string;
  amountCentavos: number;
  status: PaymentAttemptStatus;
  authorisationCode: string | null;
  reference: string | null;
  createdAt: string;
  refunded: boolean;
}

export interface OfflinePaymentRow {
  id: number;
  enrolmentId: number;
  courseName: string;
  method: OfflinePaymentMethod;
  amountCentavos: number;
  paidOn: string;
  reference: string;
  recordedBy: string;
  refunded: boolean;
}

export interface RefundRow {
  id: number;
  enrolmentId: number;
  amountCentavos: number;
  reason: string;
  recordedBy: string;
  createdAt: string;
}

export interface ParticipantDetail {
  participant: NonNullable<Awaited<ReturnType<typeof getParticipant>>>;
  documents: (DocumentListItem & { reviewedBy: string | null })[];
  enrolments: ParticipantEnrolment[];
  cardAttempts: CardAttemptRow[];
  offlinePayments: OfflinePaymentRow[];
  refunds: RefundRow[];
}

/** Everything staff see of one participant: registration data, documents, enrolments, payments. */
export async function getParticipantDetail(db: Kysely<DB>, participantId: number): Promise<ParticipantDetail | null> {
  const participant = await getParticipant(db, participantId);
  if (!participant) return null;
  const [documents, reviewers, enrolments, cardAttempts, offlinePayments, refunds] = await Promise.all([
    listDocuments(db, participantId),
    db.selectFrom("participant_documents").select(["id", "reviewed_by"]).where("participant_id", "=", participantId).execute(),
    db
      .selectFrom("enrolments as e")
      .innerJoin("courses as c", "c.course_id", "e.course_id")
      .leftJoin("manual_enrolments as m", "m.enrolment_id", "e.id")
      .select([
        "e.id",
        "e.course_id",
        "c.course_name",
        "e.modality",
        "e.status",
        "e.amount_centavos",
        "m.reason as manual_reason",
        "e.refund_reason",
        "e.reference",
        "e.offline_intent_at",
        "e.created_at",
      ])
      .where("e.participant_id", "=", participantId)
      .orderBy("e.created_at", "desc")
      .orderBy("e.id", "desc")
      .execute(),
    db
      .selectFrom("payment_attempts as a")
      .innerJoin("enrolments as e", "e.id", "a.enrolment_id")
      .innerJoin("courses as c", "c.course_id", "e.course_id")
      .select([
        "a.id",
        "e.id as enrolment_id",
        "c.course_name",
        "a.control_number",
        "a.amount_centavos",
        "a.status",
        "a.codigo_aut",
        "a.referencia",
        "a.created_at",
        sql<number>`(SELECT count(*) FROM refunds r WHERE r.payment_attempt_id = a.id)`.as("refunded"),
      ])
      .where("e.participant_id", "=", participantId)
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .execute(),
    db
      .selectFrom("offline_payments as o")
      .innerJoin("enrolments as e", "e.id", "o.enrolment_id")
      .innerJoin("courses as c", "c.course_id", "e.course_id")
      .select([
        "o.id",
        "o.enrolment_id",
        "c.course_name",
        "o.method",
        "o.amount_centavos",
        "o.paid_on",
        "o.reference",
        "o.recorded_by",
        sql<number>`(SELECT count(*) FROM refunds r WHERE r.offline_payment_id = o.id)`.as("refunded"),
      ])
      .where("e.participant_id", "=", participantId)
      .orderBy("o.id", "desc")
      .execute(),
    db
      .selectFrom("refunds as r")
      .innerJoin("enrolments as e", "e.id", "r.enrolment_id")
      .select(["r.id", "r.enrolment_id", "r.amount_centavos", "r.reason", "r.recorded_by", "r.created_at"])
      .where("e.participant_id", "=", participantId)
      .orderBy("r.id", "desc")
      .execute(),
  ]);
  const reviewedBy = new Map(reviewers.map((row) => [row.id, row.reviewed_by]));
  return {
    participant,
    documents: documents.map((document) => ({ ...document, reviewedBy: reviewedBy.get(document.id) ?? null })),
    enrolments: enrolments.map((row) => ({
      id: row.id,
      courseId: row.course_id,
      courseName: row.course_name,
      modality: row.modality,
      status: row.status,
      amountCentavos: row.amount_centavos,
      manualReason: row.manual_reason,
      refundReason: row.refund_reason,
      reference: row.reference,
      offlineIntentAt: row.offline_intent_at,
      createdAt: row.created_at,
    })),
    cardAttempts: cardAttempts.map((row) => ({
      id: row.id,
      enrolmentId: row.enrolment_id,
      courseName: row.course_name,
      controlNumber: row.control_number,
      amountCentavos: row.amount_centavos,
      status: row.status,
      authorisationCode: row.codigo_aut,
      reference: row.referencia,
      createdAt: row.created_at,
      refunded: Number(row.refunded) > 0,
    })),
    offlinePayments: offlinePayments.map((row) => ({
      id: row.id,
      enrolmentId: row.enrolment_id,
      courseName: row.course_name,
      method: row.method,
      amountCentavos: row.amount_centavos,
      paidOn: row.paid_on,
      reference: row.reference,
      recordedBy: row.recorded_by,
      refunded: Number(row.refunded) > 0,
    })),
    // Joined on the enrolment, so every row has one (a donation's refund is not a participant's).
    refunds: refunds.map((row) => ({
      id: row.id,
      enrolmentId: row.enrolment_id!,
      amountCentavos: row.amount_centavos,
      reason: row.reason,
      recordedBy: row.recorded_by,
      createdAt: row.created_at,
    })),
  };
}

/**
 * A staff member opened a participant's identity document: the view itself is recorded (who saw
 * whose document, when), because these are personal data the law protects.
 */
export async function recordDocumentView(
  db: Kysely<DB>,
  ctx: StaffContext,
  document: { id: number; participant_id: number; kind: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await audit(trx, ctx, {
      action: "documento.ver",
      entity: "participant_document",
      entityId: document.id,
      after: { participant_id: document.participant_id, kind: document.kind },
    });
  });
}

/** An off-line payment's receipt, for staff (the file is private). */
export async function getOfflineReceipt(db: Kysely<DB>, offlinePaymentId: number) {
  return db
    .selectFrom("offline_payments as o")
    .innerJoin("stored_files as f", "f.id", "o.receipt_file_id")
    .select(["o.id", "o.enrolment_id", "f.file_name", "f.content_type", "f.byte_size", "f.data"])
    .where("o.id", "=", offlinePaymentId)
    .executeTakeFirst();
}

export interface OpenCourseOption {
  id: number;
  name: string;
  modalityId: ModalityId;
  /** The server's price for this participant's profile. */
  priceCentavos: number;
}

/** Courses open for enrolment (not archived), with the price for one profile: «Inscribir con pago fuera de línea». */
export async function listOpenCoursesFor(db: Kysely<DB>, profile: Profile): Promise<OpenCourseOption[]> {
  const rows = await db
    .selectFrom("courses")
    .select(["course_id", "course_name", "modality_id", "course_price", "course_student_price", "course_employee_price"])
    .where("course_able", "=", 1)
    .where("archived_at", "is", null)
    .orderBy("course_start_date")
    .orderBy("course_id")
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: row.course_id, name: row.course_name, modalityId: row.modality_id, priceCentavos: priceForProfile(row, profile) }));
}
