import { data } from "@remix-run/node";
import { z } from "zod";
import { staffIntent } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { MAX_OPTIONS } from "./evaluation";
import { addEvaluationQuestion, removeEvaluationQuestion, saveEvaluationSettings } from "./evaluation-builder.server";
import type { MoreOptionsAnswer } from "./evaluation-builder-form";

// The forms of /admin/cursos/{id}/evaluacion as pipeline intents (the `intent` field): the
// settings, a new question (or «Añadir otra opción», which only answers the form again with one
// more empty option) and removing a question. The domain steps check the values and refuse in
// their own words; the schemas only read the fields as typed.

const typed = z.string().max(2000, "El texto es demasiado largo.").default("");
const QUESTION_MESSAGE = "Elija la pregunta.";

const settingsSchema = z.object({ passing_grade: typed, attempts_allowed: typed, opens_at: typed, closes_at: typed });
const questionSchema = z.object({
  prompt: z.string().max(5000, "La pregunta es demasiado larga.").default(""),
  opcion: z.array(typed).default([]),
  correcta: z.string().max(10).optional(),
  mas: z.string().optional(),
});

/** The intents of one course's evaluation builder. */
export function evaluationBuilderIntents(courseId: number) {
  const path = `/admin/cursos/${courseId}/evaluacion`;
  const back = (description: string) => redirectWithToast(path, { type: "success", description });
  return {
    ajustes: staffIntent({
      schema: settingsSchema,
      step: (ctx, { value }) =>
        saveEvaluationSettings(db, ctx, courseId, {
          passingGrade: value.passing_grade,
          attemptsAllowed: value.attempts_allowed,
          opensAt: value.opens_at,
          closesAt: value.closes_at,
        }),
      done: () => back("Guardamos los datos de la evaluación."),
    }),
    pregunta: staffIntent({
      schema: questionSchema,
      step: async (ctx, { value }) => {
        const question = { prompt: value.prompt, options: value.opcion.slice(0, MAX_OPTIONS + 1), correct: value.correcta ?? null };
        // «Añadir otra opción»: the same form again with one more empty option; nothing is stored.
        if (value.mas === "1") return { ok: true as const, more: { ...question, options: [...question.options, ""].slice(0, MAX_OPTIONS) } };
        const added = await addEvaluationQuestion(db, ctx, courseId, question);
        return added.ok ? { ok: true as const, more: null } : added;
      },
      done: async ({ more }): Promise<Response | ReturnType<typeof data<MoreOptionsAnswer>>> =>
        more ? data<MoreOptionsAnswer>({ intent: "pregunta", more }) : back("Agregamos la pregunta."),
    }),
    quitar: staffIntent({
      schema: z.object({ question_id: z.number({ error: QUESTION_MESSAGE }).int(QUESTION_MESSAGE).positive(QUESTION_MESSAGE) }),
      step: (ctx, { value }) => removeEvaluationQuestion(db, ctx, courseId, value.question_id),
      done: () => back("Quitamos la pregunta."),
    }),
  };
}
