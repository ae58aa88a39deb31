import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { libraryPanelSchema, renderPanelMarkdown, type LibraryPanelInput } from "./library-panels.server";

/**
 * The first step of the panel editor's action (the route authorises first): "Vista previa"
 * answers with the form as typed and the text rendered exactly as the public page renders it
 * (nothing is stored); "Guardar" gets the parsed values, or a 400 with every error and the typed values.
 */
export function parseLibraryPanelForm(form: FormData) {
  const submission = parseWithZod(form, { schema: libraryPanelSchema });
  if (form.get("intent") === "preview") {
    const label = String(form.get("label") ?? "").trim() || "(sin nombre)";
    const body = renderPanelMarkdown(String(form.get("body") ?? ""));
    return { done: data({ result: submission.reply(), preview: { label, body } }, { status: 200 }) } as const;
  }
  if (submission.status !== "success") return { done: data({ result: submission.reply(), preview: null }, { status: 400 }) } as const;
  return { submission, value: submission.value as LibraryPanelInput } as const;
}
