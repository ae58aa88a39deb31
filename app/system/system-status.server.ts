import { execFileSync } from "node:child_process";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import { latestBackup, latestGoodBackup } from "~/backups/backups.server";
import { backupDirectory, databasePath, demoMode, readConfig, resolvePaymentMode, siteOrigin, siteUrl, type AppConfig } from "~/config.server";
import type { DB } from "~/db.server";
import { outboxSummary, queueMail, type DeliveryLine } from "~/mail/deliveries.server";
import { mailFor } from "~/mail/message";
import { systemAlert } from "~/mail/messages/system-alert";
import { singleton } from "~/utils/singleton.server";
import * as clock from "~/utils/clock.server";

/**
 * What /admin/sistema shows (issue 24) and the problems the «avisos» job mails to the
 * administrators, once each (table system_alerts): low disk, failing backups, failing mail, the
 * Banorte certificate about to expire. Every text is plain Spanish for staff who are not developers.
 */

/** Free space under this share of the disk is a problem. */
export const LOW_DISK_SHARE = 0.1;
/** The certificate is a problem this many days before it expires. */
export const CERTIFICATE_WARNING_DAYS = 30;
/** Without a good backup for this long (while backups are scheduled), backups are failing. */
const BACKUP_STALE_HOURS = 26;

export interface DiskInfo {
  label: string;
  path: string;
  freeBytes: number;
  totalBytes: number;
  freeShare: number;
  low: boolean;
}

export interface Problem {
  /** Stable while the problem lasts: the same problem is mailed once. */
  key: string;
  message: string;
}

const started = singleton("process-started", () => new Date());

/** The site's version (package.json) and commit (GIT_COMMIT, else asked of git once). */
export function versionInfo(): { version: string; commit: string | null } {
  return singleton("version-info", () => {
    let version = "desconocida";
    try {
      version = (JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8")) as { version?: string }).version ?? version;
    } catch {
      // Not started from the project's directory.
    }
    let commit = process.env.GIT_COMMIT?.trim() || null;
    if (!commit) {
      try {
        commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { timeout: 2_000, stdio: ["ignore", "pipe", "ignore"] })
          .toString()
          .trim();
      } catch {
        commit = null;
      }
    }
    return { version, commit };
  });
}

export function diskInfo(label: string, directory: string): DiskInfo | null {
  let existing = directory;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  try {
    const stats = fs.statfsSync(existing);
    const totalBytes = stats.blocks * stats.bsize;
    const freeBytes = stats.bavail * stats.bsize;
    const freeShare = totalBytes > 0 ? freeBytes / totalBytes : 0;
    return { label, path: directory, freeBytes, totalBytes, freeShare, low: freeShare < LOW_DISK_SHARE };
  } catch {
    return null;
  }
}

function fileSize(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

export interface CertificateInfo {
  path: string;
  validTo: Date | null;
  daysLeft: number | null;
  warning: boolean;
  problem: string | null;
}

export function certificateInfo(config: AppConfig, now: Date): CertificateInfo | null {
  const file = config.BANORTE_CERTIFICATE_PATH;
  if (!file) return null;
  try {
    const certificate = new X509Certificate(fs.readFileSync(file));
    const validTo = new Date(certificate.validTo);
    const daysLeft = Math.floor((validTo.getTime() - now.getTime()) / 86_400_000);
    return { path: file, validTo, daysLeft, warning: daysLeft < CERTIFICATE_WARNING_DAYS, problem: null };
  } catch (error) {
    return { path: file, validTo: null, daysLeft: null, warning: true, problem: error instanceof Error ? error.message : String(error) };
  }
}

export function chromiumAvailable(env: NodeJS.ProcessEnv = process.env): { path: string; available: boolean } {
  const candidate = env.CHROMIUM_PATH || "/usr/bin/chromium";
  try {
    fs.accessSync(candidate, fs.constants.X_OK);
    return { path: candidate, available: true };
  } catch {
    return { path: candidate, available: false };
  }
}

/** The ways a card payment is confirmed in this configuration, in words (decision 0030). */
export function paymentConfirmationPaths(config: AppConfig): string[] {
  const { provider } = resolvePaymentMode(config);
  return [
    ...(provider === "simulator"
      ? ["El simulador de pagos confirma al instante (uso de demostración)."]
      : config.BANORTE_VERIFY_URL
        ? ["Verificación con Banorte (Payworks) cada minuto."]
        : []),
    "Importar el reporte de Banorte en Conciliación.",
    "Confirmación manual de finanzas en Conciliación, con los datos de la consola de Banorte.",
  ];
}

export interface JobRunLine {
  id: number;
  job: string;
  startedAt: string;
  finishedAt: string | null;
  outcome: "en_curso" | "ok" | "fallo";
  error: string | null;
  counts: Record<string, number>;
}

async function recentRuns(db: Kysely<DB>): Promise<{ latest: JobRunLine[]; failures: JobRunLine[] }> {
  const toLine = (row: {
    id: number;
    job: string;
    started_at: string;
    finished_at: string | null;
    outcome: "en_curso" | "ok" | "fallo";
    error: string | null;
    counts: string;
  }): JobRunLine => ({
    id: row.id,
    job: row.job,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    outcome: row.outcome,
    error: row.error,
    counts: JSON.parse(row.counts) as Record<string, number>,
  });
  const columns = ["id", "job", "started_at", "finished_at", "outcome", "error", "counts"] as const;
  const jobs = await db.selectFrom("job_runs").select("job").distinct().execute();
  const latest = [];
  for (const { job } of jobs) {
    const row = await db
      .selectFrom("job_runs")
      .select(columns)
      .where("job", "=", job)
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (row) latest.push(toLine(row));
  }
  const failures = await db
    .selectFrom("job_runs")
    .select(columns)
    .where("outcome", "=", "fallo")
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(10)
    .execute();
  return { latest: latest.sort((a, b) => a.job.localeCompare(b.job)), failures: failures.map(toLine) };
}

export interface SystemStatus {
  version: string;
  commit: string | null;
  startedAt: string;
  uptimeSeconds: number;
  demo: boolean;
  provider: "simulator" | "banorte";
  confirmationPaths: string[];
  disks: DiskInfo[];
  databaseBytes: number;
  backupDirectory: string;
  lastBackup: { takenAt: string; ok: boolean; fileName: string; integrity: string } | null;
  backups: { fileName: string; takenAt: string; sizeBytes: number; origin: string }[];
  outbox: { sent: number; waiting: number; failed: number; open: DeliveryLine[] };
  runs: { latest: JobRunLine[]; failures: JobRunLine[] };
  certificate: (Omit<CertificateInfo, "validTo"> & { validTo: string | null }) | null;
  chromium: { path: string; available: boolean };
  problems: Problem[];
}

export async function systemStatus(db: Kysely<DB>, now: Date = clock.now(), config: AppConfig = readConfig()): Promise<SystemStatus> {
  const database = databasePath();
  const directory = backupDirectory(config);
  const disks = [diskInfo("Datos (base de datos)", path.dirname(database)), diskInfo("Respaldos", directory)].filter(
    (disk): disk is DiskInfo => disk !== null,
  );
  const last = await latestBackup(db);
  const backups = await db
    .selectFrom("backups")
    .select(["file_name", "taken_at", "size_bytes", "origin"])
    .where("ok", "=", 1)
    .where("removed_at", "is", null)
    .orderBy("taken_at", "desc")
    .limit(40)
    .execute();
  const certificate = certificateInfo(config, now);
  const { version, commit } = versionInfo();
  return {
    version,
    commit,
    startedAt: started.toISOString(),
    uptimeSeconds: Math.round(process.uptime()),
    demo: demoMode(config),
    provider: resolvePaymentMode(config).provider,
    confirmationPaths: paymentConfirmationPaths(config),
    disks,
    databaseBytes: fileSize(database) + fileSize(`${database}-wal`),
    backupDirectory: directory,
    lastBackup: last && { ...last, takenAt: last.takenAt.toISOString() },
    backups: backups
      .filter((backup) => fs.existsSync(path.join(directory, backup.file_name)))
      .map((backup) => ({ fileName: backup.file_name, takenAt: backup.taken_at, sizeBytes: backup.size_bytes, origin: backup.origin })),
    outbox: await outboxSummary(db, now),
    runs: await recentRuns(db),
    certificate: certificate && { ...certificate, validTo: certificate.validTo?.toISOString() ?? null },
    chromium: chromiumAvailable(),
    problems: await currentProblems(db, now, config),
  };
}

const dateFormat = new Intl.DateTimeFormat("es-MX", { timeZone: "America/Mexico_City", dateStyle: "long" });

/** What is wrong now, each with a key that stays the same while it lasts. */
export async function currentProblems(db: Kysely<DB>, now: Date = clock.now(), config: AppConfig = readConfig()): Promise<Problem[]> {
  const problems: Problem[] = [];
  const directory = backupDirectory(config);
  for (const disk of [diskInfo("los datos", path.dirname(databasePath())), diskInfo("los respaldos", directory)]) {
    if (disk?.low) {
      problems.push({
        key: `disco:${disk.path}`,
        message: `Queda poco espacio en el disco de ${disk.label} (${disk.path}): ${Math.floor(disk.freeShare * 100)} % libre.`,
      });
    }
  }
  if (config.BACKUP_SCHEDULE.trim() !== "off") {
    const last = await latestBackup(db);
    const good = await latestGoodBackup(db);
    const lastRun = await db
      .selectFrom("job_runs")
      .select(["outcome", "error", "started_at"])
      .where("job", "=", "respaldos")
      .where("outcome", "<>", "en_curso")
      .orderBy("started_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    if (lastRun?.outcome === "fallo") {
      problems.push({ key: "respaldo:fallo", message: `El último respaldo programado falló: ${lastRun.error ?? "sin detalle"}.` });
    } else if (last && !last.ok) {
      problems.push({ key: "respaldo:integridad", message: `El último respaldo no pasó la revisión de integridad: ${last.integrity}.` });
    } else if (lastRun && (!good || now.getTime() - good.takenAt.getTime() > BACKUP_STALE_HOURS * 3_600_000)) {
      problems.push({ key: "respaldo:antiguo", message: `No hay un respaldo correcto de las últimas ${BACKUP_STALE_HOURS} horas.` });
    }
  }
  const givenUp = await db
    .selectFrom("mail_deliveries")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("status", "=", "fallido")
    .executeTakeFirstOrThrow();
  if (Number(givenUp.count) > 0) {
    problems.push({
      key: "correo:fallido",
      message: `Hay ${Number(givenUp.count)} correo(s) que no se pudieron enviar. Revise el error y use «Reintentar».`,
    });
  }
  const certificate = certificateInfo(config, now);
  if (certificate?.problem) {
    problems.push({
      key: `certificado:ilegible`,
      message: `No se pudo leer el certificado de Banorte (${certificate.path}): ${certificate.problem}`,
    });
  } else if (certificate?.warning && certificate.validTo) {
    problems.push({
      key: `certificado:${certificate.validTo.toISOString()}`,
      message:
        certificate.daysLeft! < 0
          ? `El certificado de Banorte venció el ${dateFormat.format(certificate.validTo)}.`
          : `El certificado de Banorte vence el ${dateFormat.format(certificate.validTo)} (en ${certificate.daysLeft} días).`,
    });
  }
  return problems;
}

/**
 * The «avisos» job: mails each new problem to the active administrators, once (a problem already in
 * system_alerts is not mailed again); a problem that is gone is forgotten, so its return is news.
 */
export async function notifyProblems(
  db: Kysely<DB>,
  now: Date = clock.now(),
  config: AppConfig = readConfig(),
): Promise<{ avisos: number; vigentes: number }> {
  const problems = await currentProblems(db, now, config);
  const known = new Set((await db.selectFrom("system_alerts").select("key").execute()).map((row) => row.key));
  const current = new Set(problems.map((problem) => problem.key));
  const gone = [...known].filter((key) => !current.has(key));
  if (gone.length > 0) await db.deleteFrom("system_alerts").where("key", "in", gone).execute();
  const fresh = problems.filter((problem) => !known.has(problem.key));
  if (fresh.length === 0) return { avisos: 0, vigentes: problems.length };
  const admins = await db.selectFrom("staff_members").select("email").where("role", "=", "admin").where("status", "=", "activa").execute();
  for (const problem of fresh) {
    await db
      .insertInto("system_alerts")
      .values({ key: problem.key, message: problem.message, raised_at: now.toISOString(), notified_at: null })
      .execute();
  }
  if (admins.length > 0) {
    const systemUrl = siteUrl("/admin/sistema", siteOrigin(config));
    await queueMail(
      db,
      mailFor(systemAlert, { problems: fresh.map((problem) => problem.message), systemUrl }, { to: admins.map((admin) => admin.email) }),
      now,
    );
    await db
      .updateTable("system_alerts")
      .set({ notified_at: now.toISOString() })
      .where(
        "key",
        "in",
        fresh.map((problem) => problem.key),
      )
      .execute();
  }
  return { avisos: fresh.length, vigentes: problems.length };
}
