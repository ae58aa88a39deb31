import type { Kysely } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { DB, EnrolmentStatus } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { now as clockNow } from "~/utils/clock.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { answerField, groupByQuestion } from "./evaluation";

/**
 * The knowledge evaluation as participants take it at /test/{course_id} (issue 25), and each
 * enrolment's standing for the constancias. The server alone knows which option is right
 * (`evaluation_options.is_correct` is read only by `gradeAndStore`), grades 0–100, keeps every
 * attempt and counts the best one. Who may: a signed-in participant whose enrolment in the course
 * is confirmed, inside the window staff set; the quality survey comes first (survey.server.ts).
 */

export interface TestAccess {
  enrolmentId: number;
  course: { id: number; name: string };
  evaluation: { passingGrade: number; attemptsAllowed: number; opensAt: string | null; closesAt: string | null };
}

/** Who may open /test/{courseId} now, and why not: 404 (no course, no evaluation) or 403. */
export async function testAccess(db: Kysely<DB>, participantId: number, courseId: number, now: Date = clockNow()): Promise<Outcome<TestAccess>> {
  const course = await db
    .selectFrom("courses")
    .select(["course_id", "course_name", "archived_at"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!course || course.archived_at) return notFound("No encontramos ese curso.");
  const evaluation = await db
    .selectFrom("course_evaluations")
    .select(["passing_grade", "attempts_allowed", "opens_at", "closes_at"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  const questions = evaluation
    ? await db
        .selectFrom("evaluation_questions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("course_id", "=", courseId)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  if (!evaluation || Number(questions.n) === 0) return notFound("Este curso no tiene evaluación.");
  const enrolments = await db
    .selectFrom("enrolments")
    .select(["id", "status"])
    .where("participant_id", "=", participantId)
    .where("course_id", "=", courseId)
    .orderBy("id", "desc")
    .execute();
  const confirmed = enrolments.find((e) => e.status === "confirmada");
  if (!confirmed) {
    if (enrolments.length === 0)
      return refuse(403, { form: "No está inscrito en este curso: la evaluación es solo para sus participantes.", code: "sin_inscripcion" });
    return refuse(403, {
      form: `Su inscripción está «${ENROLMENT_STATUS_LABELS[enrolments[0]!.status as EnrolmentStatus]}»: la evaluación es solo para inscripciones confirmadas.`,
      code: "no_confirmada",
    });
  }
  const at = now.getTime();
  if (evaluation.opens_at && at < Date.parse(evaluation.opens_at)) {
    return refuse(403, {
      form: `La evaluación abre el ${formatMexicoCityDateTime(evaluation.opens_at)} (hora de la Ciudad de México).`,
      code: "antes",
    });
  }
  if (evaluation.closes_at && at >= Date.parse(evaluation.closes_at)) {
    return refuse(403, {
      form: `La evaluación cerró el ${formatMexicoCityDateTime(evaluation.closes_at)} (hora de la Ciudad de México).`,
      code: "despues",
    });
  }
  return {
    ok: true,
    enrolmentId: confirmed.id,
    course: { id: course.course_id, name: course.course_name },
    evaluation: {
      passingGrade: evaluation.passing_grade,
      attemptsAllowed: evaluation.attempts_allowed,
      opensAt: evaluation.opens_at,
      closesAt: evaluation.closes_at,
    },
  };
}

/** A question as the participant sees it: never which option is right. */
export interface PublicQuestion {
  id: number;
  prompt: string;
  options: { id: number; label: string }[];
}

/** The questions and their options in order, without `is_correct` (it is not even selected). */
export async function publicQuestions(db: Kysely<DB>, courseId: number): Promise<PublicQuestion[]> {
  const rows = await db
    .selectFrom("evaluation_questions as q")
    .innerJoin("evaluation_options as o", "o.question_id", "q.id")
    .select(["q.id as questionId", "q.prompt", "o.id as optionId", "o.label"])
    .where("q.course_id", "=", courseId)
    .orderBy("q.position")
    .orderBy("q.id")
    .orderBy("o.position")
    .orderBy("o.id")
    .execute();
  return groupByQuestion(rows, (row) => ({ id: row.optionId, label: row.label }));
}

export interface AttemptSummary {
  number: number;
  grade: number;
  passed: boolean;
  submittedAt: string;
}

async function attemptsOf(db: Kysely<DB>, enrolmentId: number): Promise<AttemptSummary[]> {
  const rows = await db
    .selectFrom("evaluation_attempts")
    .select(["attempt_number", "grade", "passed", "submitted_at", "started_at"])
    .where("enrolment_id", "=", enrolmentId)
    .where("grade", "is not", null)
    .orderBy("attempt_number")
    .execute();
  return rows.map((r) => ({ number: r.attempt_number, grade: r.grade ?? 0, passed: r.passed === 1, submittedAt: r.submitted_at ?? r.started_at }));
}

/** Why no further attempt is possible, or null. */
function attemptClosed(attempts: readonly AttemptSummary[], allowed: number): { status: 409; message: string; code: string } | null {
  if (attempts.some((a) => a.passed)) return { status: 409, message: "Ya aprobó la evaluación: no hace falta otro intento.", code: "aprobada" };
  if (attempts.length >= allowed) {
    return {
      status: 409,
      message: `Ya usó ${allowed === 1 ? "su intento" : `sus ${allowed} intentos`} de la evaluación: no puede presentarla otra vez.`,
      code: "sin_intentos",
    };
  }
  return null;
}

export interface TestPage extends TestAccess {
  surveyDone: boolean;
  attempts: AttemptSummary[];
  bestGrade: number | null;
  passed: boolean;
  /** Why the evaluation cannot be answered again (passed, or no attempts left), or null. */
  closedReason: string | null;
  /** The questions, only when the survey is done and an attempt is possible. */
  questions: PublicQuestion[];
}

/** What /test/{courseId} shows the participant now. */
export async function loadTestPage(db: Kysely<DB>, participantId: number, courseId: number, now: Date = clockNow()): Promise<Outcome<TestPage>> {
  const access = await testAccess(db, participantId, courseId, now);
  if (!access.ok) return access;
  const { ok: _ok, ...granted } = access;
  const survey = await db.selectFrom("survey_responses").select("enrolment_id").where("enrolment_id", "=", granted.enrolmentId).executeTakeFirst();
  const attempts = await attemptsOf(db, granted.enrolmentId);
  const closed = attemptClosed(attempts, granted.evaluation.attemptsAllowed);
  const best = attempts.length ? Math.max(...attempts.map((a) => a.grade)) : null;
  return {
    ok: true,
    ...granted,
    surveyDone: Boolean(survey),
    attempts,
    bestGrade: best,
    passed: attempts.some((a) => a.passed),
    closedReason: closed?.message ?? null,
    questions: survey && !closed ? await publicQuestions(db, courseId) : [],
  };
}

const FORGED = "Las respuestas enviadas no corresponden a esta evaluación. Vuelva a cargar la página y responda de nuevo.";

export interface AttemptInput {
  participantId: number;
  courseId: number;
  /** The form's entries as sent (FormData's order, repeated keys kept). */
  entries: readonly (readonly [string, unknown])[];
}

export type AttemptOutcome = Outcome<{ attemptNumber: number; grade: number; passed: boolean; attemptsLeft: number }>;

/**
 * Grades one attempt and keeps it. Refused, storing nothing: no access (403/404), survey not
 * answered (409), passed already or no attempts left (409), a forged form (400: a key that is not
 * one of this evaluation's questions, a repeated key, a value that is not an option of that
 * question), or a question left unanswered (400, with the choices already made kept by the page).
 */
export async function submitAttempt(db: Kysely<DB>, input: AttemptInput, now: Date = clockNow()): Promise<AttemptOutcome> {
  const access = await testAccess(db, input.participantId, input.courseId, now);
  if (!access.ok) return access;
  const enrolmentId = access.enrolmentId;
  const survey = await db.selectFrom("survey_responses").select("enrolment_id").where("enrolment_id", "=", enrolmentId).executeTakeFirst();
  if (!survey)
    return refuse(409, { form: "Responda primero la evaluación de calidad; después podrá presentar la evaluación.", code: "encuesta_pendiente" });
  const closedBefore = attemptClosed(await attemptsOf(db, enrolmentId), access.evaluation.attemptsAllowed);
  if (closedBefore) return refuse(closedBefore.status, { form: closedBefore.message, code: closedBefore.code });

  const rows = await db
    .selectFrom("evaluation_questions as q")
    .innerJoin("evaluation_options as o", "o.question_id", "q.id")
    .select(["q.id as questionId", "o.id as optionId", "o.is_correct"])
    .where("q.course_id", "=", input.courseId)
    .execute();
  const optionsOf = new Map<number, Map<number, boolean>>();
  for (const row of rows) {
    const options = optionsOf.get(row.questionId) ?? new Map<number, boolean>();
    options.set(row.optionId, row.is_correct === 1);
    optionsOf.set(row.questionId, options);
  }

  const chosen = new Map<number, number>();
  for (const [key, value] of input.entries) {
    const keyMatch = /^pregunta-(\d{1,12})$/.exec(key);
    if (!keyMatch) return refuse(400, { form: FORGED, code: "respuesta_falsa" });
    const questionId = Number(keyMatch[1]);
    const options = optionsOf.get(questionId);
    if (!options || chosen.has(questionId)) return refuse(400, { form: FORGED, code: "respuesta_falsa" });
    if (typeof value !== "string" || !/^\d{1,12}$/.test(value) || !options.has(Number(value)))
      return refuse(400, { form: FORGED, code: "respuesta_falsa" });
    chosen.set(questionId, Number(value));
  }
  const missing: Record<string, string> = {};
  for (const questionId of optionsOf.keys()) if (!chosen.has(questionId)) missing[answerField(questionId)] = "Elija una respuesta.";
  if (Object.keys(missing).length) {
    return refuse(400, { form: "Responda todas las preguntas antes de enviar la evaluación.", fields: missing, code: "incompleta" });
  }

  let correct = 0;
  for (const [questionId, optionId] of chosen) if (optionsOf.get(questionId)!.get(optionId)) correct += 1;
  const grade = Math.round((100 * correct) / optionsOf.size);
  const passed = grade >= access.evaluation.passingGrade;
  const stamp = now.toISOString();

  return db.transaction().execute(async (trx): Promise<AttemptOutcome> => {
    // Counted again inside the transaction: two posts at once never make a third attempt.
    const attempts = await attemptsOf(trx, enrolmentId);
    const closed = attemptClosed(attempts, access.evaluation.attemptsAllowed);
    if (closed) return refuse(closed.status, { form: closed.message, code: closed.code });
    const attemptNumber = attempts.length + 1;
    await trx
      .insertInto("evaluation_attempts")
      .values({
        enrolment_id: enrolmentId,
        attempt_number: attemptNumber,
        started_at: stamp,
        submitted_at: stamp,
        answers: JSON.stringify(Object.fromEntries([...chosen].map(([q, o]) => [String(q), o]))),
        grade,
        passed: passed ? 1 : 0,
      })
      .execute();
    return { ok: true, attemptNumber, grade, passed, attemptsLeft: passed ? 0 : access.evaluation.attemptsAllowed - attemptNumber };
  });
}

/** An enrolment's result in its course's evaluation: the best grade counts. */
export interface EvaluationStanding {
  /** The best grade of its attempts (0–100), or null before any attempt. */
  bestGrade: number | null;
  /** An attempt reached the passing grade (as set when it was graded). */
  passed: boolean;
  attempts: number;
}

/**
 * For the constancias (issue 25): a course's evaluation (null when it has none, so no constancia
 * de acreditación is possible) and the standing of every enrolment that made an attempt (an
 * enrolment missing from the map made none: bestGrade null, not passed).
 */
export async function evaluationStandings(
  db: Kysely<DB>,
  courseId: number,
): Promise<{ evaluation: { passingGrade: number; attemptsAllowed: number } | null; byEnrolment: Map<number, EvaluationStanding> }> {
  const evaluation = await db
    .selectFrom("course_evaluations")
    .select(["passing_grade", "attempts_allowed"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom("evaluation_attempts as a")
    .innerJoin("enrolments as e", "e.id", "a.enrolment_id")
    .select((eb) => [
      "a.enrolment_id",
      eb.fn.max("a.grade").as("best"),
      eb.fn.max("a.passed").as("passed"),
      eb.fn.count<number>("a.id").as("attempts"),
    ])
    .where("e.course_id", "=", courseId)
    .where("a.grade", "is not", null)
    .groupBy("a.enrolment_id")
    .execute();
  const byEnrolment = new Map<number, EvaluationStanding>();
  for (const row of rows) {
    byEnrolment.set(row.enrolment_id, {
      bestGrade: row.best === null ? null : Number(row.best),
      passed: Number(row.passed) === 1,
      attempts: Number(row.attempts),
    });
  }
  return { evaluation: evaluation ? { passingGrade: evaluation.passing_grade, attemptsAllowed: evaluation.attempts_allowed } : null, byEnrolment };
}

/** One enrolment's standing (see evaluationStandings). */
export async function evaluationStandingOf(db: Kysely<DB>, enrolmentId: number): Promise<EvaluationStanding> {
  const attempts = await attemptsOf(db, enrolmentId);
  return {
    bestGrade: attempts.length ? Math.max(...attempts.map((a) => a.grade)) : null,
    passed: attempts.some((a) => a.passed),
    attempts: attempts.length,
  };
}
