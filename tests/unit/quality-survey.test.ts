import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { SURVEY_QUESTIONS, SURVEY_SCALE, SURVEY_SECTIONS, SURVEY_TITLE } from "~/completion/survey";

/** The quality survey of /test/{course_id} is the current site's, word for word (site-facts `courseQualitySurvey`). */
const factsPath = path.resolve("../shared/content/site-facts.json");
const facts = fs.existsSync(factsPath)
  ? (JSON.parse(fs.readFileSync(factsPath, "utf8")) as {
      courseQualitySurvey: { title: string; scale: string[]; sections: { title: string; questions: string[] }[] };
    })
  : null;

describe("the quality survey", () => {
  test.runIf(facts)("has the current site's title, scale, sections and questions", () => {
    const survey = facts!.courseQualitySurvey;
    expect(SURVEY_TITLE).toBe(survey.title);
    expect(SURVEY_SCALE.map((s) => s.label)).toEqual(survey.scale);
    expect(SURVEY_SECTIONS.map((s) => ({ title: s.title, questions: s.questions }))).toEqual(survey.sections);
  });

  test("ten closed questions, then the four open ones, each with its own key", () => {
    expect(SURVEY_QUESTIONS.filter((q) => !q.open)).toHaveLength(10);
    expect(SURVEY_QUESTIONS.slice(-4).every((q) => q.open)).toBe(true);
    expect(new Set(SURVEY_QUESTIONS.map((q) => q.key)).size).toBe(14);
    expect(SURVEY_QUESTIONS[0]!.key).toBe("s1q1");
  });
});
