import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PassThrough } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import type { Kysely } from "kysely";
import { refuse, type Outcome, type Refusal, type RefusalStatus } from "~/actions/outcome";
import type { DB } from "~/db.server";
import { migrations } from "../../migrations/index";
import * as serverClock from "~/utils/clock.server";

/**
 * Backups of the one SQLite file (issue 24, decision 0043): an online copy with SQLite's backup
 * API (the site keeps serving), `PRAGMA integrity_check` on the copy, gzip-compressed into the
 * backup directory (which may be a mounted share), kept by a retention rule. The job runner's
 * «respaldos» job, «Respaldar ahora» on /admin/sistema and `npm run db:backup` all call
 * `takeBackup`; `npm run db:restore` calls `restoreBackup`.
 */

export type BackupOrigin = "programado" | "manual" | "consola";

export interface RetentionRule {
  recent: number;
  daily: number;
  monthly: number;
}

export interface BackupResult {
  file: string;
  fileName: string;
  takenAt: Date;
  sizeBytes: number;
  integrity: string;
  ok: boolean;
}

const FILE_PATTERN = /^himfg-(\d{4})-(\d{2})-(\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.db\.gz$/;
const TIME_ZONE = "America/Mexico_City";
/** Pages copied per step: small steps leave the event loop free between them. */
const PAGES_PER_STEP = 256;
/** After this many restarts (writes from another process), the rest is copied in one step. */
const RESTARTS_BEFORE_ONE_STEP = 3;

/** The file name of a backup taken at `at` (UTC, sortable, no colons for Windows shares). */
export function backupFileName(at: Date): string {
  return `himfg-${at.toISOString().replace(/[:.]/g, "-")}.db.gz`;
}

/** When a backup file name says it was taken, or null for any other file (never touched). */
export function backupTakenAt(fileName: string): Date | null {
  const match = FILE_PATTERN.exec(fileName);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, ms] = match;
  const at = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}.${ms}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * Takes one backup. `source` is the server's own connection when there is one (its writes during
 * the copy go into the copy instead of restarting it), else a path (the command line). The copy is
 * made beside the database file, checked, compressed into `directory` under a temporary name and
 * renamed when complete, so a half-written file never looks like a backup. A copy that fails the
 * check is removed and recorded as failed (and the result says so); an error throws.
 */
export async function takeBackup(options: {
  source: Database.Database | string;
  directory: string;
  origin: BackupOrigin;
  db?: Kysely<DB>;
  clock?: () => Date;
}): Promise<BackupResult> {
  const clock = options.clock ?? serverClock.now;
  const started = clock();
  fs.mkdirSync(options.directory, { recursive: true });
  const connection = typeof options.source === "string" ? new Database(options.source, { fileMustExist: true }) : options.source;
  const databaseFile = connection.name;
  const scratch = path.join(path.dirname(databaseFile), `.respaldo-${crypto.randomBytes(6).toString("hex")}.db`);
  const fileName = backupFileName(started);
  const file = path.join(options.directory, fileName);
  const partial = `${file}.parcial`;
  try {
    let lastRemaining = Infinity;
    let restarts = 0;
    await connection.backup(scratch, {
      progress: ({ remainingPages }) => {
        if (remainingPages > lastRemaining) restarts += 1;
        lastRemaining = remainingPages;
        return restarts >= RESTARTS_BEFORE_ONE_STEP ? 0x7fffffff : PAGES_PER_STEP;
      },
    });
    const integrity = checkDatabaseFile(scratch, { makeSelfContained: true });
    const ok = integrity === "ok";
    let sizeBytes = 0;
    if (ok) {
      await pipeline(fs.createReadStream(scratch), zlib.createGzip({ level: 6 }), fs.createWriteStream(partial));
      fs.renameSync(partial, file);
      sizeBytes = fs.statSync(file).size;
    }
    const takenAt = clock();
    const result: BackupResult = { file, fileName, takenAt, sizeBytes, integrity, ok };
    if (options.db) {
      await options.db
        .insertInto("backups")
        .values({
          file_name: fileName,
          directory: options.directory,
          started_at: started.toISOString(),
          taken_at: takenAt.toISOString(),
          size_bytes: sizeBytes,
          integrity: integrity.slice(0, 2000),
          ok: ok ? 1 : 0,
          origin: options.origin,
          removed_at: ok ? null : takenAt.toISOString(),
        })
        .execute();
    }
    return result;
  } finally {
    fs.rmSync(scratch, { force: true });
    fs.rmSync(`${scratch}-journal`, { force: true });
    fs.rmSync(partial, { force: true });
    if (typeof options.source === "string") connection.close();
  }
}

/**
 * `PRAGMA integrity_check` of a database file: "ok", or what SQLite found (an unreadable file says
 * why). With `makeSelfContained` the copy leaves WAL mode first, so it is one file.
 */
export function checkDatabaseFile(file: string, options: { makeSelfContained?: boolean } = {}): string {
  let database: Database.Database | null = null;
  try {
    database = new Database(file, { fileMustExist: true, readonly: !options.makeSelfContained });
    if (options.makeSelfContained) database.pragma("journal_mode = DELETE");
    const rows = database.pragma("integrity_check") as { integrity_check: string }[];
    const found = rows.map((row) => row.integrity_check);
    return found.length === 1 && found[0] === "ok" ? "ok" : found.join("; ") || "sin respuesta";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    database?.close();
  }
}

/**
 * Which backups a retention rule keeps, like restic's --keep-last/--keep-daily/--keep-monthly: the
 * `recent` newest; the newest of each of the `daily` latest Mexico City days that have one; the
 * newest of each of the `monthly` latest months. A backup is kept when any rule keeps it.
 */
export function backupsToKeep<T extends { takenAt: Date }>(backups: readonly T[], rule: RetentionRule): Set<T> {
  const newestFirst = [...backups].sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
  const keep = new Set<T>(newestFirst.slice(0, rule.recent));
  const byBucket = (limit: number, bucket: (at: Date) => string) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= limit) break;
      const key = bucket(backup.takenAt);
      if (seen.has(key)) continue;
      seen.add(key);
      keep.add(backup);
    }
  };
  byBucket(rule.daily, (at) => mexicoCityDay(at));
  byBucket(rule.monthly, (at) => mexicoCityDay(at).slice(0, 7));
  return keep;
}

const dayFormat = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });
function mexicoCityDay(at: Date): string {
  return dayFormat.format(at);
}

/** The backup files in a directory, newest first (other files are left out, and never removed). */
export function listBackupFiles(directory: string): { fileName: string; file: string; takenAt: Date; sizeBytes: number }[] {
  let names: string[];
  try {
    names = fs.readdirSync(directory);
  } catch {
    return [];
  }
  const found: { fileName: string; file: string; takenAt: Date; sizeBytes: number }[] = [];
  for (const fileName of names) {
    const takenAt = backupTakenAt(fileName);
    if (!takenAt) continue;
    const file = path.join(directory, fileName);
    found.push({ fileName, file, takenAt, sizeBytes: fs.statSync(file).size });
  }
  return found.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** Removes the backup files the rule does not keep; returns their names. */
export async function applyRetention(directory: string, rule: RetentionRule, db?: Kysely<DB>, now: Date = serverClock.now()): Promise<string[]> {
  const files = listBackupFiles(directory);
  const keep = backupsToKeep(files, rule);
  const removed: string[] = [];
  for (const backup of files) {
    if (keep.has(backup)) continue;
    fs.rmSync(backup.file, { force: true });
    removed.push(backup.fileName);
  }
  if (db && removed.length > 0) {
    await db
      .updateTable("backups")
      .set({ removed_at: now.toISOString() })
      .where("file_name", "in", removed)
      .where("removed_at", "is", null)
      .execute();
  }
  return removed;
}

/** The newest backup recorded (kept or not), for /admin/sistema and the metrics' backup age. */
export async function latestBackup(db: Kysely<DB>): Promise<{ takenAt: Date; ok: boolean; fileName: string; integrity: string } | null> {
  const row = await db
    .selectFrom("backups")
    .select(["taken_at", "ok", "file_name", "integrity"])
    .orderBy("taken_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { takenAt: new Date(row.taken_at), ok: row.ok === 1, fileName: row.file_name, integrity: row.integrity } : null;
}

/** The newest backup that was checked and is still on disk (the one "last good backup" means). */
export async function latestGoodBackup(db: Kysely<DB>): Promise<{ takenAt: Date; fileName: string } | null> {
  const row = await db
    .selectFrom("backups")
    .select(["taken_at", "file_name"])
    .where("ok", "=", 1)
    .where("removed_at", "is", null)
    .orderBy("taken_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? { takenAt: new Date(row.taken_at), fileName: row.file_name } : null;
}

/**
 * The path of a backup file in the directory named by a plain file name, or null (no path
 * separators, only our own names, and it must exist): what a download may serve.
 */
export function backupFilePath(directory: string, fileName: string): string | null {
  if (!backupTakenAt(fileName) || path.basename(fileName) !== fileName) return null;
  const file = path.join(directory, fileName);
  return fs.existsSync(file) ? file : null;
}

export type VerifiedBackup = Outcome<{ scratch: string; migrations: number }>;

/**
 * Decompresses a backup beside `scratchDirectory` and checks it: a whole gzip stream, a SQLite
 * database whose integrity_check says "ok", and migrations this version of the site knows (a
 * backup from a newer version is refused). On success the caller owns the scratch file. Refusals:
 * 404 (no such file), 422 (damaged, or not a database of the site), 409 (from a newer version).
 */
export async function verifyBackupFile(file: string, scratchDirectory: string): Promise<VerifiedBackup> {
  if (!fs.existsSync(file)) return refuse(404, `No existe el archivo ${file}.`);
  const scratch = path.join(scratchDirectory, `.restaurar-${crypto.randomBytes(6).toString("hex")}.db`);
  const fail = (message: string, status: RefusalStatus = 422): Refusal => {
    fs.rmSync(scratch, { force: true });
    return refuse(status, message);
  };
  try {
    const source = fs.createReadStream(file);
    await pipeline(source, file.endsWith(".gz") ? zlib.createGunzip() : new PassThrough(), fs.createWriteStream(scratch));
  } catch (error) {
    return fail(`El archivo no se pudo descomprimir (está dañado o incompleto): ${error instanceof Error ? error.message : String(error)}.`);
  }
  const integrity = checkDatabaseFile(scratch);
  if (integrity !== "ok") return fail(`La revisión de integridad de la copia falló: ${integrity}`);
  let applied: string[];
  try {
    const database = new Database(scratch, { readonly: true, fileMustExist: true });
    try {
      applied = (database.prepare("SELECT name FROM kysely_migration ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    } finally {
      database.close();
    }
  } catch (error) {
    return fail(`La copia no es una base de datos del sitio: ${error instanceof Error ? error.message : String(error)}.`);
  }
  const unknown = applied.filter((name) => !(name in migrations));
  if (unknown.length > 0) {
    return fail(
      `La copia viene de una versión más nueva del sitio (migraciones desconocidas: ${unknown.join(", ")}). Instale esa versión antes de restaurarla.`,
      409,
    );
  }
  return { ok: true, scratch, migrations: applied.length };
}

/**
 * Whether another connection has the database open: leaving WAL mode needs every other connection
 * closed, so a running site makes it fail with "database is locked". When nobody has it open, the
 * file is left out of WAL mode (its WAL folded in), ready to be set aside as one file.
 */
export function databaseInUse(databaseFile: string): boolean {
  if (!fs.existsSync(databaseFile)) return false;
  const database = new Database(databaseFile, { fileMustExist: true, timeout: 0 });
  try {
    database.pragma("journal_mode = DELETE");
    return (database.pragma("journal_mode", { simple: true }) as string) !== "delete";
  } catch {
    return true;
  } finally {
    database.close();
  }
}

export type RestoreOutcome = Outcome<{ previous: string | null; migrations: number }>;

/**
 * Restores a backup over the database file (the site must be stopped): verifies it, refuses when
 * the database is in use, keeps the current file aside as `<file>.antes-de-restaurar-<time>`, and
 * puts the copy in place with one rename (atomic: the database file is always whole).
 */
export async function restoreBackup(file: string, databaseFile: string, now: Date = serverClock.now()): Promise<RestoreOutcome> {
  fs.mkdirSync(path.dirname(databaseFile), { recursive: true });
  const verified = await verifyBackupFile(file, path.dirname(databaseFile));
  if (!verified.ok) return verified;
  try {
    if (databaseInUse(databaseFile)) {
      return refuse(409, `La base de datos ${databaseFile} está en uso: detenga el sitio antes de restaurar (nada se cambió).`);
    }
    let previous: string | null = null;
    if (fs.existsSync(databaseFile)) {
      previous = `${databaseFile}.antes-de-restaurar-${now.toISOString().replace(/[:.]/g, "-")}`;
      fs.copyFileSync(databaseFile, previous, fs.constants.COPYFILE_EXCL);
    }
    const handle = fs.openSync(verified.scratch, "r+");
    fs.fsyncSync(handle);
    fs.closeSync(handle);
    for (const leftover of [`${databaseFile}-wal`, `${databaseFile}-shm`, `${databaseFile}-journal`]) fs.rmSync(leftover, { force: true });
    fs.renameSync(verified.scratch, databaseFile);
    return { ok: true, previous, migrations: verified.migrations };
  } finally {
    fs.rmSync(verified.scratch, { force: true });
  }
}
