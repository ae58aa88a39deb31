import type { FullResult, Reporter, TestCase } from "@playwright/test/reporter";

/**
 * Under CI=true a skipped journey fails the run (as tests/setup/no-skips-in-ci.ts does for
 * vitest): `test.skip(condition)` that is true in CI means the journey never runs there. Judged
 * on each journey's outcome over all its attempts: in a serial file, the journeys after one that
 * failed are skipped in that attempt and run in the retry, which is not a skip.
 */
export default class NoSkipsInCi implements Reporter {
  private tests = new Set<TestCase>();

  onTestEnd(test: TestCase) {
    this.tests.add(test);
  }

  async onEnd(_result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    const skipped = [...this.tests]
      .filter((test) => test.outcome() === "skipped")
      .map((test) => `${test.location.file}: ${test.titlePath().join(" › ")}`);
    if (!process.env.CI || skipped.length === 0) return undefined;
    console.error(`\nJourneys that did not run under CI=true (a test that cannot run is a defect):\n  ${skipped.join("\n  ")}\n`);
    return { status: "failed" };
  }
}
