import { setImmediate as nextTurn } from "node:timers/promises";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { z } from "zod";
import { refuse, type Outcome } from "~/actions/outcome";
import { offersModality } from "~/courses/modality";
import { PROFILE_LABELS, type Profile } from "~/courses/pricing";
import type { DB, EnrolmentModality, EnrolmentStatus, OfflinePaymentMethod } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { sendEnrolmentConfirmedMail } from "~/enrolment/enrolment-mail.server";
import { confirmEnrolment, seatsTaken } from "~/enrolment/enrolment.server";
import { newVerificationToken } from "~/enrolment/verification";
import { csvFile, type RowBatches, type SpreadsheetColumns, warmXlsxTemplate, xlsxFile } from "~/staff/spreadsheet.server";
import { keysetTerms, pageFrom, type KeysetPage, type PagePosition } from "~/utils/keyset-paging.server";
import { actorLabel, audit, type StaffContext } from "./staff-context.server";

import { MODALITY_CHOICE_LABELS, OFFLINE_METHOD_LABELS } from "./format";
import * as clock from "~/utils/clock.server";
export { MODALITY_CHOICE_LABELS };

/** Money received for an enrolment: an approved card attempt or a recorded off-line payment. */
export interface EnrolmentPayment {
  kind: "tarjeta" | OfflinePaymentMethod;
  amountCentavos: number;
  /** Card: our control number, the bank's referencia and authorisation; off-line: the receipt's reference. */
  reference: string;
  /** Card: the ISO instant it settled; off-line: the Mexico City day 'YYYY-MM-DD' it was paid. */
  paidAt: string | null;
}

export interface CourseEnrolmentRow {
  enrolmentId: number;
  participantId: number;
  name: string;
  email: string;
  phone: string;
  institution: string;
  profile: Profile;
  modality: EnrolmentModality;
  status: EnrolmentStatus;
  /** The price due: the profile's price when the enrolment started. */
  amountCentavos: number;
  /** What the participant paid: the approved card attempts and the off-line payments, oldest first. */
  payments: EnrolmentPayment[];
  refundedCentavos: number;
  /** The summary the enrolments page shows. */
  payment: string;
  /** "Lugar presencial" (confirmed in person), "Apartado" (a live hold) or "—". */
  seat: string;
  manualReason: string | null;
  createdAt: string;
}

const PAYMENT_METHOD_WORDS: Record<EnrolmentPayment["kind"], string> = { tarjeta: "Tarjeta", ...OFFLINE_METHOD_LABELS };

/**
 * The approved card attempts and off-line payments of a course's enrolments (or only of the given
 * enrolments: one page of the list), by enrolment, oldest first.
 */
async function coursePayments(db: Kysely<DB>, courseId: number, enrolmentIds?: readonly number[]): Promise<Map<number, EnrolmentPayment[]>> {
  if (enrolmentIds && enrolmentIds.length === 0) return new Map();
  let cardQuery = db
    .selectFrom("payment_attempts as a")
    .innerJoin("enrolments as e", "e.id", "a.enrolment_id")
    .select(["a.id", "a.enrolment_id", "a.amount_centavos", "a.control_number", "a.referencia", "a.codigo_aut", "a.settled_at"])
    .where("e.course_id", "=", courseId)
    .where("a.status", "=", "approved");
  let offlineQuery = db
    .selectFrom("offline_payments as o")
    .innerJoin("enrolments as e", "e.id", "o.enrolment_id")
    .select(["o.id", "o.enrolment_id", "o.method", "o.amount_centavos", "o.reference", "o.paid_on"])
    .where("e.course_id", "=", courseId);
  if (enrolmentIds) {
    cardQuery = cardQuery.where("e.id", "in", enrolmentIds);
    offlineQuery = offlineQuery.where("e.id", "in", enrolmentIds);
  }
  const [cards, offline] = await Promise.all([cardQuery.orderBy("a.id").execute(), offlineQuery.orderBy("o.id").execute()]);
  const byEnrolment = new Map<number, EnrolmentPayment[]>();
  const add = (enrolmentId: number, payment: EnrolmentPayment) => byEnrolment.set(enrolmentId, [...(byEnrolment.get(enrolmentId) ?? []), payment]);
  for (const card of cards) {
    add(card.enrolment_id!, {
      kind: "tarjeta",
      amountCentavos: card.amount_centavos,
      reference: [
        card.control_number,
        card.referencia ? `referencia ${card.referencia}` : null,
        card.codigo_aut ? `autorización ${card.codigo_aut}` : null,
      ]
        .filter(Boolean)
        .join(", "),
      paidAt: card.settled_at,
    });
  }
  for (const payment of offline) {
    add(payment.enrolment_id, {
      kind: payment.method,
      amountCentavos: payment.amount_centavos,
      reference: payment.reference,
      paidAt: payment.paid_on,
    });
  }
  // An instant and a day compare by their leading 'YYYY-MM-DD' (close enough to order one enrolment's payments).
  for (const list of byEnrolment.values()) list.sort((a, b) => (a.paidAt ?? "").localeCompare(b.paidAt ?? ""));
  return byEnrolment;
}

function courseEnrolmentsQuery(db: Kysely<DB>) {
  return db
    .selectFrom("enrolments as e")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .leftJoin("manual_enrolments as m", "m.enrolment_id", "e.id")
    .select([
      "e.id",
      "e.participant_id",
      "p.name",
      "p.email",
      "p.phone",
      "p.institution",
      "p.role",
      "e.modality",
      "e.status",
      "e.amount_centavos",
      "e.seat_held_until",
      "e.offline_intent_at",
      "e.created_at",
      "m.reason as manual_reason",
      sql<number | null>`(SELECT sum(r.amount_centavos) FROM refunds r WHERE r.enrolment_id = e.id)`.as("refunded"),
    ]);
}

type CourseEnrolmentQueryRow = Awaited<ReturnType<ReturnType<typeof courseEnrolmentsQuery>["execute"]>>[number];

function courseEnrolmentRow(row: CourseEnrolmentQueryRow, payments: Map<number, EnrolmentPayment[]>, nowIso: string): CourseEnrolmentRow {
  const paid = payments.get(row.id) ?? [];
  const refundedCentavos = Number(row.refunded ?? 0);
  return {
    enrolmentId: row.id,
    participantId: row.participant_id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    institution: row.institution,
    profile: row.role,
    modality: row.modality,
    status: row.status,
    amountCentavos: row.amount_centavos,
    payments: paid,
    refundedCentavos,
    payment:
      [
        ...paid.map((payment) => `${PAYMENT_METHOD_WORDS[payment.kind]} ${payment.reference}`),
        refundedCentavos > 0 ? "Reembolsado" : null,
        row.manual_reason ? "Inscripción manual" : null,
      ]
        .filter(Boolean)
        .join("; ") ||
      (row.amount_centavos === 0
        ? "Sin costo"
        : row.status === "pendiente_de_pago" && row.offline_intent_at
          ? "Espera pago fuera de línea"
          : "Sin pago"),
    seat:
      row.modality !== "presencial"
        ? "—"
        : row.status === "confirmada"
          ? "Lugar presencial"
          : row.status === "pendiente_de_pago" && row.seat_held_until && row.seat_held_until > nowIso
            ? "Apartado"
            : "—",
    manualReason: row.manual_reason,
    createdAt: row.created_at,
  };
}

/** Everyone enrolled in a course (every status), with profile, modality, payments and seat: the export's rows. */
export async function listCourseEnrolments(db: Kysely<DB>, courseId: number, now = clock.now()): Promise<CourseEnrolmentRow[]> {
  const [rows, payments] = await Promise.all([
    courseEnrolmentsQuery(db).where("e.course_id", "=", courseId).orderBy("p.name").orderBy("e.id").execute(),
    coursePayments(db, courseId),
  ]);
  const nowIso = now.toISOString();
  return rows.map((row) => courseEnrolmentRow(row, payments, nowIso));
}

export const COURSE_ENROLMENTS_PAGE_SIZE = 50;

/** A position in a course's enrolments: (participant's name, enrolment id), alphabetical. */
export const courseEnrolmentCursor = z.tuple([z.string().min(1).max(150), z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)]);
export type CourseEnrolmentKey = z.infer<typeof courseEnrolmentCursor>;

/**
 * One page of a course's enrolments, alphabetical by participant (issue 22: a course of 5,000
 * people was one 229 KB page). The page's enrolments are chosen first (the course's rows through
 * enrolments_course_seats, sorted by name); only those get their payments looked up. `total` is
 * exact (an index count).
 */
export async function listCourseEnrolmentPage(
  db: Kysely<DB>,
  courseId: number,
  position: PagePosition<CourseEnrolmentKey> | null = null,
  limit = COURSE_ENROLMENTS_PAGE_SIZE,
  now = clock.now(),
): Promise<KeysetPage<CourseEnrolmentRow> & { total: number }> {
  const keyset = keysetTerms([sql`p.name`, sql`e.id`], "asc", position);
  let page = db
    .selectFrom("enrolments as e")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .select(["e.id", "p.name"])
    .where("e.course_id", "=", courseId);
  if (keyset.where) page = page.where(keyset.where);
  const pageIds = page
    .orderBy("p.name", keyset.order)
    .orderBy("e.id", keyset.order)
    .limit(limit + 1);
  const [rows, counted] = await Promise.all([
    courseEnrolmentsQuery(db)
      .innerJoin(pageIds.as("page"), "page.id", "e.id")
      .orderBy("page.name", keyset.order)
      .orderBy("page.id", keyset.order)
      .execute(),
    db
      .selectFrom("enrolments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("course_id", "=", courseId)
      .executeTakeFirstOrThrow(),
  ]);
  const payments = await coursePayments(
    db,
    courseId,
    rows.map((row) => row.id),
  );
  const nowIso = now.toISOString();
  const result = pageFrom(
    rows.map((row) => courseEnrolmentRow(row, payments, nowIso)),
    limit,
    position,
    (row) => [row.name, row.enrolmentId],
  );
  return { ...result, total: Number(counted.n) };
}

/** How the enrolment was paid, in words: "Tarjeta", "Transferencia bancaria"…, "Gratuito", or null while unpaid. */
function paymentMethod(row: CourseEnrolmentRow): string | null {
  if (row.payments.length > 0) return [...new Set(row.payments.map((payment) => PAYMENT_METHOD_WORDS[payment.kind]))].join("; ");
  if (row.amountCentavos === 0) return row.manualReason ? "Gratuito (inscripción manual)" : "Gratuito";
  return null;
}

/**
 * The course's enrolment list (/admin/cursos/:id/exportar): who attends and what each paid, for the
 * attendance sheet and for reconciling with the bank. Its columns, typed once for both files.
 */
export const ENROLMENT_EXPORT_COLUMNS: SpreadsheetColumns<CourseEnrolmentRow> = [
  { header: "Nombre", width: 36, type: "text", value: (row) => row.name },
  { header: "Número de participante", width: 14, type: "integer", value: (row) => row.participantId },
  { header: "Perfil", width: 16, type: "text", value: (row) => PROFILE_LABELS[row.profile] },
  { header: "Institución", width: 24, type: "text", value: (row) => row.institution },
  { header: "Correo electrónico", width: 32, type: "text", value: (row) => row.email },
  { header: "Teléfono", width: 14, type: "text", value: (row) => row.phone },
  { header: "Modalidad", width: 12, type: "text", value: (row) => MODALITY_CHOICE_LABELS[row.modality] },
  { header: "Estado", width: 22, type: "text", value: (row) => ENROLMENT_STATUS_LABELS[row.status] },
  { header: "Fecha de inscripción (Ciudad de México)", width: 18, type: "date", value: (row) => row.createdAt },
  { header: "Precio (MXN)", width: 12, type: "money", value: (row) => row.amountCentavos },
  {
    header: "Pagado (MXN)",
    width: 12,
    type: "money",
    value: (row) =>
      row.payments.length > 0 ? row.payments.reduce((sum, payment) => sum + payment.amountCentavos, 0) : row.amountCentavos === 0 ? 0 : null,
  },
  { header: "Forma de pago", width: 24, type: "text", value: paymentMethod },
  { header: "Referencia de pago", width: 40, type: "text", value: (row) => row.payments.map((payment) => payment.reference).join("; ") || null },
  // A card payment settles at an instant; an off-line one is paid on a day.
  { header: "Fecha de pago (Ciudad de México)", width: 18, type: "date", value: (row) => row.payments[0]?.paidAt ?? null },
  { header: "Reembolsado (MXN)", width: 12, type: "money", value: (row) => (row.refundedCentavos > 0 ? row.refundedCentavos : null) },
];
warmXlsxTemplate(ENROLMENT_EXPORT_COLUMNS);

/** Rows per batch of a streamed enrolment export: a few ms to read and write at 100× (decision 0040). */
export const ENROLMENT_EXPORT_BATCH = 100;

/**
 * The enrolments the export lists: every live enrolment (the attendance list), and a cancelled
 * or rejected one only when money moved for it (paid or refunded), so the file adds up against
 * the bank. In SQL, so a batch is
 * ENROLMENT_EXPORT_BATCH rows of the file.
 */
function exportedEnrolments(db: Kysely<DB>, courseId: number) {
  return db
    .selectFrom("enrolments as e")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .where("e.course_id", "=", courseId)
    .where((eb) =>
      eb.or([
        eb("e.status", "not in", ["cancelada", "rechazada"]),
        eb.exists(
          eb
            .selectFrom("payment_attempts as a")
            .select(sql`1`.as("one"))
            .whereRef("a.enrolment_id", "=", "e.id")
            .where("a.status", "=", "approved"),
        ),
        eb.exists(
          eb
            .selectFrom("offline_payments as o")
            .select(sql`1`.as("one"))
            .whereRef("o.enrolment_id", "=", "e.id"),
        ),
        eb(sql<number | null>`(SELECT sum(r.amount_centavos) FROM refunds r WHERE r.enrolment_id = e.id)`, ">", 0),
      ]),
    );
}

/** UTF-8 bytes compared as SQLite's BINARY collation compares them (ORDER BY p.name). */
function binaryOrder(a: { name: Buffer; id: number }, b: { name: Buffer; id: number }): number {
  return Buffer.compare(a.name, b.name) || a.id - b.id;
}

/**
 * The export's rows, alphabetical by participant, a batch at a time. No index across the two
 * tables gives the participants' names in order, and a keyset read per batch would sort the whole
 * course again each time: so the course's order is read first, by id (ENROLMENT_EXPORT_BATCH × 10
 * enrolments a turn, through enrolments_course_seats), and sorted here as SQLite sorts names; each
 * batch then reads ENROLMENT_EXPORT_BATCH of those enrolments by id, and only their payments.
 */
export async function* enrolmentExportBatches(db: Kysely<DB>, courseId: number, now = clock.now()): RowBatches<CourseEnrolmentRow> {
  const nowIso = now.toISOString();
  const order: { name: Buffer; id: number }[] = [];
  for (let after = 0; ;) {
    await nextTurn();
    const chunk = await exportedEnrolments(db, courseId)
      .select(["e.id", "p.name"])
      .where("e.id", ">", after)
      .orderBy("e.id")
      .limit(ENROLMENT_EXPORT_BATCH * 10)
      .execute();
    for (const row of chunk) order.push({ name: Buffer.from(row.name, "utf8"), id: row.id });
    if (chunk.length < ENROLMENT_EXPORT_BATCH * 10) break;
    after = chunk[chunk.length - 1]!.id;
  }
  order.sort(binaryOrder);
  for (let start = 0; start < order.length; start += ENROLMENT_EXPORT_BATCH) {
    await nextTurn();
    const ids = order.slice(start, start + ENROLMENT_EXPORT_BATCH).map((row) => row.id);
    const [rows, payments] = await Promise.all([
      courseEnrolmentsQuery(db).where("e.id", "in", ids).orderBy("p.name").orderBy("e.id").execute(),
      coursePayments(db, courseId, ids),
    ]);
    yield rows.map((row) => courseEnrolmentRow(row, payments, nowIso));
  }
}

/** Every row of the export at once (tests; the route streams `enrolmentExportBatches`). */
export async function enrolmentExportRows(db: Kysely<DB>, courseId: number): Promise<CourseEnrolmentRow[]> {
  const rows: CourseEnrolmentRow[] = [];
  for await (const batch of enrolmentExportBatches(db, courseId)) rows.push(...batch);
  return rows;
}

/** CSV in UTF-8 with a byte-order mark (Excel), formula-looking cells defused. */
export function enrolmentsCsv(rows: readonly CourseEnrolmentRow[]): Buffer {
  return csvFile(ENROLMENT_EXPORT_COLUMNS, rows);
}

export async function enrolmentsXlsx(rows: readonly CourseEnrolmentRow[]): Promise<Buffer> {
  return xlsxFile(ENROLMENT_EXPORT_COLUMNS, rows);
}

export type ManualEnrolOutcome = Outcome<{ enrolmentId: number }>;

/**
 * Staff enrol a participant by hand (a speaker, a guest), without charge, with a reason. The
 * enrolment starts in review and is confirmed through the same transition (and seat rule) as any
 * other; the participant gets the usual confirmation with the access PDF. A closed course may
 * take a manual enrolment; an archived one may not.
 */
export async function enrolParticipantManually(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { participantId: number; courseId: number; modality: EnrolmentModality; reason: string; origin: string },
): Promise<ManualEnrolOutcome> {
  const reason = input.reason.trim();
  const fieldErrors: Record<string, string[]> = {};
  if (!reason) fieldErrors.reason = ["Escriba el motivo de la inscripción manual (por ejemplo, ponente invitado)."];
  else if (reason.length > 500) fieldErrors.reason = ["El motivo es demasiado largo (máximo 500 caracteres)."];
  else if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(reason)) fieldErrors.reason = ["Quite los caracteres de control del motivo."];

  const result = await db.transaction().execute(async (trx): Promise<ManualEnrolOutcome> => {
    const participant = await trx.selectFrom("participants").select("id").where("id", "=", input.participantId).executeTakeFirst();
    if (!participant) fieldErrors.participant_id = ["No existe un participante con ese número."];
    const course = await trx
      .selectFrom("courses")
      .select(["course_id", "modality_id", "course_max_range", "archived_at"])
      .where("course_id", "=", input.courseId)
      .executeTakeFirst();
    if (!course || course.archived_at) fieldErrors.course_id = ["Elija un curso vigente."];
    else if (!offersModality(course.modality_id, input.modality)) {
      fieldErrors.modality = ["El curso no se imparte en esa modalidad."];
    } else if (input.modality === "presencial" && (await seatsTaken(trx, course.course_id)) >= course.course_max_range) {
      fieldErrors.modality = ["No quedan lugares presenciales. Aumente el cupo del curso o inscriba en línea."];
    }
    if (participant && course) {
      const live = await trx
        .selectFrom("enrolments")
        .select("id")
        .where("participant_id", "=", input.participantId)
        .where("course_id", "=", input.courseId)
        .where("status", "not in", ["rechazada", "cancelada"])
        .executeTakeFirst();
      if (live) fieldErrors.participant_id = ["El participante ya tiene una inscripción vigente en este curso."];
    }
    if (Object.keys(fieldErrors).length > 0) return refuse(400, { fields: fieldErrors });

    const inserted = await trx
      .insertInto("enrolments")
      .values({
        participant_id: input.participantId,
        course_id: input.courseId,
        modality: input.modality,
        status: "pendiente_de_revision",
        amount_centavos: 0,
        verification_token: newVerificationToken(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const confirmed = await confirmEnrolment(trx, inserted.id, { paid: false });
    // The seat was checked above in this same transaction; a refusal here is a bug.
    if (!confirmed.ok) throw new Error(`manual enrolment could not be confirmed: ${confirmed.problem.code}`);
    await trx
      .updateTable("enrolments")
      .set({ reviewed_by: actorLabel(ctx) })
      .where("id", "=", inserted.id)
      .execute();
    await trx
      .insertInto("manual_enrolments")
      .values({ enrolment_id: inserted.id, reason, recorded_by: actorLabel(ctx) })
      .execute();
    await audit(trx, ctx, {
      action: "inscripcion.manual",
      entity: "enrolment",
      entityId: inserted.id,
      before: null,
      after: { participant_id: input.participantId, course_id: input.courseId, modality: input.modality, status: "confirmada", reason },
    });
    return { ok: true, enrolmentId: inserted.id };
  });
  if (result.ok) await sendEnrolmentConfirmedMail(db, result.enrolmentId, null, input.origin);
  return result;
}

/** An attendance list left the system (personal data): who exported which course, in which format. */
export async function recordAttendanceExport(
  db: Kysely<DB>,
  ctx: StaffContext,
  courseId: number,
  format: "csv" | "xlsx",
  rows: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await audit(trx, ctx, { action: "asistencia.exportar", entity: "course", entityId: courseId, after: { format, rows } });
  });
}
