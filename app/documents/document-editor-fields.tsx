import { getFormProps, useForm, type DefaultValue, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, useActionData } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary, summaryErrors, type FieldMeta } from "~/components/forms";
import { fileLimits } from "~/files/file-limits";

/** What the document file inputs accept (a hint for the browser's picker; the server checks the content). */
export const DOCUMENT_ACCEPT =
  ".pdf,.docx,.xls,.xlsx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The document file field: label, hint, the server's error next to it, aria wiring. No check in
 * the browser (the participants' FileField checks their 1 MB images); the server reads the content.
 */
export function DocumentFileField({ meta, label }: { meta: FieldMeta; label: string }) {
  const invalid = Boolean(meta.errors?.length);
  return (
    <div className={["field", "field--file", invalid ? "field--invalid" : null].filter(Boolean).join(" ")}>
      <label htmlFor={meta.id} className="field__label">
        {label}
      </label>
      <p id={meta.descriptionId} className="field__hint">
        {fileLimits(["PDF", "DOCX", "XLS", "XLSX"], 20)}. El nombre del archivo en el sitio se forma con el título.
      </p>
      {invalid ? (
        <p id={meta.errorId} className="field__error">
          <span className="visually-hidden">Error: </span>
          {meta.errors!.join(" ")}
        </p>
      ) : null}
      <input
        type="file"
        id={meta.id}
        name={meta.name}
        accept={DOCUMENT_ACCEPT}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={[meta.descriptionId, invalid ? meta.errorId : null].filter(Boolean).join(" ")}
        className="field__file"
      />
    </div>
  );
}

/** "key" of a collection in a URL, or a 404. */
export const COLLECTION_KEY = /^[a-z][a-z0-9-]{0,59}$/;

/** What an editor action answers when it refuses: the pipeline's reply (the intent, and conform's result with the typed `target` row). */
export type EditorActionData = { intent: string | null; result: SubmissionResult<string[]> } | undefined;

/**
 * The editor action's refusal, split by form: `resultFor(intent, row?)` is the result for that
 * form only; `otherErrors(ownForms)` the messages of an intent without a form of its own on the
 * page (delete, move, an unknown intent), shown at the top.
 */
export function useEditorResults() {
  const actionData = useActionData() as EditorActionData;
  return {
    actionData,
    resultFor(intent: string, target?: number) {
      if (!actionData || actionData.intent !== intent) return undefined;
      if (target !== undefined && actionData.result.initialValue?.target !== String(target)) return undefined;
      return actionData.result;
    },
    otherErrors(ownForms: readonly string[]): string[] {
      if (!actionData || (actionData.intent !== null && ownForms.includes(actionData.intent))) return [];
      return actionData.result.error?.[""] ?? [];
    },
  };
}

/** The refusal of an intent that has no form of its own on the page (delete, move, an unknown intent), at the top. */
export function OtherEditorErrors({ ownForms }: { ownForms: readonly string[] }) {
  const { actionData, otherErrors } = useEditorResults();
  const errors = otherErrors(ownForms);
  return errors.length ? <ErrorSummary title="No pudimos hacer el cambio" errors={[]} formErrors={errors} focusKey={actionData} /> : null;
}

/** The words of each form of the document editors, by intent. */
const EDITOR_FORMS = {
  upload: { heading: "Subir un documento", errorTitle: "No pudimos subir el documento", submit: "Publicar el documento", id: "subir-documento" },
  "add-group": { heading: "Agregar un año o grupo", errorTitle: "No pudimos agregar el grupo", submit: "Agregar el grupo", id: "agregar-grupo" },
  intro: {
    heading: "Introducción de la página",
    errorTitle: "No pudimos guardar la introducción",
    submit: "Guardar la introducción",
    id: "introduccion",
  },
  rename: { heading: "Cambiar el título", errorTitle: "No pudimos cambiar el título", submit: "Guardar el título", id: "renombrar" },
  replace: { heading: "Reemplazar el archivo", errorTitle: "No pudimos reemplazar el archivo", submit: "Reemplazar el archivo", id: "reemplazar" },
} as const;

type EditorFormIntent = keyof typeof EDITOR_FORMS;

/** conform's form for one editor intent, with the server's last refusal of that intent. */
export function useEditorForm<Schema extends Record<string, unknown>>(intent: EditorFormIntent, defaultValue: DefaultValue<Schema>) {
  const { resultFor } = useEditorResults();
  return useForm<Schema>({ id: EDITOR_FORMS[intent].id, lastResult: resultFor(intent), defaultValue, shouldValidate: "onSubmit" });
}

/**
 * One form of the document editors in its own section: heading, the summary of its errors, the
 * form with its hidden intent, the fields (children) and the submit button. Works without
 * JavaScript: the server answers a refusal with the errors and the typed values.
 */
export function EditorFormSection<Schema extends Record<string, unknown>>({
  intent,
  form,
  fields,
  action,
  children,
}: {
  intent: EditorFormIntent;
  form: FormMetadata<Schema, string[]>;
  fields: readonly (FieldMeta | undefined)[];
  action: string;
  children: ReactNode;
}) {
  const words = EDITOR_FORMS[intent];
  // A new answer of the server (even with the same errors) moves the focus to the summary again.
  const focusKey = useEditorResults().actionData;
  const headingId = `${words.id}-titulo`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{words.heading}</h2>
      <ErrorSummary title={words.errorTitle} errors={summaryErrors(fields)} formErrors={form.errors} focusKey={focusKey} />
      <Form
        method="post"
        action={action}
        encType={intent === "upload" || intent === "replace" ? "multipart/form-data" : undefined}
        {...getFormProps(form)}
        className="form"
      >
        <input type="hidden" name="intent" value={intent} />
        {children}
        <div className="form-actions">
          <button type="submit" className={intent === "add-group" ? "button button--secondary" : "button"}>
            {words.submit}
          </button>
        </div>
      </Form>
    </section>
  );
}
