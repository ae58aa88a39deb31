import fs from "node:fs";
import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, test } from "vitest";
import { afterAWholeTurn, spreadsheetStream, type SpreadsheetColumns } from "~/staff/spreadsheet.server";

// Issue 22: an export's first bytes must not run in the turn of the request that started it (the
// poll phase), where they added to that request's own work before anyone else was served. A timer
// that is due stands for what waits for the next turn: it runs at the start of the next turn,
// before that turn's poll phase.

/** Runs `body` in a poll-phase callback (an fs callback), with a timer already due when it starts. */
function inPollPhaseWithDueTimer<T>(body: (timerFired: () => boolean) => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    fs.stat(import.meta.filename, () => {
      let fired = false;
      setTimeout(() => (fired = true), 0);
      // The timer's millisecond passes before the body starts: it is due at the next timers phase.
      for (const until = performance.now() + 3; performance.now() < until;);
      body(() => fired).then(resolve, reject);
    });
  });
}

describe("afterAWholeTurn", () => {
  test("called in the poll phase, it resolves after the next turn began (a lone setImmediate does not)", async () => {
    expect(await inPollPhaseWithDueTimer(async (fired) => (await nextTurn(), fired()))).toBe(false);
    expect(await inPollPhaseWithDueTimer(async (fired) => (await afterAWholeTurn(), fired()))).toBe(true);
  });
});

describe("spreadsheetStream", () => {
  const columns: SpreadsheetColumns<{ n: number }> = [{ header: "N", width: 5, type: "integer", value: (row) => row.n }];

  test.each(["csv", "xlsx"] as const)("%s: the first batch is read after the next turn began, not in the request's turn", async (format) => {
    const readWhenTimerHad = await inPollPhaseWithDueTimer(async (fired) => {
      let seen: boolean | null = null;
      async function* batches() {
        seen = fired();
        yield [{ n: 1 }];
      }
      const reader = spreadsheetStream(format, columns, batches()).getReader();
      while (!(await reader.read()).done);
      return seen;
    });
    expect(readWhenTimerHad).toBe(true);
  });
});
