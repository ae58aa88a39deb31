import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { staffAction } from "~/actions/pipeline.server";
import { evaluationBuilderIntents } from "~/completion/evaluation-builder-actions.server";
import { QuestionForm, refusalOf, SettingsForm, type BuilderReply } from "~/completion/evaluation-builder-form";
import { loadEvaluationBuilder, windowFieldValue } from "~/completion/evaluation-builder.server";
import { ErrorSummary } from "~/components/forms";
import { db } from "~/db.server";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff } from "~/staff/guard.server";
import { idParam, orNotFound } from "~/staff/teaching/route-helpers.server";
import evaluationStyles from "~/styles/evaluation.css";
import teachingStyles from "~/styles/teaching.css";

/** The Teaching office builds a course's knowledge evaluation (issue 25). Works without JavaScript. */
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: teachingStyles },
  { rel: "stylesheet", href: evaluationStyles },
];

export const staffAccess = staffAccessOf("routes/admin.cursos.$courseId.evaluacion._index");

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Evaluación: ${data?.course.name ?? "curso"} | Área del personal | HIMFG` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const builder = orNotFound(await loadEvaluationBuilder(db, idParam(params.courseId)));
  return {
    ...builder,
    window: { opensAt: windowFieldValue(builder.settings.opensAt), closesAt: windowFieldValue(builder.settings.closesAt) },
  };
}

/** Settings, a new question (or one more option slot), removing one: one pipeline intent each (the `intent` field). */
export const action = (args: ActionFunctionArgs) =>
  staffAction({ access: staffAccess, intents: evaluationBuilderIntents(idParam(args.params.courseId)) })(args);

export default function EvaluationBuilderPage() {
  const { course, settings, questions, attempts, window } = useLoaderData<typeof loader>();
  const actionData = useActionData() as BuilderReply | undefined;
  const path = `/admin/cursos/${course.id}/evaluacion`;
  const removal = refusalOf(actionData, "quitar");
  const locked = attempts > 0;
  return (
    <div className="container page staff-page">
      <p>
        <Link to={`/admin/cursos/${course.id}`}>← {course.name}</Link>
      </p>
      <h1>Evaluación: {course.name}</h1>
      <ul className="staff-actions">
        <li>
          <Link to={`${path}/resultados`}>Resultados de la evaluación y de la encuesta de calidad</Link>
        </li>
        <li>
          Dirección para los participantes: <a href={`/test/${course.id}`}>/test/{course.id}</a>
        </li>
      </ul>
      {removal ? (
        <ErrorSummary title="No pudimos hacer el cambio" errors={[]} formErrors={[...removal.form, ...Object.values(removal.fields).flat()]} />
      ) : null}
      {locked ? (
        <p className="staff-notice">
          {attempts === 1 ? "Ya hay 1 intento" : `Ya hay ${attempts} intentos`} de participantes: las preguntas ya no se pueden cambiar (las
          calificaciones guardadas deben corresponder a la misma evaluación). Los datos de abajo sí.
        </p>
      ) : null}

      <section aria-labelledby="settings-title">
        <h2 id="settings-title">Datos de la evaluación</h2>
        {!settings.saved ? <p>Esta evaluación todavía no se ha guardado: se muestran los valores de inicio.</p> : null}
        <SettingsForm path={path} answer={actionData} settings={{ ...settings, window }} />
      </section>

      <section aria-labelledby="questions-title">
        <h2 id="questions-title">Preguntas ({questions.length})</h2>
        {questions.length === 0 ? <p>Todavía no hay preguntas. Sin preguntas, /test/{course.id} no muestra la evaluación.</p> : null}
        <ol>
          {questions.map((question) => (
            <li key={question.id} className="evaluation-builder__question">
              <p>{question.prompt}</p>
              <ol type="a">
                {question.options.map((option) => (
                  <li key={option.id} className={option.correct ? "evaluation-builder__correct" : undefined}>
                    {option.label}
                    {option.correct ? " (correcta)" : null}
                  </li>
                ))}
              </ol>
              {locked ? null : (
                <Form method="post" action={path}>
                  <input type="hidden" name="question_id" value={question.id} />
                  <button type="submit" name="intent" value="quitar" className="button button--secondary">
                    Quitar la pregunta<span className="visually-hidden">: {question.prompt}</span>
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ol>
      </section>

      {locked || course.archived ? null : (
        <section aria-labelledby="new-question-title">
          <h2 id="new-question-title">Agregar una pregunta</h2>
          {/* A new form after each added question: its fields start empty again (with JavaScript too). */}
          <QuestionForm key={questions.length} path={path} answer={actionData} />
        </section>
      )}
    </div>
  );
}
