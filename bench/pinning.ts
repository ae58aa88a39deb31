/**
 * Keeps the load client and the server under test off each other's core while site and bare are
 * compared (issue 22): on a two-core machine the client (wrk, a third of a core) otherwise lands on
 * the server's core now and then, and the same server measured 28–65 µs a request from one 5 s run
 * to the next. With `taskset` (util-linux) and two cores or more, the client runs on core 0 and
 * the server's event loop alone on core 1 (its thread pool and GC helpers beside the client on core
 * 0, as the second core takes them in production), for the comparison only; the
 * rest of the bench (cold starts, PDFs, the 100× database) runs unpinned, as production does.
 * BENCH_PIN=0 turns it off.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";

export interface Pinning {
  /** For LoadOptions.cpus; undefined when not pinning. */
  clientCpus: string | undefined;
  /** Said in the report. */
  description: string;
  pinServer(pid: number): void;
  unpinServer(pid: number): void;
}

export function pinning(): Pinning {
  const cores = os.cpus().length;
  const tasksetFound = spawnSync("taskset", ["--version"], { encoding: "utf8" }).error === undefined;
  if (process.env.BENCH_PIN === "0" || cores < 2 || !tasksetFound) {
    const why = process.env.BENCH_PIN === "0" ? "BENCH_PIN=0" : cores < 2 ? "one core" : "taskset not installed";
    return { clientCpus: undefined, description: `not pinned (${why})`, pinServer: () => {}, unpinServer: () => {} };
  }
  const all = `0-${cores - 1}`;
  const set = (pid: number, cpus: string, allThreads: boolean) => {
    const result = spawnSync("taskset", [...(allThreads ? ["-a"] : []), "-p", "-c", cpus, String(pid)], { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`taskset could not pin ${pid} to ${cpus}: ${result.stderr}`);
  };
  return {
    clientCpus: "0",
    description:
      "the server's event loop pinned to core 1, the load client and the server's other threads (thread pool, GC helpers) to core 0 (taskset), as two cores share the work in production",
    // Every thread to core 0 first, then the main thread (its id is the process id) alone to core 1.
    // The thread pool and V8's helpers exist by then (started at boot), so none is created on core 1.
    pinServer: (pid) => {
      set(pid, "0", true);
      set(pid, "1", false);
    },
    unpinServer: (pid) => set(pid, all, true),
  };
}
