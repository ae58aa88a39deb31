import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { enrolmentModalitiesOf, MODALITY, MODALITY_IDS, parseModalityId } from "~/courses/modality";

// Issue 23: a course's modality is named through MODALITY (app/courses/modality.ts), never a bare
// 1, 2 or 3 compared in domain code.

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

const BARE_COMPARISON = /modality\w*\s*(?:===|!==|==|!=)\s*["']?[123]\b|\b[123]\s*(?:===|!==)\s*\w*modality|modality\w*\??:\s*1 \| 2 \| 3/gi;

describe("modality ids by name", () => {
  test("no bare 1, 2 or 3 is compared with a modality in app/ or bench/", () => {
    const found = ["app", "bench"].flatMap((dir) =>
      sourceFiles(dir).flatMap((file) =>
        fs
          .readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, index) => (line.match(BARE_COMPARISON) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      ),
    );
    expect(found).toEqual([]);
  });

  test("the ids read from a form and the enrolment modalities each offers", () => {
    expect(MODALITY_IDS).toEqual([1, 2, 3]);
    expect(parseModalityId("2")).toBe(MODALITY.EN_LINEA);
    expect(parseModalityId("4")).toBeNull();
    expect(parseModalityId(null)).toBeNull();
    expect(enrolmentModalitiesOf(MODALITY.PRESENCIAL)).toEqual(["presencial"]);
    expect(enrolmentModalitiesOf(MODALITY.EN_LINEA)).toEqual(["en_linea"]);
    expect(enrolmentModalitiesOf(MODALITY.PRESENCIAL_Y_EN_LINEA)).toEqual(["presencial", "en_linea"]);
  });
});
