import { addCalendarDays, mexicoCityDay, startOfDayInMexicoCity } from "../../app/utils/mexico-city";

/** Milliseconds from now to the next midnight in Mexico City (a new day; at a month's end, a new month). */
export function msToMexicoCityMidnight(now = Date.now()): number {
  return Date.parse(startOfDayInMexicoCity(addCalendarDays(mexicoCityDay(new Date(now)), 1))) - now;
}

/**
 * For a test that computes "today" (or this month) in Mexico City while the server reads its own
 * clock a moment later: when midnight there is less than `withinMs` away, waits until it has
 * passed (plus a second), so both read the same day and month. Almost always returns at once.
 * `beforeWaiting` is told how long it will wait (to lengthen a Playwright test's timeout).
 */
export async function clearOfMexicoCityMidnight(withinMs: number, beforeWaiting?: (ms: number) => void): Promise<void> {
  const left = msToMexicoCityMidnight();
  if (left > withinMs) return;
  const wait = left + 1_000;
  beforeWaiting?.(wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}
