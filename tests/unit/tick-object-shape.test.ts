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
    const ids = Object.getOwnPropertySymbols(kept).map((symbol) => symbol.description);
    expect(ids).toEqual(["async_id_symbol", "trigger_async_id_symbol"]);
    expect(ids.every((_, index) => typeof kept[Object.getOwnPropertySymbols(kept)[index]!] === "number")).toBe(true);
    // Once kept, the same entry stays: calling again changes nothing and no hook is left enabled.
    expect(keepTickObjectShape()).toBe(true);
    expect(keptTickObject()).toBe(kept);
    await new Promise((resolve) => process.nextTick(resolve));
  });
});
