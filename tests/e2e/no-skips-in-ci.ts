import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Under CI=true a skipped journey fails the run (as tests/setup/no-skips-in-ci.ts does for
 * vitest): `test.skip(condition)` that is true in CI means the journey never runs there.
 */
export default class NoSkipsInCi implements Reporter {
  private skipped: string[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === "skipped") this.skipped.push(`${test.location.file}: ${test.titlePath().join(" › ")}`);
  }

  async onEnd(_result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    if (!process.env.CI || this.skipped.length === 0) return undefined;
    console.error(`\nJourneys that did not run under CI=true (a test that cannot run is a defect):\n  ${this.skipped.join("\n  ")}\n`);
    return { status: "failed" };
  }
}
