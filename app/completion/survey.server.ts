import type { Kysely } from "kysely";
import { refuse, type Outcome } from "~/actions/outcome";
import type { DB } from "~/db.server";
import { now as clockNow } from "~/utils/clock.server";
import { testAccess } from "./evaluation.server";
import { SURVEY_OPEN_MAX, SURVEY_QUESTIONS, SURVEY_SCALE, type SurveyGrade } from "./survey";

/**
 * The quality survey at /test/{course_id}: answered once per enrolment, before the evaluation,
 * by whoever may take the evaluation (testAccess). Stored as one survey_responses row.
 */

const FORGED = "Las respuestas enviadas no corresponden a la evaluación de calidad. Vuelva a cargar la página y responda de nuevo.";
const GRADES = new Set<string>(SURVEY_SCALE.map((s) => s.value));
const QUESTIONS = new Map(SURVEY_QUESTIONS.map((q) => [q.key, q]));

export interface SurveyInput {
  participantId: number;
  courseId: number;
  entries: readonly (readonly [string, unknown])[];
}

/**
 * Stores the survey. Refused, storing nothing: no access (403/404), answered already (409), a
 * forged form (400: an unknown or repeated key, a closed answer outside E/B/D), a closed question
 * unanswered or an open answer too long (400 with the field's message).
 */
export async function submitSurvey(db: Kysely<DB>, input: SurveyInput, now: Date = clockNow()): Promise<Outcome<{ enrolmentId: number }>> {
  const access = await testAccess(db, input.participantId, input.courseId, now);
  if (!access.ok) return access;
  const answered = await db.selectFrom("survey_responses").select("enrolment_id").where("enrolment_id", "=", access.enrolmentId).executeTakeFirst();
  if (answered) return refuse(409, { form: "Ya respondió la evaluación de calidad de este curso; gracias.", code: "encuesta_respondida" });

  const answers: Record<string, SurveyGrade | string> = {};
  for (const [key, value] of input.entries) {
    const question = QUESTIONS.get(key);
    if (!question || key in answers || typeof value !== "string") return refuse(400, { form: FORGED, code: "respuesta_falsa" });
    if (question.open) answers[key] = value.trim();
    else if (GRADES.has(value)) answers[key] = value;
    else return refuse(400, { form: FORGED, code: "respuesta_falsa" });
  }
  const fields: Record<string, string> = {};
  for (const question of SURVEY_QUESTIONS) {
    const answer = answers[question.key];
    if (question.open) {
      if (answer && answer.length > SURVEY_OPEN_MAX) fields[question.key] = `Su respuesta es demasiado larga (máximo ${SURVEY_OPEN_MAX} caracteres).`;
      else if (answer && /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(answer))
        fields[question.key] = "Su respuesta tiene caracteres no válidos.";
    } else if (!answer) fields[question.key] = "Elija una calificación: (E) Excelente, (B) Bueno o (D) Deficiente.";
  }
  if (Object.keys(fields).length)
    return refuse(400, { form: "Revise la evaluación de calidad: falta responder o corregir algunas preguntas.", fields, code: "incompleta" });

  const stored: Record<string, string> = {};
  for (const question of SURVEY_QUESTIONS) {
    const answer = answers[question.key];
    if (answer) stored[question.key] = answer;
  }
  const result = await db
    .insertInto("survey_responses")
    .values({ enrolment_id: access.enrolmentId, answers: JSON.stringify(stored), submitted_at: now.toISOString() })
    .onConflict((oc) => oc.column("enrolment_id").doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) {
    return refuse(409, { form: "Ya respondió la evaluación de calidad de este curso; gracias.", code: "encuesta_respondida" });
  }
  return { ok: true, enrolmentId: access.enrolmentId };
}

export interface SurveySummary {
  responses: number;
  closed: { key: string; section: string; prompt: string; counts: Record<SurveyGrade, number> }[];
  open: { key: string; prompt: string; answers: string[] }[];
}

/** Every response of a course's survey, counted per closed question and listed per open one. */
export async function surveySummary(db: Kysely<DB>, courseId: number): Promise<SurveySummary> {
  const rows = await db
    .selectFrom("survey_responses as s")
    .innerJoin("enrolments as e", "e.id", "s.enrolment_id")
    .select(["s.answers"])
    .where("e.course_id", "=", courseId)
    .orderBy("s.submitted_at")
    .orderBy("s.enrolment_id")
    .execute();
  const closed = SURVEY_QUESTIONS.filter((q) => !q.open).map((q) => ({
    key: q.key,
    section: q.section,
    prompt: q.prompt,
    counts: { E: 0, B: 0, D: 0 } as Record<SurveyGrade, number>,
  }));
  const open = SURVEY_QUESTIONS.filter((q) => q.open).map((q) => ({ key: q.key, prompt: q.prompt, answers: [] as string[] }));
  for (const row of rows) {
    const answers = parseAnswers(row.answers);
    for (const question of closed) {
      const grade = answers[question.key];
      if (grade === "E" || grade === "B" || grade === "D") question.counts[grade] += 1;
    }
    for (const question of open) {
      const text = answers[question.key];
      if (typeof text === "string" && text.trim()) question.answers.push(text);
    }
  }
  return { responses: rows.length, closed, open };
}

/** A stored response's answers (an object of strings; anything else reads as no answers). */
export function parseAnswers(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  } catch {
    return {};
  }
}
