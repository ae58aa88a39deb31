import { expect, test } from "vitest";
import { startBackgroundWork, whenStarted } from "~/utils/after-start.server";

// The work queued for after the start (Chromium's launch, the XLSX templates) runs one task per
// turn of the event loop: what arrives meanwhile (here an immediate queued by the first task, in
// the server a request) goes between two tasks instead of waiting behind all of them.
test("queued tasks run after the start, one per turn, in order; later ones too", async () => {
  const seen: string[] = [];
  whenStarted(() => {
    seen.push("first");
    setImmediate(() => seen.push("between"));
  });
  whenStarted(() => seen.push("second"));
  await new Promise((resolve) => setImmediate(resolve));
  expect(seen).toEqual([]);

  startBackgroundWork();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(seen).toEqual(["first", "between", "second"]);

  whenStarted(() => seen.push("late"));
  whenStarted(() => seen.push("later"));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(seen).toEqual(["first", "between", "second", "late", "later"]);
});

test("a task that throws does not stop the ones after it", async () => {
  const seen: string[] = [];
  const thrown: unknown[] = [];
  const onError = (error: unknown) => thrown.push(error);
  process.on("uncaughtException", onError);
  try {
    whenStarted(() => {
      throw new Error("boom");
    });
    whenStarted(() => seen.push("after"));
    startBackgroundWork();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    process.off("uncaughtException", onError);
  }
  expect(seen).toEqual(["after"]);
});
