import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { ErrorSummary, Field, RadioGroup, summaryErrors, type FieldMeta } from "~/components/forms";
import { RichText } from "~/components/rich-text";
import type { SafeHtml } from "./markdown.server";
import { publicationOptions, type pageCreateSchema } from "./page-forms";

/** A multi-line field wired like Field (label, hint, error, aria). */
export function TextAreaField({ meta, label, hint, rows }: { meta: FieldMeta; label: string; hint?: string; rows: number }) {
  const invalid = Boolean(meta.errors?.length);
  const describedBy = [hint ? meta.descriptionId : null, invalid ? meta.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={["field", invalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      {hint ? (
        <p id={meta.descriptionId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={meta.errorId} className="field__error">
          <span className="visually-hidden">Error: </span>
          {meta.errors!.join(" ")}
        </p>
      ) : null}
      <textarea
        id={meta.id}
        name={meta.name}
        rows={rows}
        defaultValue={typeof meta.initialValue === "string" ? meta.initialValue : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="field__input field__textarea"
      />
    </div>
  );
}

export interface PageFormValues {
  path?: string;
  title: string;
  navLabel: string;
  summary: string;
  body: string;
  status: string;
  publishAt: string;
}

/**
 * The page form of the editor, for a new page (with its address) and for an edit. "Vista previa"
 * is a submit button: the server renders the body with the public pages' sanitiser and answers
 * with the same form, so it works without JavaScript.
 */
export function PageEditorForm({
  id,
  action,
  withPath,
  defaultValue,
  lastResult,
  preview,
  submitLabel,
  published = false,
}: {
  id: string;
  action: string;
  withPath: boolean;
  defaultValue: PageFormValues;
  lastResult?: SubmissionResult<string[]>;
  preview?: { title: string; body: SafeHtml } | null;
  submitLabel: string;
  /** The page is published: the publication choices say what happens to the published version. */
  published?: boolean;
}) {
  const [form, fields] = useForm<z.input<typeof pageCreateSchema>>({
    id,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  return (
    <>
      <ErrorSummary
        title="No pudimos guardar la página"
        errors={summaryErrors([withPath ? fields.path : undefined, fields.title, fields.navLabel, fields.summary, fields.body, fields.publishAt])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      {preview ? (
        <section aria-labelledby="vista-previa" className="page-preview">
          <h2 id="vista-previa">Vista previa (todavía no se guarda)</h2>
          <div className="page-preview__frame">
            <p className="page-preview__title">{preview.title}</p>
            <RichText html={preview.body} />
          </div>
        </section>
      ) : null}
      <Form method="post" action={action} {...getFormProps(form)} className="form">
        {withPath ? (
          <Field
            meta={fields.path}
            label="Dirección de la página"
            hint="Empieza con /; sólo minúsculas sin acentos, números y guiones. Ejemplo: /convocatoria/avisos-2026"
            spellCheck={false}
            autoComplete="off"
            required
          />
        ) : null}
        <Field meta={fields.title} label="Título" required />
        <Field meta={fields.navLabel} label="Etiqueta en menús y migas de pan (opcional)" hint="Si la deja vacía se usa el título." />
        <Field
          meta={fields.summary}
          label="Resumen"
          hint="Una o dos frases; es la descripción que muestran los buscadores (300 caracteres como máximo)."
          required
        />
        <TextAreaField
          meta={fields.body}
          label="Contenido (Markdown)"
          hint="Use ## para subtítulos, - para listas y [texto](https://…) o [texto](/ruta) para enlaces. No se admiten estilos, imágenes ni código."
          rows={18}
        />
        <RadioGroup meta={fields.status} legend="Publicación" options={publicationOptions(published)} required />
        <Field
          meta={fields.publishAt}
          type="datetime-local"
          label="Fecha y hora de publicación (hora de la Ciudad de México)"
          hint="Sólo si eligió «Programar la publicación»."
        />
        <div className="form-actions">
          <button type="submit" name="intent" value="preview" className="button button--secondary">
            Vista previa
          </button>
          <button type="submit" name="intent" value="save" className="button">
            {submitLabel}
          </button>
        </div>
      </Form>
    </>
  );
}
