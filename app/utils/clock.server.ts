/**
 * The one clock of the server's domain code. Production reads the system clock here; tests pass
 * their own `now` (or `clock`) to the domain functions (publishDuePages, createPage, expireHolds…),
 * whose defaults read this module, instead of changing it. Nothing else calls `new Date()` for
 * "now" (log lines excepted); Mexico City calendar days and months come from utils/mexico-city.ts.
 */
export function now(): Date {
  return new Date();
}

/** Now as the ISO text stored in the database's *_at columns. */
export function nowIso(): string {
  return now().toISOString();
}
