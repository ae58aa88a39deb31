import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { participantAction } from "~/actions/pipeline.server";
import type { ActionReply } from "~/actions/reply.server";
import { requireUser } from "~/accounts/session.server";
import { answerField } from "~/completion/evaluation";
import { courseTestAction } from "~/completion/course-test-actions.server";
import { loadTestPage } from "~/completion/evaluation.server";
import { SURVEY_SCALE, SURVEY_TITLE } from "~/completion/survey";
import { FieldMessage as Message, SurveyForm } from "~/completion/survey-form";
import { ErrorSummary } from "~/components/forms";
import { db } from "~/db.server";
import { loadAsDocument } from "~/enhance/document-navigation";
import type { PageHandle } from "~/enhance/page-handle";
import evaluationStyles from "~/styles/evaluation.css";
import formStyles from "~/styles/forms.css";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { privatePageMeta } from "~/utils/seo";

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

/** The quality survey or an evaluation attempt: one participant pipeline intent each (the `intent` field). */
export const action = (args: ActionFunctionArgs) => participantAction(courseTestAction(courseIdOf(args.params.courseId)))(args);

/** What a refused form put back: its messages and the answers as typed (text only). */
function refusalOf(reply: ActionReply | undefined) {
  if (!reply) return null;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(reply.result.error ?? {})) if (name && messages?.length) fields[name] = messages;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.result.initialValue ?? {})) if (typeof value === "string") values[name] = value;
  return { step: reply.intent, form: reply.result.error?.[""] ?? [], fields, values };
}

export default function CourseTest() {
  const { page, refused } = useLoaderData<typeof loader>();
  const actionData = refusalOf(useActionData() as ActionReply | undefined);
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
  const fields = actionData?.fields ?? {};
  const values = actionData?.values ?? {};
  const summary = actionData ? (
    <ErrorSummary
      title={actionData?.step === "encuesta" ? "Revise la evaluación de calidad" : "Revise sus respuestas"}
      formErrors={actionData.form}
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
          <SurveyForm path={path} summary={actionData?.step === "evaluacion" ? null : summary} fields={fields} values={values} />
        </section>
      ) : (
        <>
          {actionData?.step === "evaluacion" ? null : summary}
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
          <Form method="post" action={path} className="evaluation-form" noValidate>
            <input type="hidden" name="intent" value="evaluacion" />
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
