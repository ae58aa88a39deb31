/**
 * One JSON line per mail event, in the same shape as the server's request log
 * (server/logging.ts), so one log pipeline reads both. Never pass a message body here.
 */
export function mailLog(level: "info" | "warn" | "error", message: string, fields: Record<string, unknown> = {}) {
  const line = JSON.stringify({ time: new Date().toISOString(), level, message, ...fields });
  if (level === "error") console.error(line);
  else console.log(line);
}
