import { singleton } from "./singleton.server";

/**
 * Work that makes later requests cheaper but would slow the first ones after a start: launching
 * Chromium for PDFs, building the XLSX templates. On a two-core box Chromium's launch took the
 * other core and some of this one while the first page rendered (~150–200 ms more from spawn to
 * the first page; issue 22). It now runs once the server has answered its first request (or
 * STARTED_ANYWAY_MS after it listens, when nobody asked), one turn of the event loop at a time.
 *
 * `whenStarted(task)` queues a task (or runs it at once when the start is over); the server calls
 * `startBackgroundWork()`. Shared by the Express server and the Remix build through `singleton`.
 * A process that never calls it (a test, a script) never runs the tasks.
 */
interface AfterStart {
  started: boolean;
  queue: (() => void)[];
}

const state = () => singleton<AfterStart>("after-start", () => ({ started: false, queue: [] }));

export function whenStarted(task: () => void): void {
  const after = state();
  after.queue.push(task);
  if (after.started && after.queue.length === 1) setImmediate(runNext);
}

/**
 * The start is over: the queued tasks run, each in a turn of its own, so requests go between them.
 * (Immediates queued together all run in the same turn: each task queues the next one instead.)
 */
export function startBackgroundWork(): void {
  const after = state();
  if (after.started) return;
  after.started = true;
  if (after.queue.length > 0) setImmediate(runNext);
}

function runNext(): void {
  const after = state();
  const task = after.queue.shift();
  try {
    task?.();
  } finally {
    if (after.queue.length > 0) setImmediate(runNext);
  }
}

/** When no request comes, the background work starts this long after the server listens. */
export const STARTED_ANYWAY_MS = 3000;
