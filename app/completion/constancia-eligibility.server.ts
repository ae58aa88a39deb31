import type { Kysely } from "kysely";
import { DOCUMENTS_BY_ROLE } from "~/accounts/documents";
import type { Profile } from "~/courses/pricing";
import type { ConstanciaKind, DB, EnrolmentModality } from "~/db.server";
import { attendanceSharesOfCourse } from "./attendance.server";
import { courseDays } from "./course-days";
import { evaluationStandings } from "./evaluation.server";
import { getCompletionSettings, type CompletionSettings } from "./constancia-settings.server";

/**
 * WHO EARNED WHICH CONSTANCIA (issue 25). For each confirmed enrolment of a course:
 *
 * - documents: every document the participant's profile requires is approved (the registration
 *   form's warning: an invalid document means no constancia). A rejected, pending or missing one
 *   says so and blocks;
 * - attendance: days checked in (not removed) ÷ the course days, against the required share; an
 *   online enrolment that attended once counts as full attendance (attendanceSharesOfCourse);
 * - evaluation: the best grade and whether any attempt passed (evaluationStandings).
 *
 * Kind: acreditación when the course has an evaluation and the participant passed it (and
 * attended enough); asistencia when they attended enough without passing, or the course has no
 * evaluation. Anything else is not eligible, with the reasons.
 */

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
  const [attendance, standings, documents, constancias] = await Promise.all([
    attendanceSharesOfCourse(db, courseId),
    evaluationStandings(db, courseId),
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
  const hasEvaluation = standings.evaluation !== null;
  const rows = enrolments.map((enrolment): EligibilityRow => {
    const docs = documentsState(
      enrolment.role,
      documents.filter((document) => document.participant_id === enrolment.participant_id),
    );
    const share = attendance.get(enrolment.id);
    const attendedDays = share?.attendedDays ?? 0;
    // Whole percents from the counts (0.57 × 100 is 56.99… in floating point).
    const attendancePercent =
      !share || days.length === 0 ? 0 : share.share >= 1 ? 100 : Math.floor((Math.min(attendedDays, days.length) * 100) / days.length);
    const attendedEnough = attendancePercent >= settings.requiredAttendancePercent;
    const result = standings.byEnrolment.get(enrolment.id) ?? { bestGrade: null, passed: false };
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
      attendedDays,
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
