import { Form } from "@remix-run/react";
import type { ActionReply } from "~/actions/reply.server";
import { ErrorSummary } from "~/components/forms";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { MAX_OPTIONS } from "./evaluation";
import { FieldMessage } from "./survey-form";

// The two forms of the evaluation builder (/admin/cursos/{id}/evaluacion): its settings and a new
// question, each shown again with what was typed and its messages when the action refused it.

const OPTION_SLOTS = 4;

/** «Añadir otra opción»: the question form again, one more empty option, nothing stored. */
export interface MoreOptionsAnswer {
  intent: "pregunta";
  more: { prompt: string; options: string[]; correct: string | null };
}

export type BuilderReply = ActionReply | MoreOptionsAnswer;

type QuestionValues = MoreOptionsAnswer["more"];
type SettingsValues = { passingGrade: string; attemptsAllowed: string; opensAt: string; closesAt: string };

interface Refused {
  form: string[];
  fields: Record<string, string[]>;
  typed: Record<string, unknown>;
}

/** The refusal of one intent: its form-level messages, its messages per field and what was typed. */
export function refusalOf(answer: BuilderReply | undefined, intent: string): Refused | null {
  if (!answer || !("result" in answer) || answer.intent !== intent) return null;
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(answer.result.error ?? {})) if (name && messages?.length) fields[name] = messages;
  const initial = answer.result.initialValue;
  return { form: answer.result.error?.[""] ?? [], fields, typed: initial && typeof initial === "object" ? (initial as Record<string, unknown>) : {} };
}

const textOf = (value: unknown) => (typeof value === "string" ? value : "");
const listOf = (value: unknown) => (Array.isArray(value) ? value.map(textOf) : typeof value === "string" ? [value] : []);

/**
 * One field of the settings form (id `ajustes-{name}`): its label, hint and messages; a number is
 * short and typed as text with a numeric keyboard, a date and time is `datetime-local`.
 */
function SettingField({
  name,
  label,
  hint,
  value,
  errors,
  ...input
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  errors: string[] | undefined;
} & ({ inputMode: "numeric" } | { type: "datetime-local" })) {
  const id = `ajustes-${name}`;
  return (
    <div className={`field${errors ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} messages={errors} />
      <input
        className={"inputMode" in input ? "field__input field__input--short" : "field__input"}
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={errors ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : null, errors ? `${id}-error` : null].filter(Boolean).join(" ") || undefined}
        {...input}
      />
    </div>
  );
}

export function SettingsForm({
  path,
  answer,
  settings,
}: {
  path: string;
  answer: BuilderReply | undefined;
  settings: {
    passingGrade: number;
    attemptsAllowed: number;
    opensAt: string | null;
    closesAt: string | null;
    window: { opensAt: string; closesAt: string };
  };
}) {
  const state = refusalOf(answer, "ajustes");
  const sv: SettingsValues = state
    ? {
        passingGrade: textOf(state.typed.passing_grade),
        attemptsAllowed: textOf(state.typed.attempts_allowed),
        opensAt: textOf(state.typed.opens_at),
        closesAt: textOf(state.typed.closes_at),
      }
    : {
        passingGrade: String(settings.passingGrade),
        attemptsAllowed: String(settings.attemptsAllowed),
        opensAt: settings.window.opensAt,
        closesAt: settings.window.closesAt,
      };
  const sf = state?.fields ?? {};
  return (
    <Form method="post" action={path} className="staff-form evaluation-form" noValidate>
      <input type="hidden" name="intent" value="ajustes" />
      {state ? (
        <ErrorSummary
          title="Revise los datos de la evaluación"
          formErrors={state.form}
          errors={Object.entries(sf).flatMap(([name, messages]) => messages.map((message) => ({ fieldId: `ajustes-${name}`, message })))}
        />
      ) : null}
      <SettingField
        name="passing_grade"
        label="Calificación aprobatoria (0 a 100)"
        value={sv.passingGrade}
        errors={sf.passing_grade}
        inputMode="numeric"
      />
      <SettingField
        name="attempts_allowed"
        label="Intentos por participante"
        value={sv.attemptsAllowed}
        errors={sf.attempts_allowed}
        inputMode="numeric"
      />
      <SettingField
        name="opens_at"
        label="Abre el"
        hint="Hora de la Ciudad de México. Vacío: abierta desde ahora."
        value={sv.opensAt}
        errors={sf.opens_at}
        type="datetime-local"
      />
      <SettingField
        name="closes_at"
        label="Cierra el"
        hint="Hora de la Ciudad de México. Vacío: sin cierre."
        value={sv.closesAt}
        errors={sf.closes_at}
        type="datetime-local"
      />
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
  );
}

export function QuestionForm({ path, answer }: { path: string; answer: BuilderReply | undefined }) {
  const refused = refusalOf(answer, "pregunta");
  const more = answer && "more" in answer ? answer.more : null;
  const typed = refused ? listOf(refused.typed.opcion) : [];
  const qv: QuestionValues = more ?? {
    prompt: refused ? textOf(refused.typed.prompt) : "",
    // At least the usual slots, however many came back.
    options: [...typed, ...Array.from({ length: Math.max(0, OPTION_SLOTS - typed.length) }, () => "")],
    correct: refused && typeof refused.typed.correcta === "string" ? refused.typed.correcta : null,
  };
  const qf = refused?.fields ?? {};
  return (
    <Form method="post" action={path} className="staff-form evaluation-form" noValidate>
      <input type="hidden" name="intent" value="pregunta" />
      {refused ? (
        <ErrorSummary
          title="Revise la pregunta"
          formErrors={refused.form}
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
      <fieldset className={`field evaluation-section${qf.opcion || qf.correcta ? " field--invalid" : ""}`} aria-describedby="pregunta-opciones-hint">
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
  );
}
