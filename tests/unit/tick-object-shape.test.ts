import { describe, expect, test } from "vitest";
import { keepTickObjectShape, keptTickObject } from "../../server/tick-object-shape";

// server/index.ts keeps one of process.nextTick's queue entries alive from the start, so V8 keeps
// the shape of Node's next-tick literal and its fast path (decision 0073). This checks that this
// Node still announces its queue entries to async hooks as "TickObject" with the entry itself: if
// a Node upgrade changes that, nothing is kept and this fails, rather than the site quietly losing
// the fix.

describe("keepTickObjectShape", () => {
  test("keeps one of Node's next-tick queue entries, the literal with its two async ids", async () => {
    expect(keepTickObjectShape()).toBe(true);
    const kept = keptTickObject() as Record<string | symbol, unknown>;
    expect(typeof kept.callback).toBe("function");
    expect("args" in kept).toBe(true);
    const ids = Object.getOwnPropertySymbols(kept);
    expect(ids.map((symbol) => symbol.description)).toEqual(["async_id_symbol", "trigger_async_id_symbol"]);
    for (const id of ids) expect(typeof kept[id]).toBe("number");
    // Once kept, the same entry stays: calling again keeps it and catches no other.
    expect(keepTickObjectShape()).toBe(true);
    expect(keptTickObject()).toBe(kept);
    await new Promise((resolve) => process.nextTick(resolve));
  });
});
