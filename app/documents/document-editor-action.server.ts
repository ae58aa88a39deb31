import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { object as zodObject, type z } from "zod";
import type { SubmissionResult } from "@conform-to/react";
import { parseFormWithFiles, type CheckedFile } from "~/accounts/uploads.server";
import { problemMessages, type Refusal } from "~/actions/outcome";
import { mergeErrors } from "~/staff/teaching/route-helpers.server";
import { redirectWithToast } from "~/utils/toast.server";
import { DOCUMENT_FILE_MESSAGES, DOCUMENT_FILE_RULE, DOCUMENT_FORM_MAX_BYTES } from "./document-forms.server";
import type { EditorOutcome } from "./document-editor.server";

/**
 * The shared steps of the document editor's actions (the route authorises first): read the body
 * once (a form with or without the document file, through the one upload parser), pick the
 * intent, parse its fields with its schema, and map a domain outcome to HTTP. Every refusal is a
 * 400 (413 for a body over the limit) with every error at once and the typed values (never the
 * file); success is a 303 with a toast.
 */

export interface EditorForm {
  intent: string;
  /** Which row the form was about (a group or a document id), so only that form shows the errors. */
  target: string | null;
  fields: FormData;
  file: CheckedFile | undefined;
  fileErrors: Record<string, string[]>;
}

export async function readEditorForm(request: Request) {
  const form = await parseFormWithFiles(request, { file: DOCUMENT_FILE_RULE }, DOCUMENT_FORM_MAX_BYTES);
  if (!form.ok) {
    const message = form.status === 413 ? DOCUMENT_FILE_MESSAGES.tooLarge : "No pudimos leer el formulario. Vuelva a intentarlo.";
    const result = parseWithZod(new FormData(), { schema: zodObject({}) }).reply({ formErrors: [message] });
    return { done: data({ intent: "unknown", target: null as string | null, result }, { status: form.status === 413 ? 413 : 400 }) } as const;
  }
  const parsed: EditorForm = {
    intent: String(form.fields.get("intent") ?? ""),
    target: (form.fields.get("target") as string | null) ?? null,
    fields: form.fields,
    file: form.files.get("file"),
    fileErrors: form.fileErrors,
  };
  return parsed;
}

/** Parses one intent's fields; a missing or refused file (when `needsFile`) joins the schema's errors. */
export function parseEditorFields<Schema extends z.ZodType>(form: EditorForm, schema: Schema, options: { needsFile?: boolean } = {}) {
  const submission = parseWithZod(form.fields, { schema });
  const fileErrors =
    options.needsFile && !form.file && !form.fileErrors.file ? { file: [DOCUMENT_FILE_MESSAGES.missing] } : options.needsFile ? form.fileErrors : {};
  if (submission.status !== "success" || Object.keys(fileErrors).length > 0) {
    const schemaErrors =
      submission.status === "success" ? {} : Object.fromEntries(Object.entries(submission.error ?? {}).filter(([key]) => key !== ""));
    return {
      done: data(
        { intent: form.intent, target: form.target, result: submission.reply({ fieldErrors: mergeErrors(schemaErrors, fileErrors) }) },
        { status: 400 },
      ),
    } as const;
  }
  return { submission, value: submission.value as z.output<Schema> } as const;
}

/** The HTTP answer for a refused domain outcome: its field errors or its message, with the typed values. */
export function refusal(
  form: EditorForm,
  submission: { reply: (options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => unknown },
  outcome: Refusal,
) {
  if (outcome.status === 404) throw new Response(problemMessages(outcome).join(" "), { status: 404 });
  const { form: formErrors, fields: fieldErrors } = outcome.problem;
  return data(
    {
      intent: form.intent,
      target: form.target,
      result: submission.reply(Object.keys(fieldErrors).length ? { fieldErrors } : { formErrors }),
    },
    { status: outcome.status },
  );
}

/** One intent of an editor route: its schema, whether it carries the document file, and the one domain call. */
export interface EditorIntent<Schema extends z.ZodType> {
  schema: Schema;
  needsFile?: boolean;
  run: (value: z.output<Schema>, file: CheckedFile | undefined) => Promise<EditorOutcome>;
}

/** Keeps each intent's value typed by its own schema inside the route's table of intents. */
export function editorIntent<Schema extends z.ZodType>(intent: EditorIntent<Schema>): EditorIntent<Schema> {
  return intent;
}

/**
 * Runs the form's intent from the route's table: parse (400 with every error), call the domain
 * function, answer its refusal or a 303 back to `back` with the success toast. An intent the table
 * does not have is a 400 with a Spanish message.
 */
export async function runEditorIntent(form: EditorForm, back: string, intents: Record<string, EditorIntent<z.ZodType>>) {
  const intent = Object.hasOwn(intents, form.intent) ? intents[form.intent] : undefined;
  if (!intent) {
    const result: SubmissionResult<string[]> = { status: "error", error: { "": ["No reconocemos esa acción. Recargue la página."] } };
    return data({ intent: form.intent, target: null as string | null, result }, { status: 400 });
  }
  const parsed = parseEditorFields(form, intent.schema, { needsFile: intent.needsFile });
  if ("done" in parsed) return parsed.done;
  const outcome = await intent.run(parsed.value, form.file);
  if (!outcome.ok) return refusal(form, parsed.submission, outcome);
  return redirectWithToast(back, { type: "success", description: outcome.message });
}
