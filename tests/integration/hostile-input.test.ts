import { beforeAll, describe, expect, test } from "vitest";
import { saveBanner } from "~/content/banners.server";
import { renderMarkdown } from "~/content/markdown.server";
import { pageEditSchema } from "~/content/page-forms";
import { nextPublication } from "~/content/record-editor.server";
import { db } from "~/db.server";
import { introSchema } from "~/documents/document-forms.server";
import { libraryPanelSchema } from "~/library/library-panels.server";
import type { StaffUser } from "~/staff/staff";
import { markdownText } from "~/utils/text";
import { useSeededDatabase } from "../support/database";
import { createSignedInStaff } from "../factories";

// Issue 20, hostile input: the domain rules behind the HTTP tests of hostile-input-http.test.ts.
let editor: StaffUser;

beforeAll(async () => {
  await useSeededDatabase();
  editor = (await createSignedInStaff(db, "comunicacion")).user;
});

const NOW = new Date("2026-03-01T15:00:00Z"); // 09:00 in Mexico City

describe("Markdown too deep for marked", () => {
  const deepTexts = {
    quotes: `${"> ".repeat(5000)}x`,
    "quotes without spaces": `${">".repeat(5000)}x`,
    lists: `${"- ".repeat(5000)}x`,
    "numbered lists": `${"1. ".repeat(3000)}x`,
    "a run of asterisks": `${"*".repeat(20_000)}x${"*".repeat(20_000)}`,
    "ever deeper indentation": Array.from({ length: 300 }, (_, i) => `${" ".repeat(i * 2)}- a`).join("\n"),
  };

  test.each(Object.entries(deepTexts))("%s: refused at save with the line to fix", (_label, text) => {
    const result = markdownText("Contenido", 100_000).safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/«Contenido» tiene .*\(línea \d+\)/);
  });

  test("every Markdown field of the editors uses the rule", () => {
    const deep = deepTexts.quotes;
    expect(pageEditSchema.safeParse({ title: "T", summary: "R", body: deep, status: "borrador" }).success).toBe(false);
    expect(libraryPanelSchema.safeParse({ label: "Servicios", body: deep }).success).toBe(false);
    expect(introSchema.safeParse({ intro: deep }).success).toBe(false);
  });

  test("ordinary nesting, indented code and horizontal rules are still accepted", () => {
    const text = [
      "## Servicios",
      "",
      "> Cita",
      "> > con respuesta",
      "",
      "- uno",
      "  - dos",
      "    1. tres",
      "",
      "        código sangrado",
      "",
      "---",
      "",
      "Firma: ______________________",
    ].join("\n");
    expect(markdownText("Contenido").safeParse(text).success).toBe(true);
  });

  test("a stored text that marked cannot render becomes plain paragraphs, not an exception", () => {
    const html = renderMarkdown(`Primer párrafo <b>\n\n${deepTexts.quotes}`).__html;
    expect(html).toContain("<p>Primer párrafo &lt;b&gt;</p>");
    expect(html).toContain("&gt; &gt; &gt;");
  });
});

describe("scheduled dates inside a sane window", () => {
  test("a record's publication in year 9999 is refused, two years ahead is fine", () => {
    const far = nextPublication({ status: "programada", publishAt: "9999-12-31T23:59" }, { status: "borrador", publishAt: null }, NOW);
    expect(far).toEqual({ ok: false, status: 400, problem: { form: [], fields: { publishAt: [expect.stringContaining("a más de dos años")] } } });
    const near = nextPublication({ status: "programada", publishAt: "2028-02-28T09:00" }, { status: "borrador", publishAt: null }, NOW);
    expect(near.ok).toBe(true);
  });

  test("a banner visible until 9999 is a refusal with a message, not a failed CHECK", async () => {
    const banner = await db.selectFrom("banners").select(["id", "alt_text"]).orderBy("id").executeTakeFirstOrThrow();
    const input = { altText: banner.alt_text };
    const until = await saveBanner(
      db,
      { bannerId: banner.id, input: { ...input, visibleUntil: "9999-12-31T23:59" }, image: undefined },
      editor,
      null,
      NOW,
    );
    expect(until).toEqual({
      ok: false,
      status: 400,
      problem: { form: [], fields: { visibleUntil: [expect.stringContaining("a más de dos años")] } },
    });
    const from = await saveBanner(
      db,
      { bannerId: banner.id, input: { ...input, visibleFrom: "0001-01-01T00:00" }, image: undefined },
      editor,
      null,
      NOW,
    );
    expect(from).toEqual({
      ok: false,
      status: 400,
      problem: { form: [], fields: { visibleFrom: [expect.stringContaining("hace más de dos años")] } },
    });
    const fine = await saveBanner(
      db,
      { bannerId: banner.id, input: { ...input, visibleFrom: "2026-02-01T00:00", visibleUntil: "2026-12-31T23:59" }, image: undefined },
      editor,
      null,
      NOW,
    );
    expect(fine.ok).toBe(true);
  });
});
