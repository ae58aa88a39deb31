import type { Kysely } from "kysely";
import { sql } from "kysely";
import { getParticipant, listDocuments, type DocumentListItem } from "~/accounts/participants.server";
import { priceForProfile, type Profile } from "~/courses/pricing";
import type { DB, DocumentReviewStatus, EnrolmentModality, EnrolmentStatus, OfflinePaymentMethod, PaymentAttemptStatus } from "~/db.server";
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

/** Staff search: name, e-mail or participant id; filters by profile, a document status, a course. */
export async function listParticipants(db: Kysely<DB>, filters: ParticipantFilters): Promise<ParticipantRow[]> {
  let query = db
    .selectFrom("participants as p")
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
    ]);
  const q = filters.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`p.name LIKE ${like} ESCAPE '\\'`,
        sql<boolean>`p.email LIKE ${like} ESCAPE '\\'`,
        ...(/^\d{6}$/.test(q) ? [eb("p.id", "=", Number(q))] : []),
      ]),
    );
  }
  if (filters.profile) query = query.where("p.role", "=", filters.profile);
  if (filters.documents) {
    const status = filters.documents;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom("participant_documents as d").select("d.id").whereRef("d.participant_id", "=", "p.id").where("d.status", "=", status)),
    );
  }
  if (filters.courseId) {
    const courseId = filters.courseId;
    query = query.where((eb) =>
      eb.exists(eb.selectFrom("enrolments as e").select("e.id").whereRef("e.participant_id", "=", "p.id").where("e.course_id", "=", courseId)),
    );
  }
  if (filters.awaitingOffline) {
    // The partial index enrolments_offline_intent holds exactly the enrolments whose participant chose
    // to pay off-line: the subquery reads it, not the whole table.
    query = query.where("p.id", "in", (eb) =>
      eb
        .selectFrom("enrolments as e")
        .select("e.participant_id")
        .where("e.offline_intent_at", "is not", null)
        .where("e.status", "=", "pendiente_de_pago"),
    );
  }
  const rows = await query.orderBy("p.created_at", "desc").orderBy("p.id").limit(500).execute();
  return rows.map((row) => ({
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
  }));
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
  modalityId: number;
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
