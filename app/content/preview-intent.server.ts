import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { z } from "zod";
import { staffIntent } from "~/actions/pipeline.server";
import { renderMarkdown } from "./markdown.server";

/** The fields as typed, every one of them: a preview refuses nothing. */
const AS_TYPED = z.record(z.string(), z.unknown());

/**
 * «Vista previa» of a Markdown editor as one intent of its staffAction (issue 23): nothing is
 * stored; the answer is a 200 with the form as typed, the save schema's errors (so the editor sees
 * them before saving) and `preview`, the text rendered by the public pages' sanitiser (`render`).
 */
export function previewIntent<Preview>(saveSchema: z.ZodType, render: (typed: (name: string) => string) => Preview) {
  return staffIntent({
    schema: AS_TYPED,
    step: (_ctx, { value }) => ({ ok: true as const, preview: render((name) => textOf(value[name])) }),
    done: ({ preview }, { value }) => {
      const typed = new URLSearchParams();
      for (const [name, field] of Object.entries(value)) for (const text of [field].flat()) if (typeof text === "string") typed.append(name, text);
      return data({ intent: "preview", result: parseWithZod(typed, { schema: saveSchema }).reply(), preview }, { status: 200 });
    },
  });
}

function textOf(field: unknown): string {
  return typeof field === "string" ? field : "";
}

/** The information page editor's preview: the title and the body as the public page renders them. */
export function pagePreviewIntent(saveSchema: z.ZodType) {
  return previewIntent(saveSchema, (typed) => ({ title: typed("title").trim() || "(sin título)", sections: [renderMarkdown(typed("body"))] }));
}
