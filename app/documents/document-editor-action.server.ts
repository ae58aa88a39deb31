import type { z } from "zod";
import type { CheckedFile } from "~/accounts/uploads.server";
import type { StaffContext } from "~/actions/context";
import { problemMessages } from "~/actions/outcome";
import { staffIntent, uploadBody } from "~/actions/pipeline.server";
import { or404 } from "~/content/record-editor-route.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { EditorOutcome } from "./document-editor.server";
import { DOCUMENT_FILE_MESSAGES, DOCUMENT_FILE_RULE, DOCUMENT_FORM_MAX_BYTES } from "./document-forms.server";

/*
 * The document editors' pieces of the one action pipeline (issue 23): how their forms are read
 * (with or without the document file, through the one upload parser) and one intent's spec. Every
 * refusal is the pipeline's reply (400 with every error at once and the typed values, never the
 * file; 413 for a body over the limit; the row the form was about travels as its `target` field);
 * a row that is gone is the Spanish 404 page; success is a 303 back to the editor with a toast.
 */

/** The document file (type read from the bytes), the body capped at DOCUMENT_FORM_MAX_BYTES. */
export const documentBody = uploadBody(
  { file: DOCUMENT_FILE_RULE },
  { maxBytes: DOCUMENT_FORM_MAX_BYTES, tooLarge: DOCUMENT_FILE_MESSAGES.tooLarge },
);

/** One intent of a document editor: its schema, whether it brings the document file, and the one domain call. */
export function documentIntent<Schema extends z.ZodType>(
  back: () => string,
  spec: {
    schema: Schema;
    needsFile?: boolean;
    run: (ctx: StaffContext, value: z.output<Schema>, file: CheckedFile | undefined) => Promise<EditorOutcome>;
  },
) {
  return staffIntent({
    schema: spec.schema,
    requiredFiles: spec.needsFile ? { file: DOCUMENT_FILE_MESSAGES.missing } : undefined,
    step: async (ctx, { value, files }) => {
      const outcome = await spec.run(ctx, value, files.get("file"));
      return outcome.ok ? outcome : or404(outcome, problemMessages(outcome).join(" "));
    },
    done: (outcome) => redirectWithToast(back(), { type: "success", description: outcome.message }),
  });
}
