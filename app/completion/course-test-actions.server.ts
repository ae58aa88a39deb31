import { z } from "zod";
import { formBody, participantIntent, type BodyReader } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { submitAttempt } from "./evaluation.server";
import { submitSurvey } from "./survey.server";

// The two forms of /test/{course_id} as participant pipeline intents (the `intent` field; the
// page's old `?intent=` addresses still work through the pipeline's fallback): the quality survey
// and an evaluation attempt.
//
// Both domain steps read the form's entries AS SENT (FormData's order, repeated keys kept) to
// refuse a forged form (an unknown or repeated key, an option of another question); a schema would
// reshape them. So the page's reader keeps the body's fields for its steps, and the schema reads
// nothing. One reader per request: the action is built per request (a route never builds it at
// module level).

/** The sent entries without the pipeline's own `intent` field. */
const entriesOf = (fields: FormData | null) => [...(fields?.entries() ?? [])].filter(([key]) => key !== "intent");

const nothing = z.object({});

export function courseTestAction(courseId: number) {
  let sent: FormData | null = null;
  const read: BodyReader = async (request) => {
    const reading = await formBody(request);
    if (reading.ok) sent = reading.body.fields;
    return reading;
  };
  const path = `/test/${courseId}`;
  return {
    read,
    intents: {
      encuesta: participantIntent({
        schema: nothing,
        step: (ctx) => submitSurvey(db, { participantId: ctx.participant.id, courseId, entries: entriesOf(sent) }),
        done: () =>
          redirectWithToast(path, {
            type: "success",
            description: "Gracias por responder la evaluación de calidad. Ahora puede presentar la evaluación.",
          }),
      }),
      evaluacion: participantIntent({
        schema: nothing,
        step: (ctx) => submitAttempt(db, { participantId: ctx.participant.id, courseId, entries: entriesOf(sent) }),
        done: (outcome) => {
          const verdict = outcome.passed
            ? "Aprobó la evaluación."
            : outcome.attemptsLeft > 0
              ? `No alcanzó la calificación aprobatoria; le ${outcome.attemptsLeft === 1 ? "queda 1 intento" : `quedan ${outcome.attemptsLeft} intentos`}.`
              : "No alcanzó la calificación aprobatoria y ya no le quedan intentos.";
          return redirectWithToast(path, { type: outcome.passed ? "success" : "info", description: `Su calificación: ${outcome.grade}. ${verdict}` });
        },
      }),
    },
  };
}
