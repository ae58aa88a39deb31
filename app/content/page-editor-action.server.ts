import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { renderMarkdown } from "./markdown.server";
import type { z } from "zod";
import type { pageCreateSchema, pageEditSchema } from "./page-forms";

/**
 * The shared first step of the page editor's actions: "Vista previa" answers with the form as
 * typed and the body rendered by the public pages' sanitiser (nothing is stored); "Guardar"
 * gets the parsed values, or a 400 with every error at once and the typed values.
 */
export function parsePageForm<Schema extends typeof pageCreateSchema | typeof pageEditSchema>(form: FormData, schema: Schema) {
  const submission = parseWithZod(form, { schema });
  if (form.get("intent") === "preview") {
    const title = String(form.get("title") ?? "").trim() || "(sin título)";
    const body = renderMarkdown(String(form.get("body") ?? ""));
    // The reply keeps what was typed; errors show too, so the editor sees them before saving.
    return { done: data({ result: submission.reply(), preview: { title, body } }, { status: 200 }) } as const;
  }
  if (submission.status !== "success") return { done: data({ result: submission.reply(), preview: null }, { status: 400 }) } as const;
  return { submission, value: submission.value as z.output<Schema> } as const;
}
