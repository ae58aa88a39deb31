// Keeps one of process.nextTick's queue entries alive for the life of the process (decision 0073).
//
// Node makes each entry of its next-tick queue with one object literal whose first two keys are
// computed (the async ids). V8 remembers the shape that literal gives weakly; in Node 20 (V8 11.3),
// when a full garbage collection runs while no entry is alive (an idle moment: the memory
// reducer, a quiet server), the remembered shape dies, and the next entry's runtime call sees "a
// different shape" and switches that literal to its generic path for good. From then on every
// process.nextTick, which Node's HTTP and stream code calls several times per request, goes
// through V8's runtime: measured on a bare node:http server, 5-7 % of its samples in
// Runtime_DefineKeyedOwnPropertyInLiteral and the property-transition code under it, and 15-40 %
// more CPU per request. One entry kept alive keeps that shape, and the literal stays on its fast
// path.
import { createHook } from "node:async_hooks";

let kept: object | undefined;

/**
 * Catches one next-tick queue entry (Node announces each to async hooks as a "TickObject", with
 * the entry itself as its resource) and keeps it. Call it first thing at start, before any full
 * collection can run. True when an entry is kept: false means this Node no longer announces them
 * this way, and nothing was changed.
 */
export function keepTickObjectShape(): boolean {
  if (kept) return true;
  const hook = createHook({
    init(_asyncId, type, _triggerAsyncId, resource) {
      if (type === "TickObject" && kept === undefined) kept = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
  return kept !== undefined;
}

/** The entry kept, for the test that checks it is one of Node's queue entries. */
export function keptTickObject(): object | undefined {
  return kept;
}
