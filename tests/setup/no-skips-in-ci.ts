import type { Reporter, TestModule } from "vitest/node";

/**
 * Under CI=true a test that did not run fails the run: a skip (`skipIf` without Java for the Nu
 * validator, say) or a `todo` in CI means the check never happens, and nobody notices a skipped
 * line in a green run. Locally a skip still says why and lets the rest pass. A reporter, not a
 * check in each test, so a new skip condition anywhere is caught too.
 */
export default class NoSkipsInCi implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    if (!process.env.CI) return;
    const skipped = testModules.flatMap((module) => [...module.children.allTests("skipped")].map((test) => `${module.moduleId}: ${test.fullName}`));
    if (skipped.length === 0) return;
    console.error(`\nTests that did not run under CI=true (a test that cannot run is a defect):\n  ${skipped.join("\n  ")}\n`);
    process.exitCode = 1;
  }
}
