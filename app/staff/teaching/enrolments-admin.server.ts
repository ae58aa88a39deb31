import type { Kysely } from "kysely";
import { sql } from "kysely";
import { z } from "zod";
import { PROFILE_LABELS, type Profile } from "~/courses/pricing";
import type { DB, EnrolmentModality, EnrolmentStatus } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { sendEnrolmentConfirmedMail } from "~/enrolment/enrolment-mail.server";
import { confirmEnrolment, seatsTaken } from "~/enrolment/enrolment.server";
import { newVerificationToken } from "~/enrolment/verification";
import { csvFile, xlsxFile } from "~/staff/spreadsheet.server";
import { keysetTerms, pageFrom, type KeysetPage, type PagePosition } from "~/utils/keyset-paging.server";
import { actorLabel, audit, type StaffContext } from "./staff-context.server";

import { MODALITY_CHOICE_LABELS } from "./format";
export { MODALITY_CHOICE_LABELS };

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
  amountCentavos: number;
  /** What the participant paid: the approved card attempt or the off-line payment, if any. */
  payment: string;
  /** "Lugar presencial" (confirmed in person), "Apartado" (a live hold) or "—". */
  seat: string;
  manualReason: string | null;
  createdAt: string;
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
      sql<string | null>`(SELECT a.control_number FROM payment_attempts a WHERE a.enrolment_id = e.id AND a.status = 'approved' LIMIT 1)`.as(
        "card_control",
      ),
      sql<string | null>`(SELECT o.method || ' ' || o.reference FROM offline_payments o WHERE o.enrolment_id = e.id ORDER BY o.id LIMIT 1)`.as(
        "offline",
      ),
      sql<number>`(SELECT count(*) FROM refunds r WHERE r.enrolment_id = e.id)`.as("refunds"),
    ]);
}

type CourseEnrolmentQueryRow = Awaited<ReturnType<ReturnType<typeof courseEnrolmentsQuery>["execute"]>>[number];

function courseEnrolmentRow(row: CourseEnrolmentQueryRow, nowIso: string): CourseEnrolmentRow {
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
    payment:
      [
        row.card_control ? `Tarjeta ${row.card_control}` : null,
        row.offline ? `Fuera de línea: ${row.offline}` : null,
        Number(row.refunds) > 0 ? "Reembolsado" : null,
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

/** Everyone enrolled in a course (every status), with profile, modality, payment and seat: the attendance export's rows. */
export async function listCourseEnrolments(db: Kysely<DB>, courseId: number, now = new Date()): Promise<CourseEnrolmentRow[]> {
  const rows = await courseEnrolmentsQuery(db).where("e.course_id", "=", courseId).orderBy("p.name").orderBy("e.id").execute();
  const nowIso = now.toISOString();
  return rows.map((row) => courseEnrolmentRow(row, nowIso));
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
  now = new Date(),
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
  const nowIso = now.toISOString();
  const result = pageFrom(
    rows.map((row) => courseEnrolmentRow(row, nowIso)),
    limit,
    position,
    (row) => [row.name, row.enrolmentId],
  );
  return { ...result, total: Number(counted.n) };
}

export const ATTENDANCE_HEADERS = [
  "Nombre",
  "Número de participante",
  "Perfil",
  "Institución",
  "Correo electrónico",
  "Teléfono",
  "Modalidad",
  "Estado",
] as const;

/** The attendance list: live enrolments only (a cancelled or rejected one does not attend). */
export async function attendanceRows(db: Kysely<DB>, courseId: number): Promise<string[][]> {
  const rows = await listCourseEnrolments(db, courseId);
  return rows
    .filter((row) => row.status !== "cancelada" && row.status !== "rechazada")
    .map((row) => [
      row.name,
      String(row.participantId),
      PROFILE_LABELS[row.profile],
      row.institution,
      row.email,
      row.phone,
      MODALITY_CHOICE_LABELS[row.modality],
      ENROLMENT_STATUS_LABELS[row.status],
    ]);
}

/** CSV in UTF-8 with a byte-order mark (Excel), formula-looking cells defused. */
export function attendanceCsv(rows: string[][]): Buffer {
  return csvFile(ATTENDANCE_HEADERS, rows);
}

export async function attendanceXlsx(rows: string[][]): Promise<Buffer> {
  return xlsxFile(ATTENDANCE_HEADERS, rows, [36, 14, 16, 24, 32, 14, 12, 22]);
}

export type ManualEnrolOutcome =
  { ok: true; enrolmentId: number } | { ok: false; status: 400 | 404 | 409; formErrors: readonly string[]; fieldErrors: Record<string, string[]> };

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

  const result = await db.transaction().execute(async (trx) => {
    const participant = await trx.selectFrom("participants").select("id").where("id", "=", input.participantId).executeTakeFirst();
    if (!participant) fieldErrors.participant_id = ["No existe un participante con ese número."];
    const course = await trx
      .selectFrom("courses")
      .select(["course_id", "modality_id", "course_max_range", "archived_at"])
      .where("course_id", "=", input.courseId)
      .executeTakeFirst();
    if (!course || course.archived_at) fieldErrors.course_id = ["Elija un curso vigente."];
    else if ((input.modality === "presencial" && course.modality_id === 2) || (input.modality === "en_linea" && course.modality_id === 1)) {
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
    if (Object.keys(fieldErrors).length > 0) return { ok: false, status: 400, formErrors: [], fieldErrors } as const;

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
    if (!confirmed.ok) throw new Error(`manual enrolment could not be confirmed: ${confirmed.reason}`);
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
    return { ok: true, enrolmentId: inserted.id } as const;
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
