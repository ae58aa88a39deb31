import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { z } from "zod";
import { ErrorSummary, Field, summaryErrors, TextAreaField } from "~/components/forms";
import type { pageCreateSchema } from "./page-forms";
import { EditorActions, EditorPreviewSection, PublicationFields } from "./record-editor-form";
import type { EditorPreview } from "./record-editor.server";

// The multi-line field lives with the other fields (~/components/forms); older imports find it here too.
export { TextAreaField };

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
  preview?: EditorPreview | null;
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
      <EditorPreviewSection preview={preview} />
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
        <PublicationFields status={fields.status} publishAt={fields.publishAt} published={published} />
        <EditorActions submitLabel={submitLabel} />
      </Form>
    </>
  );
}
