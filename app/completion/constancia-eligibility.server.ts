import type { Kysely } from "kysely";
import { DOCUMENTS_BY_ROLE } from "~/accounts/documents";
import type { Profile } from "~/courses/pricing";
import type { ConstanciaKind, DB, EnrolmentModality } from "~/db.server";
import { courseDays } from "./course-days";
import { getCompletionSettings, type CompletionSettings } from "./constancia-settings.server";

/**
 * WHO EARNED WHICH CONSTANCIA (issue 25). For each confirmed enrolment of a course:
 *
 * - documents: every document the participant's profile requires is approved (the registration
 *   form's warning: an invalid document means no constancia). A rejected, pending or missing one
 *   says so and blocks;
 * - attendance: days checked in (not removed) ÷ the course days, against the required share; an
 *   online enrolment with one online check-in counts as full attendance;
 * - evaluation: the best grade and whether any attempt passed.
 *
 * Kind: acreditación when the course has an evaluation and the participant passed it (and
 * attended enough); asistencia when they attended enough without passing, or the course has no
 * evaluation. Anything else is not eligible, with the reasons.
 */

export interface AttendanceSummary {
  /** Distinct course days checked in (not removed). */
  days: number;
  /** At least one online check-in (counts as full attendance for an online enrolment). */
  online: boolean;
}

/**
 * THE ATTENDANCE READER (one small function, to be swapped for the attendance helper's export):
 * per enrolment, the course days checked in and not removed, and whether one was online.
 */
export async function attendanceOf(db: Kysely<DB>, enrolmentIds: number[], days: readonly string[]): Promise<Map<number, AttendanceSummary>> {
  const result = new Map<number, AttendanceSummary>();
  if (enrolmentIds.length === 0 || days.length === 0) return result;
  const rows = await db
    .selectFrom("attendance_checkins")
    .select(["enrolment_id", "course_day", "method"])
    .where("enrolment_id", "in", enrolmentIds)
    .where("removed_at", "is", null)
    .where("course_day", ">=", days[0]!)
    .where("course_day", "<=", days[days.length - 1]!)
    .execute();
  for (const row of rows) {
    const summary = result.get(row.enrolment_id) ?? { days: 0, online: false };
    summary.days += 1;
    if (row.method === "en_linea") summary.online = true;
    result.set(row.enrolment_id, summary);
  }
  return result;
}

export interface EvaluationSummary {
  /** The best grade of the submitted attempts (null: none submitted). */
  bestGrade: number | null;
  passed: boolean;
}

/**
 * THE EVALUATION READER (one small function, to be swapped for the evaluation helper's export):
 * per enrolment, the best graded attempt and whether one passed.
 */
export async function evaluationResultsOf(db: Kysely<DB>, enrolmentIds: number[]): Promise<Map<number, EvaluationSummary>> {
  const result = new Map<number, EvaluationSummary>();
  if (enrolmentIds.length === 0) return result;
  const rows = await db
    .selectFrom("evaluation_attempts")
    .select(["enrolment_id", (eb) => eb.fn.max("grade").as("best"), (eb) => eb.fn.max("passed").as("passed")])
    .where("enrolment_id", "in", enrolmentIds)
    .where("submitted_at", "is not", null)
    .where("grade", "is not", null)
    .groupBy("enrolment_id")
    .execute();
  for (const row of rows) result.set(row.enrolment_id, { bestGrade: row.best === null ? null : Number(row.best), passed: Number(row.passed) === 1 });
  return result;
}

/** Whether the course has a knowledge evaluation (its row and at least one question). */
export async function courseHasEvaluation(db: Kysely<DB>, courseId: number): Promise<boolean> {
  const row = await db
    .selectFrom("course_evaluations")
    .innerJoin("evaluation_questions", "evaluation_questions.course_id", "course_evaluations.course_id")
    .select("course_evaluations.course_id")
    .where("course_evaluations.course_id", "=", courseId)
    .executeTakeFirst();
  return Boolean(row);
}

export type DocumentsState = "aprobados" | "pendientes" | "rechazados" | "faltantes";

export interface EligibilityRow {
  enrolmentId: number;
  participantId: number;
  name: string;
  email: string;
  modality: EnrolmentModality;
  documents: DocumentsState;
  attendedDays: number;
  /** 0–100, rounded down. */
  attendancePercent: number;
  attendedEnough: boolean;
  bestGrade: number | null;
  passed: boolean;
  /** The constancia this enrolment would get now, or null (see reasons). */
  kind: ConstanciaKind | null;
  reasons: string[];
  /** Its standing constancia, or its last revoked one. */
  constancia: { folio: string; kind: ConstanciaKind; state: "valida" | "revocada"; issuedAt: string; grade: number | null } | null;
}

export interface EligibilityList {
  course: { id: number; name: string; startDate: string; finishDate: string };
  settings: CompletionSettings;
  hasEvaluation: boolean;
  courseDayCount: number;
  rows: EligibilityRow[];
}

function documentsState(profile: Profile, documents: { kind: string; status: string }[]): DocumentsState {
  const required = DOCUMENTS_BY_ROLE[profile].map((document) => document.kind);
  const of = required.map((kind) => documents.filter((document) => document.kind === kind));
  if (of.some((list) => list.some((document) => document.status === "rechazado"))) return "rechazados";
  if (of.some((list) => list.length === 0)) return "faltantes";
  if (of.every((list) => list.some((document) => document.status === "aprobado"))) return "aprobados";
  return "pendientes";
}

const DOCUMENT_REASONS: Record<Exclude<DocumentsState, "aprobados">, string> = {
  rechazados: "Tiene un documento rechazado.",
  faltantes: "Le falta un documento obligatorio.",
  pendientes: "Sus documentos no se han revisado.",
};

/** The eligible list of a course: every confirmed enrolment with what it earned, or null for an unknown course. */
export async function listEligibility(db: Kysely<DB>, courseId: number, onlyEnrolmentIds?: readonly number[]): Promise<EligibilityList | null> {
  const course = await db
    .selectFrom("courses")
    .select(["course_id", "course_name", "course_start_date", "course_finish_date"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!course) return null;
  const settings = await getCompletionSettings(db, courseId);
  const hasEvaluation = await courseHasEvaluation(db, courseId);
  const days = courseDays(course.course_start_date, course.course_finish_date);
  let query = db
    .selectFrom("enrolments")
    .innerJoin("participants", "participants.id", "enrolments.participant_id")
    .select([
      "enrolments.id",
      "enrolments.modality",
      "participants.id as participant_id",
      "participants.name",
      "participants.email",
      "participants.role",
    ])
    .where("enrolments.course_id", "=", courseId)
    .where("enrolments.status", "=", "confirmada");
  if (onlyEnrolmentIds) query = query.where("enrolments.id", "in", onlyEnrolmentIds.length ? [...onlyEnrolmentIds] : [-1]);
  const enrolments = await query.orderBy("participants.name").orderBy("enrolments.id").execute();
  const ids = enrolments.map((enrolment) => enrolment.id);
  const participantIds = enrolments.map((enrolment) => enrolment.participant_id);
  const [attendance, evaluation, documents, constancias] = await Promise.all([
    attendanceOf(db, ids, days),
    evaluationResultsOf(db, ids),
    participantIds.length
      ? db.selectFrom("participant_documents").select(["participant_id", "kind", "status"]).where("participant_id", "in", participantIds).execute()
      : Promise.resolve([]),
    ids.length
      ? db
          .selectFrom("constancias")
          .select(["enrolment_id", "folio", "kind", "grade", "issued_at", "revoked_at", "replaced_by_folio"])
          .where("enrolment_id", "in", ids)
          .where("replaced_by_folio", "is", null)
          .orderBy("id")
          .execute()
      : Promise.resolve([]),
  ]);
  const rows = enrolments.map((enrolment): EligibilityRow => {
    const docs = documentsState(
      enrolment.role,
      documents.filter((document) => document.participant_id === enrolment.participant_id),
    );
    const seen = attendance.get(enrolment.id) ?? { days: 0, online: false };
    const fullOnline = enrolment.modality === "en_linea" && seen.online;
    const attendancePercent = fullOnline ? 100 : days.length === 0 ? 0 : Math.floor((Math.min(seen.days, days.length) * 100) / days.length);
    const attendedEnough = attendancePercent >= settings.requiredAttendancePercent;
    const result = evaluation.get(enrolment.id) ?? { bestGrade: null, passed: false };
    const reasons: string[] = [];
    if (docs !== "aprobados") reasons.push(DOCUMENT_REASONS[docs]);
    if (!attendedEnough) reasons.push(`Asistió al ${attendancePercent} % (se requiere ${settings.requiredAttendancePercent} %).`);
    if (!settings.saved) reasons.push("Faltan los datos de la constancia del curso (horas y firmantes).");
    const kind: ConstanciaKind | null = reasons.length > 0 ? null : hasEvaluation && result.passed ? "acreditacion" : "asistencia";
    const own = constancias.filter((row) => row.enrolment_id === enrolment.id);
    const standing = own.find((row) => row.revoked_at === null) ?? null;
    const shown = standing ?? own[own.length - 1] ?? null;
    return {
      enrolmentId: enrolment.id,
      participantId: enrolment.participant_id,
      name: enrolment.name,
      email: enrolment.email,
      modality: enrolment.modality,
      documents: docs,
      attendedDays: seen.days,
      attendancePercent,
      attendedEnough,
      bestGrade: result.bestGrade,
      passed: result.passed,
      kind,
      reasons,
      constancia: shown
        ? { folio: shown.folio, kind: shown.kind, state: shown.revoked_at ? "revocada" : "valida", issuedAt: shown.issued_at, grade: shown.grade }
        : null,
    };
  });
  return {
    course: { id: course.course_id, name: course.course_name, startDate: course.course_start_date, finishDate: course.course_finish_date },
    settings,
    hasEvaluation,
    courseDayCount: days.length,
    rows,
  };
}
