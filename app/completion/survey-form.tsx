import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { SURVEY_OPEN_MAX, SURVEY_SCALE, SURVEY_SECTIONS } from "./survey";

// The quality survey's form on /test/{course_id}: every section, each closed question on the
// E/B/D scale and the open ones as text, shown again with its messages when refused.

export function FieldMessage({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null;
  return (
    <p id={id} className="field__error">
      <span className="visually-hidden">Error: </span>
      {messages.join(" ")}
    </p>
  );
}

/** The survey form; `summary` is the refusal's error summary (or nothing). */
export function SurveyForm({
  path,
  summary,
  fields,
  values,
}: {
  path: string;
  summary: ReactNode;
  fields: Record<string, string[]>;
  values: Record<string, string>;
}) {
  return (
    <Form method="post" action={path} className="evaluation-form" noValidate>
      <input type="hidden" name="intent" value="encuesta" />
      {summary}
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
                  <FieldMessage id={`${key}-error`} messages={errors} />
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
                <FieldMessage id={`${key}-error`} messages={errors} />
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
  );
}
