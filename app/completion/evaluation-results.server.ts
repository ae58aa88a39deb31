import type { Kysely } from "kysely";
import type { DB, EnrolmentStatus } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import type { SpreadsheetColumns, SpreadsheetFormat } from "~/staff/spreadsheet.server";
import { audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { SURVEY_QUESTIONS, SURVEY_SCALE } from "./survey";
import { parseAnswers } from "./survey.server";

/**
 * What the Teaching office reads of a course's evaluation and survey (issue 25): per participant
 * their grades and attempts, and the survey's answers (aggregated by surveySummary, one row per
 * participant in the CSV/XLSX).
 */
export interface ResultRow {
  enrolmentId: number;
  participantId: number;
  name: string;
  email: string;
  status: EnrolmentStatus;
  grades: number[];
  bestGrade: number | null;
  passed: boolean;
  surveySubmittedAt: string | null;
  survey: Record<string, string>;
}

/** The confirmed enrolments of the course and every enrolment with an attempt or a survey, by name. */
export async function evaluationResults(db: Kysely<DB>, courseId: number): Promise<ResultRow[]> {
  const enrolments = await db
    .selectFrom("enrolments as e")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .leftJoin("survey_responses as s", "s.enrolment_id", "e.id")
    .select(["e.id", "e.participant_id", "e.status", "p.name", "p.email", "s.answers", "s.submitted_at"])
    .where("e.course_id", "=", courseId)
    .where((eb) =>
      eb.or([
        eb("e.status", "=", "confirmada"),
        eb("s.enrolment_id", "is not", null),
        eb.exists(eb.selectFrom("evaluation_attempts as a").select("a.id").whereRef("a.enrolment_id", "=", "e.id")),
      ]),
    )
    .orderBy("p.name")
    .orderBy("e.id")
    .execute();
  const attempts = await db
    .selectFrom("evaluation_attempts as a")
    .innerJoin("enrolments as e", "e.id", "a.enrolment_id")
    .select(["a.enrolment_id", "a.attempt_number", "a.grade", "a.passed"])
    .where("e.course_id", "=", courseId)
    .where("a.grade", "is not", null)
    .orderBy("a.attempt_number")
    .execute();
  return enrolments.map((e) => {
    const own = attempts.filter((a) => a.enrolment_id === e.id);
    const grades = own.map((a) => a.grade ?? 0);
    return {
      enrolmentId: e.id,
      participantId: e.participant_id,
      name: e.name,
      email: e.email,
      status: e.status,
      grades,
      bestGrade: grades.length ? Math.max(...grades) : null,
      passed: own.some((a) => a.passed === 1),
      surveySubmittedAt: e.submitted_at,
      survey: e.answers ? parseAnswers(e.answers) : {},
    };
  });
}

const SCALE_WORDS: Record<string, string> = Object.fromEntries(SURVEY_SCALE.map((s) => [s.value, s.label]));

/** The export's columns: the participant, the attempts and the best grade, then each survey answer. */
export function resultColumns(attemptsAllowed: number): SpreadsheetColumns<ResultRow> {
  return [
    { header: "Número de participante", width: 14, type: "integer", value: (r) => r.participantId },
    { header: "Nombre", width: 32, type: "text", value: (r) => r.name },
    { header: "Correo electrónico", width: 30, type: "text", value: (r) => r.email },
    { header: "Estado de la inscripción", width: 18, type: "text", value: (r) => ENROLMENT_STATUS_LABELS[r.status] },
    { header: "Intentos", width: 10, type: "integer", value: (r) => r.grades.length },
    ...Array.from({ length: attemptsAllowed }, (_, i) => ({
      header: `Calificación del intento ${i + 1}`,
      width: 12,
      type: "integer" as const,
      value: (r: ResultRow) => r.grades[i] ?? null,
    })),
    { header: "Mejor calificación", width: 12, type: "integer", value: (r) => r.bestGrade },
    { header: "Aprobó", width: 8, type: "text", value: (r) => (r.grades.length ? (r.passed ? "Sí" : "No") : null) },
    { header: "Encuesta respondida el", width: 18, type: "date", value: (r) => r.surveySubmittedAt },
    ...SURVEY_QUESTIONS.map((q) => ({
      header: q.prompt,
      width: q.open ? 40 : 16,
      type: "text" as const,
      value: (r: ResultRow) => {
        const answer = r.survey[q.key];
        return answer === undefined ? null : q.open ? answer : (SCALE_WORDS[answer] ?? null);
      },
    })),
  ];
}

/** The audit row of a results download (participants' personal data left the site). */
export async function recordResultsExport(
  db: Kysely<DB>,
  ctx: StaffContext,
  courseId: number,
  format: SpreadsheetFormat,
  rows: number,
): Promise<void> {
  await db
    .transaction()
    .execute((trx) => audit(trx, ctx, { action: "evaluacion.exportar", entity: "course", entityId: courseId, after: { format, rows } }));
}
