import { setImmediate as nextTurn } from "node:timers/promises";
import { sql, type Kysely, type Transaction } from "kysely";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { PROFILE_LABELS } from "~/courses/pricing";
import { getEnrolledCourseContent, type EnrolledCourseContent } from "~/courses/courses.server";
import type { CheckinMethod, DB, EnrolmentModality, EnrolmentStatus } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { isVerificationToken } from "~/enrolment/verification";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { RowBatches, SpreadsheetColumns } from "~/staff/spreadsheet.server";
import { participantSearchMatch } from "~/staff/teaching/participants-admin.server";
import { actorLabel, audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import * as clock from "~/utils/clock.server";
import { mexicoCityDay } from "~/utils/mexico-city";
import { checkinTime, CHECKIN_METHOD_LABELS } from "./attendance";
import { courseDays } from "./course-days";

/**
 * ATTENDANCE (issue 25). One row of attendance_checkins per enrolment and course day (UNIQUE), so
 * a check-in is an `INSERT … ON CONFLICT DO NOTHING`: two scans of the same code at once store one
 * row, and the second is told when the first was recorded. Only a confirmed enrolment of the
 * course may be checked in; anything else is refused saying why, and nothing is stored.
 *
 * - At the door (staff, audited): by the access PDF's QR code (its /verificar/<token> address),
 *   by the control number printed on it (the approved card payment's control number, or the
 *   enrolment's own reference), or by a name found in the participants' trigram index.
 * - Online: a confirmed online participant opening the course page (/profile/cursos/<id>) during
 *   the course dates records that day (method en_linea, no staff, no audit row).
 * - Staff may mark a day by hand or withdraw a check-in, each with a reason (audited); a withdrawn
 *   check-in keeps its row with removed_at set, and is not counted.
 *
 * `attendanceSharesOfCourse` / `attendanceShareOfEnrolment` give the constancias their figure.
 */

/** The most rows a name search answers (a door list, never the whole table). */
export const NAME_SEARCH_LIMIT = 20;
/** The most check-ins the day list shows. */
export const DAY_LIST_LIMIT = 1000;
const REASON_MAX = 500;

export interface AttendanceCourse {
  id: number;
  name: string;
  startDate: string;
  finishDate: string;
  days: string[];
  archived: boolean;
}

/** The course and its days, or null when there is no such course. */
export async function attendanceCourse(db: Kysely<DB>, courseId: number): Promise<AttendanceCourse | null> {
  const row = await db
    .selectFrom("courses")
    .select(["course_id", "course_name", "course_start_date", "course_finish_date", "archived_at"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.course_id,
    name: row.course_name,
    startDate: row.course_start_date,
    finishDate: row.course_finish_date,
    days: courseDays(row.course_start_date, row.course_finish_date),
    archived: Boolean(row.archived_at),
  };
}

/**
 * The course day the page opens on: the one asked for when it is a course day, else today (Mexico
 * City) when it is one, else the nearest: the first day before the course, the last after it.
 */
export function chosenCourseDay(days: readonly string[], asked: string | null, now: Date = clock.now()): string | null {
  if (days.length === 0) return null;
  if (asked && days.includes(asked)) return asked;
  const today = mexicoCityDay(now);
  if (days.includes(today)) return today;
  return today < days[0]! ? days[0]! : days[days.length - 1]!;
}

export interface AttendancePerson {
  enrolmentId: number;
  participantId: number;
  name: string;
  profileLabel: string;
  modalityLabel: string;
  status: EnrolmentStatus;
  statusLabel: string;
}

export interface CheckinDone {
  person: AttendancePerson;
  day: string;
  /** ISO instant of the standing check-in. */
  checkedInAt: string;
  /** True when the day already had a check-in: nothing new was stored. */
  already: boolean;
  /** «Registrado a las 9:02» / «Ya registrado a las 9:02». */
  message: string;
}

export type CheckinLookup = { by: "qr"; token: string } | { by: "numero_de_control"; controlNumber: string } | { by: "nombre"; enrolmentId: number };

const enrolmentColumns = [
  "e.id as enrolmentId",
  "e.course_id as courseId",
  "e.status",
  "e.modality",
  "e.suspension_reason",
  "p.id as participantId",
  "p.name",
  "p.role",
] as const;

function personQuery(db: Kysely<DB> | Transaction<DB>) {
  return db.selectFrom("enrolments as e").innerJoin("participants as p", "p.id", "e.participant_id").select(enrolmentColumns);
}

type PersonRow = Awaited<ReturnType<ReturnType<typeof personQuery>["executeTakeFirstOrThrow"]>>;

function personOf(row: PersonRow): AttendancePerson {
  return {
    enrolmentId: row.enrolmentId,
    participantId: row.participantId,
    name: row.name,
    profileLabel: PROFILE_LABELS[row.role],
    modalityLabel: ENROLMENT_MODALITY_LABELS[row.modality],
    status: row.status,
    statusLabel: ENROLMENT_STATUS_LABELS[row.status],
  };
}

/** A control number as people type it: capitals, without spaces or hyphens. */
export function normalizeControlNumber(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, "");
}

async function findEnrolment(db: Kysely<DB>, lookup: CheckinLookup): Promise<Outcome<{ row: PersonRow }>> {
  if (lookup.by === "qr") {
    if (!isVerificationToken(lookup.token))
      return refuse(400, { form: "El código QR no es el de un documento de acceso del hospital.", code: "qr_invalido" });
    const row = await personQuery(db).where("e.verification_token", "=", lookup.token).executeTakeFirst();
    return row ? { ok: true, row } : refuse(404, { form: "El código QR no corresponde a ninguna inscripción.", code: "no_encontrada" });
  }
  if (lookup.by === "numero_de_control") {
    const value = normalizeControlNumber(lookup.controlNumber);
    if (!/^[A-Z0-9]{1,30}$/.test(value)) {
      return refuse(400, { fields: { numero_de_control: "Escriba el número de control del documento de acceso (letras y números, hasta 30)." } });
    }
    // Both lookups use a UNIQUE index: the enrolment's own reference, or a card payment's control number.
    const byReference = await personQuery(db).where("e.reference", "=", value).executeTakeFirst();
    const row =
      byReference ??
      (await personQuery(db)
        .where("e.id", "=", (eb) => eb.selectFrom("payment_attempts").select("enrolment_id").where("control_number", "=", value).$castTo<number>())
        .executeTakeFirst());
    return row
      ? { ok: true, row }
      : refuse(404, { fields: { numero_de_control: `No encontramos una inscripción con el número de control ${value}.` }, code: "no_encontrada" });
  }
  const row = await personQuery(db).where("e.id", "=", lookup.enrolmentId).executeTakeFirst();
  return row ? { ok: true, row } : notFound("No encontramos esa inscripción.");
}

const NOT_CONFIRMED: Record<Exclude<EnrolmentStatus, "confirmada">, string> = {
  pendiente_de_pago: "su inscripción está pendiente de pago",
  pendiente_de_revision: "su inscripción está pendiente de revisión (documentos o pago por revisar)",
  suspendida: "su inscripción está suspendida",
  rechazada: "su inscripción fue rechazada",
  cancelada: "su inscripción fue cancelada",
};

/** Why an enrolment may not be checked in (not confirmed, or another course), or null. */
function entryProblem(row: PersonRow, course: AttendanceCourse, courseName: (id: number) => Promise<string>) {
  return (async () => {
    const who = `${row.name} (${PROFILE_LABELS[row.role]})`;
    if (row.courseId !== course.id) {
      return refuse(409, {
        form: `${who} no está inscrito en este curso: su inscripción es del curso «${await courseName(row.courseId)}».`,
        code: "otro_curso",
      });
    }
    if (row.status !== "confirmada") {
      const why = NOT_CONFIRMED[row.status] + (row.status === "suspendida" && row.suspension_reason ? ` (${row.suspension_reason})` : "");
      return refuse(409, { form: `${who} no puede entrar: ${why}.`, code: "no_confirmada" });
    }
    return null;
  })();
}

function dayProblem(course: AttendanceCourse, day: string) {
  return course.days.includes(day) ? null : refuse(400, { fields: { dia: "Elija uno de los días del curso." } });
}

async function courseNameOf(db: Kysely<DB>, courseId: number): Promise<string> {
  const row = await db.selectFrom("courses").select("course_name").where("course_id", "=", courseId).executeTakeFirst();
  return row?.course_name ?? "otro curso";
}

/**
 * Checks a person in at the door for one course day: once per day. A second check-in stores
 * nothing and answers when the first was recorded; a withdrawn one is recorded again.
 */
export async function checkIn(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { courseId: number; day: string; lookup: CheckinLookup },
  now: Date = clock.now(),
): Promise<Outcome<CheckinDone>> {
  const course = await attendanceCourse(db, input.courseId);
  if (!course) return notFound("No encontramos el curso.");
  const badDay = dayProblem(course, input.day);
  if (badDay) return badDay;
  const found = await findEnrolment(db, input.lookup);
  if (!found.ok) return found;
  const problem = await entryProblem(found.row, course, (id) => courseNameOf(db, id));
  if (problem) return problem;
  const person = personOf(found.row);
  const method: CheckinMethod = input.lookup.by;
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const stored = await storeCheckin(trx, {
      enrolmentId: person.enrolmentId,
      day: input.day,
      at,
      method,
      recordedBy: actorLabel(ctx),
      reason: null,
    });
    if (stored.already) {
      return {
        ok: true,
        person,
        day: input.day,
        checkedInAt: stored.checkedInAt,
        already: true,
        message: `Ya registrado a las ${checkinTime(stored.checkedInAt)}`,
      } as const;
    }
    await audit(trx, ctx, {
      action: "asistencia.registrar",
      entity: "enrolment",
      entityId: person.enrolmentId,
      before: stored.before,
      after: { course_day: input.day, method, checked_in_at: at },
    });
    return { ok: true, person, day: input.day, checkedInAt: at, already: false, message: `Registrado a las ${checkinTime(at)}` } as const;
  });
}

/**
 * The one write of a check-in. INSERT … ON CONFLICT DO NOTHING on (enrolment, day): whoever comes
 * second finds the first's row. A withdrawn row is taken back (removed_at cleared) unless
 * `keepWithdrawn` (the participant's own online access never undoes a staff correction).
 */
async function storeCheckin(
  trx: Transaction<DB>,
  row: {
    enrolmentId: number;
    day: string;
    at: string;
    method: CheckinMethod;
    recordedBy: string | null;
    reason: string | null;
    keepWithdrawn?: boolean;
  },
): Promise<{ already: false; before: Record<string, unknown> | null } | { already: true; checkedInAt: string; withdrawn: boolean }> {
  const inserted = await trx
    .insertInto("attendance_checkins")
    .values({
      enrolment_id: row.enrolmentId,
      course_day: row.day,
      checked_in_at: row.at,
      method: row.method,
      recorded_by: row.recordedBy,
      reason: row.reason,
    })
    .onConflict((oc) => oc.columns(["enrolment_id", "course_day"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { already: false, before: null };
  const existing = await trx
    .selectFrom("attendance_checkins")
    .select(["id", "checked_in_at", "method", "removed_at", "reason"])
    .where("enrolment_id", "=", row.enrolmentId)
    .where("course_day", "=", row.day)
    .executeTakeFirstOrThrow();
  if (existing.removed_at === null || row.keepWithdrawn)
    return { already: true, checkedInAt: existing.checked_in_at, withdrawn: existing.removed_at !== null };
  await trx
    .updateTable("attendance_checkins")
    .set({ checked_in_at: row.at, method: row.method, recorded_by: row.recordedBy, reason: row.reason, removed_at: null })
    .where("id", "=", existing.id)
    .execute();
  return {
    already: false,
    before: {
      course_day: row.day,
      method: existing.method,
      checked_in_at: existing.checked_in_at,
      removed_at: existing.removed_at,
      reason: existing.reason,
    },
  };
}

export interface PersonWithCheckin extends AttendancePerson {
  /** The day's standing check-in, if any. */
  checkedInAt: string | null;
}

/**
 * Enrolments of the course whose participant's name (or e-mail) holds the words typed: the
 * participants' trigram index (migration 0035) finds the people, their enrolments are read by
 * index; at most NAME_SEARCH_LIMIT rows. Three letters at least.
 */
export async function searchCourseEnrolments(
  db: Kysely<DB>,
  input: { courseId: number; day: string; q: string },
): Promise<Outcome<{ people: PersonWithCheckin[]; more: boolean }>> {
  const q = input.q.trim().slice(0, 100);
  const match = participantSearchMatch(q);
  if (!match) return refuse(400, { fields: { q: "Escriba al menos tres letras del nombre." } });
  const rows = await personQuery(db)
    .leftJoin("attendance_checkins as c", (join) =>
      join.onRef("c.enrolment_id", "=", "e.id").on("c.course_day", "=", input.day).on("c.removed_at", "is", null),
    )
    .select("c.checked_in_at")
    .where("e.course_id", "=", input.courseId)
    .where(sql<boolean>`e.participant_id IN (SELECT rowid FROM participants_search WHERE participants_search MATCH ${match})`)
    .orderBy("p.name")
    .orderBy("e.id")
    .limit(NAME_SEARCH_LIMIT + 1)
    .execute();
  return {
    ok: true,
    people: rows.slice(0, NAME_SEARCH_LIMIT).map((row) => ({ ...personOf(row), checkedInAt: row.checked_in_at })),
    more: rows.length > NAME_SEARCH_LIMIT,
  };
}

export interface DayCheckin {
  id: number;
  enrolmentId: number;
  participantId: number;
  name: string;
  checkedInAt: string;
  method: CheckinMethod;
  methodLabel: string;
  recordedBy: string | null;
  reason: string | null;
  removedAt: string | null;
}

/** The day's check-ins of the course (withdrawn ones included, marked), by time. */
export async function dayCheckins(db: Kysely<DB>, courseId: number, day: string): Promise<DayCheckin[]> {
  const rows = await db
    .selectFrom("attendance_checkins as c")
    .innerJoin("enrolments as e", "e.id", "c.enrolment_id")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .select([
      "c.id",
      "c.enrolment_id",
      "p.id as participant_id",
      "p.name",
      "c.checked_in_at",
      "c.method",
      "c.recorded_by",
      "c.reason",
      "c.removed_at",
    ])
    .where("c.course_day", "=", day)
    .where("e.course_id", "=", courseId)
    .orderBy("c.checked_in_at")
    .orderBy("c.id")
    .limit(DAY_LIST_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    enrolmentId: row.enrolment_id,
    participantId: row.participant_id,
    name: row.name,
    checkedInAt: row.checked_in_at,
    method: row.method,
    methodLabel: CHECKIN_METHOD_LABELS[row.method],
    recordedBy: row.recorded_by,
    reason: row.reason,
    removedAt: row.removed_at,
  }));
}

/** «registrados / inscritos» per course day: standing check-ins, over the confirmed enrolments. */
export async function attendanceCounts(
  db: Kysely<DB>,
  course: AttendanceCourse,
): Promise<{ enrolled: number; days: { day: string; registered: number }[] }> {
  const [enrolled, perDay] = await Promise.all([
    db
      .selectFrom("enrolments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("course_id", "=", course.id)
      .where("status", "=", "confirmada")
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("attendance_checkins as c")
      .innerJoin("enrolments as e", "e.id", "c.enrolment_id")
      .select(["c.course_day", (eb) => eb.fn.countAll<number>().as("n")])
      .where("e.course_id", "=", course.id)
      .where("c.removed_at", "is", null)
      .where("c.course_day", ">=", course.startDate)
      .where("c.course_day", "<=", course.finishDate)
      .groupBy("c.course_day")
      .execute(),
  ]);
  const counted = new Map(perDay.map((row) => [row.course_day, Number(row.n)]));
  return { enrolled: Number(enrolled.n), days: course.days.map((day) => ({ day, registered: counted.get(day) ?? 0 })) };
}

function reasonProblem(reason: string) {
  const trimmed = reason.trim();
  if (!trimmed) return refuse(400, { fields: { motivo: "Escriba el motivo de la corrección." } });
  if (trimmed.length > REASON_MAX) return refuse(400, { fields: { motivo: `El motivo es demasiado largo (máximo ${REASON_MAX} caracteres).` } });
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(trimmed)) return refuse(400, { fields: { motivo: "Quite los caracteres de control del motivo." } });
  return null;
}

/** Staff mark a day's attendance by hand (e.g. an online participant seen in the session), with a reason. */
export async function markAttendance(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { courseId: number; enrolmentId: number; day: string; reason: string },
  now: Date = clock.now(),
): Promise<Outcome<CheckinDone>> {
  const course = await attendanceCourse(db, input.courseId);
  if (!course) return notFound("No encontramos el curso.");
  const problem = dayProblem(course, input.day) ?? reasonProblem(input.reason);
  if (problem) return problem;
  const found = await findEnrolment(db, { by: "nombre", enrolmentId: input.enrolmentId });
  if (!found.ok) return found;
  const refused = await entryProblem(found.row, course, (id) => courseNameOf(db, id));
  if (refused) return refused;
  const person = personOf(found.row);
  const reason = input.reason.trim();
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const stored = await storeCheckin(trx, {
      enrolmentId: person.enrolmentId,
      day: input.day,
      at,
      method: "personal",
      recordedBy: actorLabel(ctx),
      reason,
    });
    if (stored.already) {
      return refuse(409, { form: `${person.name} ya estaba registrado ese día, a las ${checkinTime(stored.checkedInAt)}.`, code: "ya_registrado" });
    }
    await audit(trx, ctx, {
      action: "asistencia.marcar",
      entity: "enrolment",
      entityId: person.enrolmentId,
      before: stored.before,
      after: { course_day: input.day, method: "personal", checked_in_at: at, reason },
    });
    return { ok: true, person, day: input.day, checkedInAt: at, already: false, message: `Asistencia marcada (${checkinTime(at)})` } as const;
  });
}

/** Staff withdraw a check-in with a reason: removed_at is set, the row stays, it no longer counts. */
export async function withdrawAttendance(
  db: Kysely<DB>,
  ctx: StaffContext,
  input: { courseId: number; enrolmentId: number; day: string; reason: string },
  now: Date = clock.now(),
): Promise<Outcome<{ name: string; day: string }>> {
  const course = await attendanceCourse(db, input.courseId);
  if (!course) return notFound("No encontramos el curso.");
  const problem = dayProblem(course, input.day) ?? reasonProblem(input.reason);
  if (problem) return problem;
  const reason = input.reason.trim();
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("attendance_checkins as c")
      .innerJoin("enrolments as e", "e.id", "c.enrolment_id")
      .innerJoin("participants as p", "p.id", "e.participant_id")
      .select(["c.id", "c.checked_in_at", "c.method", "c.reason", "c.removed_at", "p.name"])
      .where("c.enrolment_id", "=", input.enrolmentId)
      .where("c.course_day", "=", input.day)
      .where("e.course_id", "=", course.id)
      .executeTakeFirst();
    if (!row || row.removed_at !== null)
      return refuse(409, { form: "No hay un registro de asistencia vigente que retirar ese día.", code: "sin_registro" });
    const at = now.toISOString();
    await trx
      .updateTable("attendance_checkins")
      .set({ removed_at: at, reason, recorded_by: actorLabel(ctx) })
      .where("id", "=", row.id)
      .execute();
    await audit(trx, ctx, {
      action: "asistencia.retirar",
      entity: "enrolment",
      entityId: input.enrolmentId,
      before: { course_day: input.day, method: row.method, checked_in_at: row.checked_in_at, reason: row.reason },
      after: { course_day: input.day, removed_at: at, reason },
    });
    return { ok: true, name: row.name, day: input.day } as const;
  });
}

// ---------------------------------------------------------------- online: the course page

export interface CourseAccessPage {
  enrolmentId: number;
  course: { id: number; name: string; startDate: string; finishDate: string };
  modality: EnrolmentModality;
  content: EnrolledCourseContent;
  /** Today's standing attendance, when today is a course day and the enrolment is online. */
  attendance: { day: string; checkedInAt: string; recordedNow: boolean } | null;
}

/**
 * The course page of a participant's confirmed enrolment (its access address, password and
 * content), 404 for anyone else. Opened by an online participant during the course dates, it
 * records that day's attendance once (method en_linea); a check-in staff withdrew stays withdrawn.
 */
export async function openCourseAccess(
  db: Kysely<DB>,
  participantId: number,
  enrolmentId: number,
  now: Date = clock.now(),
): Promise<Outcome<CourseAccessPage>> {
  const row = await db
    .selectFrom("enrolments as e")
    .innerJoin("courses as c", "c.course_id", "e.course_id")
    .select(["e.id", "e.modality", "e.status", "e.participant_id", "c.course_id", "c.course_name", "c.course_start_date", "c.course_finish_date"])
    .where("e.id", "=", enrolmentId)
    .executeTakeFirst();
  if (!row || row.participant_id !== participantId || row.status !== "confirmada")
    return notFound("No encontramos este curso entre sus inscripciones confirmadas.");
  const content = await getEnrolledCourseContent(db, row.course_id, participantId);
  if (!content) return notFound("No encontramos este curso entre sus inscripciones confirmadas.");
  const today = mexicoCityDay(now);
  let attendance: CourseAccessPage["attendance"] = null;
  if (row.modality === "en_linea" && courseDays(row.course_start_date, row.course_finish_date).includes(today)) {
    const at = now.toISOString();
    const stored = await db
      .transaction()
      .execute((trx) =>
        storeCheckin(trx, { enrolmentId: row.id, day: today, at, method: "en_linea", recordedBy: null, reason: null, keepWithdrawn: true }),
      );
    if (!stored.already) attendance = { day: today, checkedInAt: at, recordedNow: true };
    else if (!stored.withdrawn) attendance = { day: today, checkedInAt: stored.checkedInAt, recordedNow: false };
  }
  return {
    ok: true,
    enrolmentId: row.id,
    course: { id: row.course_id, name: row.course_name, startDate: row.course_start_date, finishDate: row.course_finish_date },
    modality: row.modality,
    content,
    attendance,
  };
}

// ---------------------------------------------------------------- the constancias' figure

export interface AttendanceShare {
  enrolmentId: number;
  /** Course days with a standing check-in. */
  attendedDays: number;
  /** The course's days (courseDays). */
  courseDays: number;
  /** 0–1: attendedDays / courseDays; an online enrolment that attended at least once counts 1. */
  share: number;
  online: boolean;
}

function shareOf(row: { enrolmentId: number; modality: EnrolmentModality; attended: number }, days: number): AttendanceShare {
  const online = row.modality === "en_linea";
  const share = days === 0 ? 0 : online ? (row.attended > 0 ? 1 : 0) : Math.min(1, row.attended / days);
  return { enrolmentId: row.enrolmentId, attendedDays: row.attended, courseDays: days, share, online };
}

/**
 * THE ATTENDANCE SHARE of every enrolment of a course (for the constancias): standing check-ins
 * on the course's days over the number of course days; online enrolments count as full with one
 * day attended. Every enrolment of the course is in the map (0 when never checked in).
 */
export async function attendanceSharesOfCourse(db: Kysely<DB>, courseId: number): Promise<Map<number, AttendanceShare>> {
  const course = await attendanceCourse(db, courseId);
  const shares = new Map<number, AttendanceShare>();
  if (!course) return shares;
  const rows = await db
    .selectFrom("enrolments as e")
    .leftJoin("attendance_checkins as c", (join) =>
      join
        .onRef("c.enrolment_id", "=", "e.id")
        .on("c.removed_at", "is", null)
        .on("c.course_day", ">=", course.startDate)
        .on("c.course_day", "<=", course.finishDate),
    )
    .select(["e.id as enrolmentId", "e.modality", (eb) => eb.fn.count<number>("c.id").as("attended")])
    .where("e.course_id", "=", courseId)
    .groupBy("e.id")
    .execute();
  for (const row of rows) shares.set(row.enrolmentId, shareOf({ ...row, attended: Number(row.attended) }, course.days.length));
  return shares;
}

/** The attendance share of one enrolment (see attendanceSharesOfCourse), or null when there is no such enrolment. */
export async function attendanceShareOfEnrolment(db: Kysely<DB>, enrolmentId: number): Promise<AttendanceShare | null> {
  const enrolment = await db.selectFrom("enrolments").select(["id", "course_id", "modality"]).where("id", "=", enrolmentId).executeTakeFirst();
  if (!enrolment) return null;
  const course = await attendanceCourse(db, enrolment.course_id);
  if (!course) return null;
  const attended = await db
    .selectFrom("attendance_checkins")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("enrolment_id", "=", enrolmentId)
    .where("removed_at", "is", null)
    .where("course_day", ">=", course.startDate)
    .where("course_day", "<=", course.finishDate)
    .executeTakeFirstOrThrow();
  return shareOf({ enrolmentId, modality: enrolment.modality, attended: Number(attended.n) }, course.days.length);
}

// ---------------------------------------------------------------- the export (days × people)

export interface AttendanceExportRow {
  name: string;
  participantId: number;
  profileLabel: string;
  modalityLabel: string;
  statusLabel: string;
  controlNumber: string | null;
  /** Course day → the standing check-in's instant. */
  checkins: Map<string, string>;
}

/** The export's columns for a course's days: who, then one column per day (the check-in's time), then the totals. */
export function attendanceExportColumns(days: readonly string[]): SpreadsheetColumns<AttendanceExportRow> {
  return [
    { header: "Nombre", width: 36, type: "text", value: (row) => row.name },
    { header: "Número de participante", width: 14, type: "integer", value: (row) => row.participantId },
    { header: "Perfil", width: 16, type: "text", value: (row) => row.profileLabel },
    { header: "Modalidad", width: 12, type: "text", value: (row) => row.modalityLabel },
    { header: "Estado", width: 22, type: "text", value: (row) => row.statusLabel },
    { header: "Número de control", width: 30, type: "text", value: (row) => row.controlNumber },
    ...days.map(
      (day) =>
        ({
          header: `${day} (hora de registro, Ciudad de México)`,
          width: 18,
          type: "date",
          value: (row: AttendanceExportRow) => row.checkins.get(day) ?? null,
        }) as const,
    ),
    { header: "Días asistidos", width: 10, type: "integer", value: (row) => row.checkins.size },
  ];
}

/** People per batch of the streamed export. */
export const ATTENDANCE_EXPORT_BATCH = 100;

/**
 * The export's rows, a batch at a time (keyset on the enrolment id): every confirmed enrolment of
 * the course, and any other that has a check-in.
 */
export async function* attendanceExportBatches(db: Kysely<DB>, course: AttendanceCourse): RowBatches<AttendanceExportRow> {
  for (let after = 0; ;) {
    await nextTurn();
    const rows = await db
      .selectFrom("enrolments as e")
      .innerJoin("participants as p", "p.id", "e.participant_id")
      .select(["e.id", "e.status", "e.modality", "e.reference", "p.id as participantId", "p.name", "p.role"])
      .where("e.course_id", "=", course.id)
      .where("e.id", ">", after)
      .where((eb) =>
        eb.or([
          eb("e.status", "=", "confirmada"),
          eb.exists(
            eb
              .selectFrom("attendance_checkins as c")
              .select(sql`1`.as("one"))
              .whereRef("c.enrolment_id", "=", "e.id"),
          ),
        ]),
      )
      .orderBy("e.id")
      .limit(ATTENDANCE_EXPORT_BATCH)
      .execute();
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    const [checkins, payments] = await Promise.all([
      db
        .selectFrom("attendance_checkins")
        .select(["enrolment_id", "course_day", "checked_in_at"])
        .where("enrolment_id", "in", ids)
        .where("removed_at", "is", null)
        .where("course_day", ">=", course.startDate)
        .where("course_day", "<=", course.finishDate)
        .execute(),
      db
        .selectFrom("payment_attempts")
        .select(["enrolment_id", "control_number"])
        .where("enrolment_id", "in", ids)
        .where("status", "=", "approved")
        .where("refund_reason", "is", null)
        .execute(),
    ]);
    const byEnrolment = new Map<number, Map<string, string>>();
    for (const checkin of checkins) {
      const days = byEnrolment.get(checkin.enrolment_id) ?? new Map<string, string>();
      days.set(checkin.course_day, checkin.checked_in_at);
      byEnrolment.set(checkin.enrolment_id, days);
    }
    const paid = new Map(payments.map((payment) => [payment.enrolment_id, payment.control_number]));
    yield rows.map((row) => ({
      name: row.name,
      participantId: row.participantId,
      profileLabel: PROFILE_LABELS[row.role],
      modalityLabel: ENROLMENT_MODALITY_LABELS[row.modality],
      statusLabel: ENROLMENT_STATUS_LABELS[row.status],
      controlNumber: paid.get(row.id) ?? row.reference,
      checkins: byEnrolment.get(row.id) ?? new Map(),
    }));
    if (rows.length < ATTENDANCE_EXPORT_BATCH) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** The day-by-day attendance left the system (personal data): audited when the download ends. */
export async function recordDailyAttendanceExport(db: Kysely<DB>, ctx: StaffContext, courseId: number, format: "csv" | "xlsx", rows: number) {
  await db.transaction().execute(async (trx) => {
    await audit(trx, ctx, { action: "asistencia.exportar_dias", entity: "course", entityId: courseId, after: { format, rows } });
  });
}
