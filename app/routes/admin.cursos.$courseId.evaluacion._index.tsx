import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { Problem } from "~/actions/outcome";
import { MAX_OPTIONS } from "~/completion/evaluation";
import {
  addEvaluationQuestion,
  loadEvaluationBuilder,
  removeEvaluationQuestion,
  saveEvaluationSettings,
  windowFieldValue,
} from "~/completion/evaluation-builder.server";
import { ErrorSummary } from "~/components/forms";
import { staffContextOf } from "~/actions/pipeline.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { idParam, orNotFound } from "~/staff/teaching/route-helpers.server";
import evaluationStyles from "~/styles/evaluation.css";
import teachingStyles from "~/styles/teaching.css";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { redirectWithToast } from "~/utils/toast.server";

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

const OPTION_SLOTS = 4;

type QuestionValues = { prompt: string; options: string[]; correct: string | null };
type SettingsValues = { passingGrade: string; attemptsAllowed: string; opensAt: string; closesAt: string };
type ActionData =
  | { question?: { values: QuestionValues; problem: Problem | null } }
  | { settings: { values: SettingsValues; problem: Problem } }
  | { problem: Problem };

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** ?intent=ajustes (settings), pregunta (add a question, or one more option slot), quitar (remove a question). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const courseId = idParam(params.courseId);
  const intent = new URL(request.url).searchParams.get("intent");
  const form = await request.formData();
  const ctx = staffContextOf(staff, context);
  const path = `/admin/cursos/${courseId}/evaluacion`;
  if (intent === "ajustes") {
    const values = {
      passingGrade: text(form, "passing_grade"),
      attemptsAllowed: text(form, "attempts_allowed"),
      opensAt: text(form, "opens_at"),
      closesAt: text(form, "closes_at"),
    };
    const outcome = await saveEvaluationSettings(db, ctx, courseId, values);
    if (!outcome.ok) return data<ActionData>({ settings: { values, problem: outcome.problem } }, { status: outcome.status });
    return redirectWithToast(path, { type: "success", description: "Guardamos los datos de la evaluación." });
  }
  if (intent === "pregunta") {
    const options = form
      .getAll("opcion")
      .map((value) => (typeof value === "string" ? value : ""))
      .slice(0, MAX_OPTIONS + 1);
    const correct = form.get("correcta");
    const values: QuestionValues = { prompt: text(form, "prompt"), options, correct: typeof correct === "string" ? correct : null };
    // «Añadir otra opción»: the same form again with one more empty option; nothing is stored.
    if (form.get("mas") === "1") {
      return data<ActionData>({ question: { values: { ...values, options: [...options, ""].slice(0, MAX_OPTIONS) }, problem: null } });
    }
    const outcome = await addEvaluationQuestion(db, ctx, courseId, values);
    if (!outcome.ok) return data<ActionData>({ question: { values, problem: outcome.problem } }, { status: outcome.status });
    return redirectWithToast(path, { type: "success", description: "Agregamos la pregunta." });
  }
  if (intent === "quitar") {
    const questionId = Number(text(form, "question_id"));
    const outcome = await removeEvaluationQuestion(db, ctx, courseId, Number.isSafeInteger(questionId) ? questionId : 0);
    if (!outcome.ok) return data<ActionData>({ problem: outcome.problem }, { status: outcome.status });
    return redirectWithToast(path, { type: "success", description: "Quitamos la pregunta." });
  }
  return data<ActionData>({ problem: { form: ["No reconocemos esa acción."], fields: {} } }, { status: 400 });
}

function FieldMessage({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {messages.join(" ")}
    </p>
  );
}

export default function EvaluationBuilderPage() {
  const { course, settings, questions, attempts, window } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const path = `/admin/cursos/${course.id}/evaluacion`;
  const settingsState = actionData && "settings" in actionData ? actionData.settings : null;
  const questionState = actionData && "question" in actionData ? actionData.question : null;
  const general = actionData && "problem" in actionData ? actionData.problem : null;
  const sv: SettingsValues = settingsState?.values ?? {
    passingGrade: String(settings.passingGrade),
    attemptsAllowed: String(settings.attemptsAllowed),
    opensAt: window.opensAt,
    closesAt: window.closesAt,
  };
  const sf = settingsState?.problem.fields ?? {};
  const qv: QuestionValues = questionState?.values ?? { prompt: "", options: Array.from({ length: OPTION_SLOTS }, () => ""), correct: null };
  const qf = questionState?.problem?.fields ?? {};
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
      {general ? <ErrorSummary title="No pudimos hacer el cambio" errors={[]} formErrors={general.form} /> : null}
      {locked ? (
        <p className="staff-notice">
          {attempts === 1 ? "Ya hay 1 intento" : `Ya hay ${attempts} intentos`} de participantes: las preguntas ya no se pueden cambiar (las
          calificaciones guardadas deben corresponder a la misma evaluación). Los datos de abajo sí.
        </p>
      ) : null}

      <section aria-labelledby="settings-title">
        <h2 id="settings-title">Datos de la evaluación</h2>
        {!settings.saved ? <p>Esta evaluación todavía no se ha guardado: se muestran los valores de inicio.</p> : null}
        <Form method="post" action={`${path}?intent=ajustes`} className="staff-form evaluation-form" noValidate>
          {settingsState ? (
            <ErrorSummary
              title="Revise los datos de la evaluación"
              formErrors={settingsState.problem.form}
              errors={Object.entries(sf).flatMap(([name, messages]) => messages.map((message) => ({ fieldId: `ajustes-${name}`, message })))}
            />
          ) : null}
          <div className={`field${sf.passing_grade ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor="ajustes-passing_grade">
              Calificación aprobatoria (0 a 100)
            </label>
            <FieldMessage id="ajustes-passing_grade-error" messages={sf.passing_grade} />
            <input
              className="field__input field__input--short"
              id="ajustes-passing_grade"
              name="passing_grade"
              inputMode="numeric"
              defaultValue={sv.passingGrade}
              aria-invalid={sf.passing_grade ? true : undefined}
              aria-describedby={sf.passing_grade ? "ajustes-passing_grade-error" : undefined}
            />
          </div>
          <div className={`field${sf.attempts_allowed ? " field--invalid" : ""}`}>
            <label className="field__label" htmlFor="ajustes-attempts_allowed">
              Intentos por participante
            </label>
            <FieldMessage id="ajustes-attempts_allowed-error" messages={sf.attempts_allowed} />
            <input
              className="field__input field__input--short"
              id="ajustes-attempts_allowed"
              name="attempts_allowed"
              inputMode="numeric"
              defaultValue={sv.attemptsAllowed}
              aria-invalid={sf.attempts_allowed ? true : undefined}
              aria-describedby={sf.attempts_allowed ? "ajustes-attempts_allowed-error" : undefined}
            />
          </div>
          {(["opens_at", "closes_at"] as const).map((name) => (
            <div key={name} className={`field${sf[name] ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor={`ajustes-${name}`}>
                {name === "opens_at" ? "Abre el" : "Cierra el"}
              </label>
              <p className="field__hint" id={`ajustes-${name}-hint`}>
                Hora de la Ciudad de México. {name === "opens_at" ? "Vacío: abierta desde ahora." : "Vacío: sin cierre."}
              </p>
              <FieldMessage id={`ajustes-${name}-error`} messages={sf[name]} />
              <input
                className="field__input"
                type="datetime-local"
                id={`ajustes-${name}`}
                name={name}
                defaultValue={name === "opens_at" ? sv.opensAt : sv.closesAt}
                aria-invalid={sf[name] ? true : undefined}
                aria-describedby={[`ajustes-${name}-hint`, sf[name] ? `ajustes-${name}-error` : null].filter(Boolean).join(" ")}
              />
            </div>
          ))}
          <p>
            {settings.opensAt || settings.closesAt
              ? `Ventana guardada: ${settings.opensAt ? `desde el ${formatMexicoCityDateTime(settings.opensAt)}` : "desde ahora"}${
                  settings.closesAt ? ` hasta el ${formatMexicoCityDateTime(settings.closesAt)}` : ", sin cierre"
                }.`
              : "Sin ventana: abierta mientras el curso tenga preguntas."}
          </p>
          <div>
            <button type="submit" className="button">
              Guardar los datos
            </button>
          </div>
        </Form>
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
                <Form method="post" action={`${path}?intent=quitar`}>
                  <input type="hidden" name="question_id" value={question.id} />
                  <button type="submit" className="button button--secondary">
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
          <Form key={questions.length} method="post" action={`${path}?intent=pregunta`} className="staff-form evaluation-form" noValidate>
            {questionState?.problem ? (
              <ErrorSummary
                title="Revise la pregunta"
                formErrors={questionState.problem.form}
                errors={Object.entries(qf).flatMap(([name, messages]) =>
                  messages.map((message) => ({ fieldId: name === "prompt" ? "pregunta-prompt" : "pregunta-opcion-0", message })),
                )}
              />
            ) : null}
            <div className={`field${qf.prompt ? " field--invalid" : ""}`}>
              <label className="field__label" htmlFor="pregunta-prompt">
                Pregunta
              </label>
              <FieldMessage id="pregunta-prompt-error" messages={qf.prompt} />
              <textarea
                id="pregunta-prompt"
                name="prompt"
                rows={3}
                defaultValue={qv.prompt}
                aria-invalid={qf.prompt ? true : undefined}
                aria-describedby={qf.prompt ? "pregunta-prompt-error" : undefined}
              />
            </div>
            <fieldset
              className={`field evaluation-section${qf.opcion || qf.correcta ? " field--invalid" : ""}`}
              aria-describedby="pregunta-opciones-hint"
            >
              <legend>Opciones</legend>
              <p className="field__hint" id="pregunta-opciones-hint">
                Escriba al menos dos opciones y marque la correcta (solo una). Las opciones vacías no se guardan.
              </p>
              <FieldMessage id="pregunta-opcion-error" messages={[...(qf.opcion ?? []), ...(qf.correcta ?? [])]} />
              {qv.options.map((value, index) => (
                <fieldset key={index} className="evaluation-option">
                  <legend className="visually-hidden">Opción {index + 1}</legend>
                  <label className="field__label" htmlFor={`pregunta-opcion-${index}`}>
                    Opción {index + 1}
                  </label>
                  <input className="field__input" id={`pregunta-opcion-${index}`} name="opcion" defaultValue={value} />
                  <div className="radio">
                    <input
                      type="radio"
                      id={`pregunta-correcta-${index}`}
                      name="correcta"
                      value={String(index)}
                      defaultChecked={qv.correct === String(index)}
                    />
                    <label htmlFor={`pregunta-correcta-${index}`}>Es la correcta</label>
                  </div>
                </fieldset>
              ))}
              {qv.options.length < MAX_OPTIONS ? (
                <div>
                  <button type="submit" name="mas" value="1" className="button button--secondary">
                    Añadir otra opción
                  </button>
                </div>
              ) : null}
            </fieldset>
            <div>
              <button type="submit" className="button">
                Agregar la pregunta
              </button>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}
