/**
 * Whether an error is SQLite refusing a write for one constraint: its extended code (such as
 * SQLITE_CONSTRAINT_UNIQUE) and the columns it names ("UNIQUE constraint failed: invoice_requests.cfdi_folio").
 * Matching the columns exactly keeps one index's refusal from being read as another's.
 */
export function isConstraintError(error: unknown, code: string, columns: string): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code: actual, message } = error as { code?: unknown; message?: unknown };
  return actual === code && typeof message === "string" && message.endsWith(`constraint failed: ${columns}`);
}
