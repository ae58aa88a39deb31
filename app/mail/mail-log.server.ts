import { log, type LogLevel } from "~/utils/logger.server";

/**
 * One log line per mail event, through the process's one logger (app/utils/logger.server.ts),
 * so one log pipeline reads them with the request lines. Never pass a message body here.
 */
export function mailLog(level: LogLevel, message: string, fields: Record<string, unknown> = {}) {
  log(level, message, fields);
}
