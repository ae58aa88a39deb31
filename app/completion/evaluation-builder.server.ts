import type { Kysely } from "kysely";
import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { DB } from "~/db.server";
import { audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { instantToMexicoCityLocal, mexicoCityLocalToInstant } from "~/utils/mexico-city";
import { nowIso } from "~/utils/clock.server";
import { DEFAULT_ATTEMPTS, DEFAULT_PASSING_GRADE, groupByQuestion, MAX_OPTIONS, MIN_OPTIONS } from "./evaluation";

/**
 * The Teaching office builds a course's knowledge evaluation (issue 25): its settings (passing
 * grade, attempts allowed — 2 like the current site —, the window in Mexico City wall time) and its
 * questions, each with its options and exactly one correct. Every change is audited in its own
 * transaction. Once a participant has made an attempt the questions are fixed (the grades kept
 * must mean the same test); the settings can still change.
 */

export interface BuilderQuestion {
  id: number;
  prompt: string;
  options: { id: number; label: string; correct: boolean }[];
}

export interface EvaluationBuilder {
  course: { id: number; name: string; archived: boolean };
  /** The saved settings; the defaults (and no window) when none are saved yet. */
  settings: { saved: boolean; passingGrade: number; attemptsAllowed: number; opensAt: string | null; closesAt: string | null };
  questions: BuilderQuestion[];
  attempts: number;
}

/** The staff view of a course's evaluation (with the correct options), or null for no such course. */
export async function loadEvaluationBuilder(db: Kysely<DB>, courseId: number): Promise<EvaluationBuilder | null> {
  const course = await db
    .selectFrom("courses")
    .select(["course_id", "course_name", "archived_at"])
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!course) return null;
  const evaluation = await db.selectFrom("course_evaluations").selectAll().where("course_id", "=", courseId).executeTakeFirst();
  const rows = await db
    .selectFrom("evaluation_questions as q")
    .leftJoin("evaluation_options as o", "o.question_id", "q.id")
    .select(["q.id as questionId", "q.prompt", "o.id as optionId", "o.label", "o.is_correct"])
    .where("q.course_id", "=", courseId)
    .orderBy("q.position")
    .orderBy("q.id")
    .orderBy("o.position")
    .orderBy("o.id")
    .execute();
  const questions: BuilderQuestion[] = groupByQuestion(rows, (row) =>
    row.optionId === null ? null : { id: row.optionId, label: row.label ?? "", correct: row.is_correct === 1 },
  );
  return {
    course: { id: course.course_id, name: course.course_name, archived: Boolean(course.archived_at) },
    settings: evaluation
      ? {
          saved: true,
          passingGrade: evaluation.passing_grade,
          attemptsAllowed: evaluation.attempts_allowed,
          opensAt: evaluation.opens_at,
          closesAt: evaluation.closes_at,
        }
      : { saved: false, passingGrade: DEFAULT_PASSING_GRADE, attemptsAllowed: DEFAULT_ATTEMPTS, opensAt: null, closesAt: null },
    questions,
    attempts: await attemptCount(db, courseId),
  };
}

async function attemptCount(db: Kysely<DB>, courseId: number): Promise<number> {
  const row = await db
    .selectFrom("evaluation_attempts as a")
    .innerJoin("enrolments as e", "e.id", "a.enrolment_id")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("e.course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The settings form's values as typed (datetime-local text in Mexico City wall time). */
export interface SettingsInput {
  passingGrade: string;
  attemptsAllowed: string;
  opensAt: string;
  closesAt: string;
}

/** An instant → the form's datetime-local value in Mexico City ("" for none). */
export function windowFieldValue(iso: string | null): string {
  return iso ? instantToMexicoCityLocal(new Date(iso)) : "";
}

function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,3}\s*$/.test(text)) return null;
  const value = Number(text.trim());
  return value >= min && value <= max ? value : null;
}

/** Saves the settings (creating the evaluation when it has none). */
export async function saveEvaluationSettings(db: Kysely<DB>, ctx: StaffContext, courseId: number, input: SettingsInput): Promise<Outcome> {
  const course = await db.selectFrom("courses").select(["course_id", "archived_at"]).where("course_id", "=", courseId).executeTakeFirst();
  if (!course) return notFound("No encontramos ese curso.");
  if (course.archived_at) return refuse(409, "Este curso está archivado: su evaluación ya no se puede cambiar.");
  const fields: Record<string, string> = {};
  const passingGrade = wholeNumber(input.passingGrade, 0, 100);
  if (passingGrade === null) fields.passing_grade = "Escriba la calificación aprobatoria: un número entero de 0 a 100.";
  const attemptsAllowed = wholeNumber(input.attemptsAllowed, 1, 10);
  if (attemptsAllowed === null) fields.attempts_allowed = "Escriba cuántos intentos tiene cada participante: de 1 a 10.";
  const opens = input.opensAt.trim() ? mexicoCityLocalToInstant(input.opensAt.trim()) : null;
  if (input.opensAt.trim() && !opens) fields.opens_at = "Escriba la fecha y hora de apertura (día, mes, año y hora).";
  const closes = input.closesAt.trim() ? mexicoCityLocalToInstant(input.closesAt.trim()) : null;
  if (input.closesAt.trim() && !closes) fields.closes_at = "Escriba la fecha y hora de cierre (día, mes, año y hora).";
  if (opens && closes && closes.getTime() <= opens.getTime()) fields.closes_at = "El cierre debe ser posterior a la apertura.";
  if (Object.keys(fields).length) return refuse(400, { form: "Revise los datos de la evaluación.", fields });
  const after = {
    passing_grade: passingGrade!,
    attempts_allowed: attemptsAllowed!,
    opens_at: opens ? opens.toISOString() : null,
    closes_at: closes ? closes.toISOString() : null,
  };
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("course_evaluations")
      .select(["passing_grade", "attempts_allowed", "opens_at", "closes_at"])
      .where("course_id", "=", courseId)
      .executeTakeFirst();
    await trx
      .insertInto("course_evaluations")
      .values({ course_id: courseId, ...after, updated_at: nowIso() })
      .onConflict((oc) => oc.column("course_id").doUpdateSet({ ...after, updated_at: nowIso() }))
      .execute();
    await audit(trx, ctx, { action: "evaluacion.configurar", entity: "course", entityId: courseId, before: before ?? null, after });
  });
  return { ok: true };
}

/** The question form as typed: its options in order (blank ones are dropped) and the correct one's index. */
export interface QuestionInput {
  prompt: string;
  options: readonly string[];
  /** The index (in `options`) of the correct option, as sent. */
  correct: string | null;
}

/** Adds a question at the end (creating the evaluation with its defaults when it has none). */
export async function addEvaluationQuestion(
  db: Kysely<DB>,
  ctx: StaffContext,
  courseId: number,
  input: QuestionInput,
): Promise<Outcome<{ questionId: number }>> {
  const course = await db.selectFrom("courses").select(["course_id", "archived_at"]).where("course_id", "=", courseId).executeTakeFirst();
  if (!course) return notFound("No encontramos ese curso.");
  if (course.archived_at) return refuse(409, "Este curso está archivado: su evaluación ya no se puede cambiar.");
  if ((await attemptCount(db, courseId)) > 0)
    return refuse(409, "Ya hay participantes que presentaron la evaluación: sus preguntas ya no se pueden cambiar.");
  const fields: Record<string, string> = {};
  const prompt = input.prompt.trim();
  if (!prompt) fields.prompt = "Escriba la pregunta.";
  else if (prompt.length > 1000) fields.prompt = "La pregunta es demasiado larga (máximo 1000 caracteres).";
  if (input.options.length > MAX_OPTIONS) fields.opcion = `Escriba ${MAX_OPTIONS} opciones como máximo.`;
  const filled = input.options.map((label, index) => ({ label: label.trim(), index })).filter((o) => o.label);
  if (filled.length < MIN_OPTIONS) fields.opcion = `Escriba al menos ${MIN_OPTIONS} opciones.`;
  else if (filled.some((o) => o.label.length > 500)) fields.opcion = "Cada opción puede tener 500 caracteres como máximo.";
  else if (new Set(filled.map((o) => o.label.toLocaleLowerCase("es-MX"))).size !== filled.length) fields.opcion = "Hay dos opciones iguales.";
  const correctIndex = input.correct !== null && /^\d{1,2}$/.test(input.correct) ? Number(input.correct) : null;
  if (correctIndex === null || !filled.some((o) => o.index === correctIndex))
    fields.correcta = "Marque cuál opción es la correcta (una opción escrita).";
  if (Object.keys(fields).length) return refuse(400, { form: "Revise la pregunta.", fields });
  const questionId = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("course_evaluations")
      .values({ course_id: courseId })
      .onConflict((oc) => oc.column("course_id").doNothing())
      .execute();
    const last = await trx
      .selectFrom("evaluation_questions")
      .select((eb) => eb.fn.max("position").as("max"))
      .where("course_id", "=", courseId)
      .executeTakeFirst();
    const question = await trx
      .insertInto("evaluation_questions")
      .values({ course_id: courseId, position: Number(last?.max ?? 0) + 1, prompt })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("evaluation_options")
      .values(
        filled.map((o, position) => ({
          question_id: question.id,
          position: position + 1,
          label: o.label,
          is_correct: o.index === correctIndex ? 1 : 0,
        })),
      )
      .execute();
    await audit(trx, ctx, {
      action: "evaluacion.agregar_pregunta",
      entity: "course",
      entityId: courseId,
      after: {
        question_id: question.id,
        prompt,
        options: filled.map((o) => o.label),
        correct_option: filled.find((o) => o.index === correctIndex)!.label,
      },
    });
    return question.id;
  });
  return { ok: true, questionId };
}

/** Removes a question of the course (and its options). */
export async function removeEvaluationQuestion(db: Kysely<DB>, ctx: StaffContext, courseId: number, questionId: number): Promise<Outcome> {
  const question = await db
    .selectFrom("evaluation_questions")
    .select(["id", "prompt"])
    .where("id", "=", questionId)
    .where("course_id", "=", courseId)
    .executeTakeFirst();
  if (!question) return notFound("Esa pregunta ya no está en la evaluación.");
  if ((await attemptCount(db, courseId)) > 0)
    return refuse(409, "Ya hay participantes que presentaron la evaluación: sus preguntas ya no se pueden cambiar.");
  await db.transaction().execute(async (trx) => {
    const options = await trx
      .selectFrom("evaluation_options")
      .select(["label", "is_correct"])
      .where("question_id", "=", questionId)
      .orderBy("position")
      .execute();
    await trx.deleteFrom("evaluation_options").where("question_id", "=", questionId).execute();
    await trx.deleteFrom("evaluation_questions").where("id", "=", questionId).execute();
    await audit(trx, ctx, {
      action: "evaluacion.quitar_pregunta",
      entity: "course",
      entityId: courseId,
      before: {
        question_id: questionId,
        prompt: question.prompt,
        options: options.map((o) => o.label),
        correct_option: options.find((o) => o.is_correct === 1)?.label ?? null,
      },
    });
  });
  return { ok: true };
}
