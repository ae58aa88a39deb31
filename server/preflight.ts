import fs from "node:fs";
import path from "node:path";

/** Stops the start with a message that says what to do, not a stack trace. */
export function refuseToStart(message: string): never {
  console.error(`\nThe server did not start.\n${message}\n`);
  process.exit(1);
}

/**
 * The database file and its directory must be writable (SQLite writes the file, its -wal and
 * -shm next to it). Checked before anything opens the database, so the operator reads which path
 * and what to do instead of a stack trace. Returns null when all is well.
 */
export function databaseLocationProblem(file: string): string | null {
  const directory = path.dirname(file);
  try {
    fs.mkdirSync(directory, { recursive: true });
  } catch (error) {
    return describeDatabaseError(error, file);
  }
  for (const target of [directory, ...["", "-wal", "-shm"].map((suffix) => file + suffix).filter((f) => fs.existsSync(f))]) {
    try {
      fs.accessSync(target, fs.constants.W_OK);
    } catch (error) {
      return describeDatabaseError(error, file, target);
    }
  }
  return null;
}

/** What went wrong with the database file, in words an operator can act on. */
export function describeDatabaseError(error: unknown, file: string, failing: string = file): string {
  const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "";
  const text = error instanceof Error ? error.message : String(error);
  const directory = path.dirname(file);
  if (/READONLY|EACCES|EPERM|EROFS/.test(code) || /readonly|read-only|permission denied/i.test(text)) {
    return (
      `The database at ${file} cannot be written: ${failing} is not writable (${code || text}).\n` +
      `Give the user running the server (uid ${process.getuid?.() ?? "?"}) write access to ${directory} and the files in it ` +
      `(e.g. chown -R <user> ${directory}), or set DATABASE_PATH to a writable place.`
    );
  }
  if (/CANTOPEN|ENOENT|ENOTDIR/.test(code) || /unable to open/i.test(text)) {
    return `The database at ${file} cannot be opened (${code || text}).\nCheck that ${directory} exists and is writable, or set DATABASE_PATH.`;
  }
  return `Preparing the database at ${file} failed: ${text}`;
}
