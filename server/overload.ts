import type { NextFunction, Request, Response } from "express";
import { BUSY_RETRY_AFTER_SECONDS, serverBusyPage } from "../app/utils/server-busy.server";
import { log } from "./logging";

/**
 * Load shedding for form posts (decision 0031). A 100 ms timer measures how late the event loop
 * runs it; when it ran more than `maxLagMs` late, the process is saturated (a burst, a long
 * collection, a starved container) and, for the next `holdMs`, a form post is answered 503 with
 * Retry-After BEFORE Remix runs its action: nothing is written, so the browser can safely try
 * again. Reads go on (they write nothing), and so do the bodies that are not forms: the bank's
 * relay of a payment that may already be charged and the JSON API (`exempt`).
 */
export function shedFormPostsWhenOverloaded(options: { exempt: (pathName: string) => boolean; maxLagMs?: number; holdMs?: number }) {
  const { exempt, maxLagMs = 3_000, holdMs = 2_000 } = options;
  const tickMs = 100;
  let expected = Date.now() + tickMs;
  let shedUntil = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    const lag = now - expected;
    expected = now + tickMs;
    if (lag > maxLagMs) {
      if (now >= shedUntil) log("warn", "event loop saturated: form posts answered 503 for now", { lagMs: lag });
      shedUntil = now + holdMs;
    }
  }, tickMs);
  timer.unref();

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD" || exempt(req.path) || Date.now() >= shedUntil) return next();
    res
      .status(503)
      .set({ "Retry-After": String(BUSY_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
      .type("html")
      .send(serverBusyPage({ requestId: res.locals.requestId as string, refusedUnread: true }));
  };
}
