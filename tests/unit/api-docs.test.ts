import fs from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { RETIRED_CALLS } from "~/api/retired-calls";

// docs/openapi.yaml must describe every endpoint of the compatibility API and the feeds, each
// with an example answer; a route added without its description fails here.
const spec = parse(fs.readFileSync("docs/openapi.yaml", "utf8")) as {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }>; $ref?: string }> }>>;
  components: { responses: Record<string, { content?: Record<string, { example?: unknown }> }> };
};

function apiRoutePaths(): string[] {
  return fs
    .readdirSync("app/routes")
    .filter((file) => file.startsWith("api.") && file !== "api.$.tsx")
    .map(
      (file) =>
        "/" +
        file
          .replace(/\.tsx$/, "")
          .split(".")
          .join("/")
          .replace(/\$([a-zA-Z]+)/g, "{$1}"),
    );
}

describe("docs/openapi.yaml", () => {
  test("is OpenAPI 3.1 and lists every /api route, the retired calls and the calendar feeds", () => {
    expect(spec.openapi).toBe("3.1.0");
    const documented = Object.keys(spec.paths);
    for (const path of [
      ...apiRoutePaths(),
      ...Object.keys(RETIRED_CALLS),
      "/ensenanza/offer.ics",
      "/cursos2025/{course_url}.ics",
      "/calendario/{token}/mis-cursos.ics",
    ]) {
      expect(documented, path).toContain(path);
    }
  });

  test("every operation has an example of its main answer", () => {
    for (const [path, operations] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const main = Object.entries(operation.responses).find(([status]) => /^(2|4)\d\d$/.test(status))!;
        const response = main[1].$ref ? spec.components.responses[main[1].$ref.split("/").pop()!]! : main[1];
        const examples = Object.values(response.content ?? {}).map((media) => media.example);
        expect(
          examples.some((example) => example !== undefined),
          `${method.toUpperCase()} ${path}`,
        ).toBe(true);
      }
    }
  });
});
