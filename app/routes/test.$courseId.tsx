import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { Problem } from "~/actions/outcome";
import { requireUser } from "~/accounts/session.server";
import { answerField, loadTestPage, submitAttempt } from "~/completion/evaluation.server";
import { SURVEY_OPEN_MAX, SURVEY_SCALE, SURVEY_SECTIONS, SURVEY_TITLE } from "~/completion/survey";
import { submitSurvey, surveyValuesToKeep } from "~/completion/survey.server";
import { ErrorSummary } from "~/components/forms";
import { db } from "~/db.server";
import { loadAsDocument } from "~/enhance/document-navigation";
import type { PageHandle } from "~/enhance/page-handle";
import evaluationStyles from "~/styles/evaluation.css";
import formStyles from "~/styles/forms.css";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { privatePageMeta } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * /test/{course_id}, the current site's address (issue 25): the quality survey, answered once, then
 * the knowledge evaluation, graded on the server. Plain HTML forms (no React in the browser): the
 * page never receives which option is right.
 */
export const handle: PageHandle = { hydrate: false };
export const clientLoader = loadAsDocument;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: evaluationStyles },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction = (args) =>
  privatePageMeta({
    title: "Evaluación del curso",
    description: "Evaluación de calidad y evaluación de conocimientos del curso.",
    path: `/test/${args.params.courseId ?? ""}`,
  })(args);

const NO_STORE = { "Cache-Control": "private, no-store" };

function courseIdOf(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value)) throw new Response("No encontrado", { status: 404 });
  return Number(value);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = await loadTestPage(db, user.id, courseIdOf(params.courseId));
  if (!page.ok) return data({ page: null, refused: page.problem.form.join(" ") }, { status: page.status, headers: NO_STORE });
  const { ok: _ok, ...view } = page;
  return data({ page: view, refused: null }, { headers: NO_STORE });
}

type ActionData = { step: "encuesta" | "evaluacion"; problem: Problem; values: Record<string, string> };

/** ?intent=encuesta (the survey) or ?intent=evaluacion (an attempt). */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const courseId = courseIdOf(params.courseId);
  const intent = new URL(request.url).searchParams.get("intent");
  const entries = [...(await request.formData()).entries()];
  const path = `/test/${courseId}`;
  if (intent === "encuesta") {
    const outcome = await submitSurvey(db, { participantId: user.id, courseId, entries });
    if (!outcome.ok) {
      return data<ActionData>(
        { step: "encuesta", problem: outcome.problem, values: surveyValuesToKeep(entries) },
        { status: outcome.status, headers: NO_STORE },
      );
    }
    return redirectWithToast(path, {
      type: "success",
      description: "Gracias por responder la evaluación de calidad. Ahora puede presentar la evaluación.",
    });
  }
  if (intent === "evaluacion") {
    const outcome = await submitAttempt(db, { participantId: user.id, courseId, entries });
    if (!outcome.ok) {
      // Only well-formed choices are put back (never the text of a forged field).
      const values =
        outcome.problem.code === "incompleta" ? Object.fromEntries(entries.filter((e): e is [string, string] => typeof e[1] === "string")) : {};
      return data<ActionData>({ step: "evaluacion", problem: outcome.problem, values }, { status: outcome.status, headers: NO_STORE });
    }
    const verdict = outcome.passed
      ? "Aprobó la evaluación."
      : outcome.attemptsLeft > 0
        ? `No alcanzó la calificación aprobatoria; le ${outcome.attemptsLeft === 1 ? "queda 1 intento" : `quedan ${outcome.attemptsLeft} intentos`}.`
        : "No alcanzó la calificación aprobatoria y ya no le quedan intentos.";
    return redirectWithToast(path, { type: outcome.passed ? "success" : "info", description: `Su calificación: ${outcome.grade}. ${verdict}` });
  }
  return data<ActionData>(
    { step: "encuesta", problem: { form: ["No reconocemos esa acción."], fields: {} }, values: {} },
    { status: 400, headers: NO_STORE },
  );
}

function Message({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {messages.join(" ")}
    </p>
  );
}

export default function CourseTest() {
  const { page, refused } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  if (!page) {
    return (
      <div className="container page">
        <h1>Evaluación del curso</h1>
        <p role="status">{refused}</p>
        <p>
          <a href="/profile">Volver a mi perfil</a>
        </p>
      </div>
    );
  }
  const path = `/test/${page.course.id}`;
  const problem = actionData?.problem;
  const fields = problem?.fields ?? {};
  const values = actionData?.values ?? {};
  const summary = problem ? (
    <ErrorSummary
      title={actionData?.step === "encuesta" ? "Revise la evaluación de calidad" : "Revise sus respuestas"}
      formErrors={problem.form}
      errors={Object.entries(fields).flatMap(([name, messages]) => messages.map((message) => ({ fieldId: `${name}-0`, message })))}
    />
  ) : null;
  return (
    <div className="container page">
      <h1>Evaluación del curso: {page.course.name}</h1>
      {!page.surveyDone ? (
        <section aria-labelledby="survey-title">
          <h2 id="survey-title">1. {SURVEY_TITLE}</h2>
          <p>
            Antes de la evaluación de conocimientos, díganos cómo fue el curso. Se responde una sola vez. Califique cada pregunta:{" "}
            {SURVEY_SCALE.map((s) => s.label).join(", ")}.
          </p>
          <Form method="post" action={`${path}?intent=encuesta`} className="evaluation-form" noValidate>
            {actionData?.step === "encuesta" ? summary : null}
            {SURVEY_SECTIONS.map((section, s) => (
              <fieldset key={section.title} className="evaluation-section">
                <legend>{section.title}</legend>
                {section.questions.map((prompt, q) => {
                  const key = `s${s + 1}q${q + 1}`;
                  const errors = fields[key];
                  if (section.open) {
                    return (
                      <div key={key} className={`field evaluation-question${errors ? " field--invalid" : ""}`}>
                        <label className="field__label" htmlFor={`${key}-0`}>
                          {prompt}
                        </label>
                        <Message id={`${key}-error`} messages={errors} />
                        <textarea
                          id={`${key}-0`}
                          name={key}
                          rows={3}
                          maxLength={SURVEY_OPEN_MAX}
                          defaultValue={values[key] ?? ""}
                          aria-invalid={errors ? true : undefined}
                          aria-describedby={errors ? `${key}-error` : undefined}
                        />
                      </div>
                    );
                  }
                  return (
                    <fieldset
                      key={key}
                      className={`field field--radios field--inline evaluation-question${errors ? " field--invalid" : ""}`}
                      aria-describedby={errors ? `${key}-error` : undefined}
                    >
                      <legend className="field__label">{prompt}</legend>
                      <Message id={`${key}-error`} messages={errors} />
                      <div className="radios">
                        {SURVEY_SCALE.map((scale, index) => (
                          <div className="radio" key={scale.value}>
                            <input
                              type="radio"
                              id={`${key}-${index}`}
                              name={key}
                              value={scale.value}
                              defaultChecked={values[key] === scale.value}
                              required
                            />
                            <label htmlFor={`${key}-${index}`}>{scale.label}</label>
                          </div>
                        ))}
                      </div>
                    </fieldset>
                  );
                })}
              </fieldset>
            ))}
            <div>
              <button type="submit" className="button">
                Enviar la evaluación de calidad
              </button>
            </div>
          </Form>
        </section>
      ) : (
        <>
          {actionData?.step === "encuesta" ? summary : null}
          <p>Ya respondió la evaluación de calidad. Gracias.</p>
        </>
      )}

      <section aria-labelledby="evaluation-title">
        <h2 id="evaluation-title">2. Evaluación de conocimientos</h2>
        <p>
          Calificación aprobatoria: {page.evaluation.passingGrade} de 100. Intentos permitidos: {page.evaluation.attemptsAllowed}; cuenta la mejor
          calificación.
          {page.evaluation.closesAt
            ? ` Disponible hasta el ${formatMexicoCityDateTime(page.evaluation.closesAt)} (hora de la Ciudad de México).`
            : null}
        </p>
        {page.attempts.length ? (
          <>
            <h3>Sus intentos</h3>
            <ul className="evaluation-attempts">
              {page.attempts.map((attempt) => (
                <li key={attempt.number}>
                  Intento {attempt.number}: {attempt.grade} de 100 ({attempt.passed ? "aprobado" : "no aprobado"}),{" "}
                  {formatMexicoCityDateTime(attempt.submittedAt)}
                </li>
              ))}
            </ul>
            <p>
              <strong>
                Mejor calificación: {page.bestGrade} de 100. {page.passed ? "Aprobó la evaluación." : null}
              </strong>
            </p>
          </>
        ) : null}
        {page.closedReason ? (
          <>
            {actionData?.step === "evaluacion" ? summary : null}
            <p>{page.closedReason}</p>
          </>
        ) : !page.surveyDone ? (
          <>
            {actionData?.step === "evaluacion" ? summary : null}
            <p>Podrá presentarla en cuanto envíe la evaluación de calidad.</p>
          </>
        ) : (
          <Form method="post" action={`${path}?intent=evaluacion`} className="evaluation-form" noValidate>
            {actionData?.step === "evaluacion" ? summary : null}
            <p>
              Intento {page.attempts.length + 1} de {page.evaluation.attemptsAllowed}. Elija una respuesta en cada pregunta.
            </p>
            {page.questions.map((question, number) => {
              const name = answerField(question.id);
              const errors = fields[name];
              return (
                <fieldset
                  key={question.id}
                  className={`field field--radios evaluation-question${errors ? " field--invalid" : ""}`}
                  aria-describedby={errors ? `${name}-error` : undefined}
                >
                  <legend className="field__label">
                    {number + 1}. {question.prompt}
                  </legend>
                  <Message id={`${name}-error`} messages={errors} />
                  <div className="radios">
                    {question.options.map((option, index) => (
                      <div className="radio" key={option.id}>
                        <input
                          type="radio"
                          id={`${name}-${index}`}
                          name={name}
                          value={option.id}
                          defaultChecked={values[name] === String(option.id)}
                          required
                        />
                        <label htmlFor={`${name}-${index}`}>{option.label}</label>
                      </div>
                    ))}
                  </div>
                </fieldset>
              );
            })}
            <div>
              <button type="submit" className="button">
                Enviar mis respuestas
              </button>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
