import { deleteExpiredStagedUploads } from "~/api/staged-uploads.server";
import { applyRetention, takeBackup } from "~/backups/backups.server";
import { backupDirectory, readConfig, siteOrigin, type AppConfig } from "~/config.server";
import { publishDuePages } from "~/content/page-editor.server";
import { publishDueRecords } from "~/content/record-publication.server";
import { runWaitlistMaintenance } from "~/enrolment/waitlist.server";
import { db as siteDb, sqliteConnection, type DB } from "~/db.server";
import { sendDueMail } from "~/mail/deliveries.server";
import { transmitMail } from "~/mail/mailer.server";
import { runPaymentMaintenance } from "~/payments/maintenance.server";
import { getPaymentProvider } from "~/payments/provider.server";
import { notifyProblems } from "~/system/system-status.server";
import { log } from "~/utils/logger.server";
import { singleton } from "~/utils/singleton.server";
import type { Kysely } from "kysely";
import { JobRunner, type Job } from "./runner.server";

/**
 * The site's jobs (decision 0043), in one list: what runs, when, and what it does. The server
 * starts the runner (server/serve.ts); /admin/sistema reads the runs and starts «respaldos» now.
 */
export function siteJobs(config: AppConfig = readConfig()): Job[] {
  const jobs: Job[] = [
    {
      // Publication times are whole minutes (the editors' datetime-local): at second 0 of each
      // minute the records due are published, so a public page shows them within seconds. The public
      // routes only read the rows (the live state; decision 0033) and never write.
      name: "publicacion",
      label: "Publicación programada de páginas",
      schedule: { cron: ["0 * * * * *"] },
      run: async ({ db, now }) => ({ publicadas: (await publishDuePages(db, now)) + (await publishDueRecords(db, now)) }),
    },
    {
      name: "correo",
      label: "Envío y reintento de correos",
      schedule: { cron: ["30 * * * * *"] },
      run: ({ db, now }) => sendDueMail(db, transmitMail, now),
    },
    {
      name: "archivos-temporales",
      label: "Borrado de archivos temporales vencidos",
      schedule: { cron: ["*/10 * * * *"] },
      run: async ({ db, now }) => ({ borrados: await deleteExpiredStagedUploads(db, now) }),
    },
    {
      // Waitlist offers that ran out pass to the next person; seats freed by holds that ran out
      // are offered (decision 0053).
      name: "lista-de-espera",
      label: "Lista de espera: ofertas vencidas y lugares liberados",
      schedule: { cron: ["15 * * * * *"] },
      run: ({ db, now }) => runWaitlistMaintenance(db, now),
    },
    {
      name: "avisos",
      label: "Avisos de problemas a los administradores",
      schedule: { cron: ["*/15 * * * *"] },
      run: ({ db, now }) => notifyProblems(db, now, config),
    },
  ];
  if (config.PAYMENT_MAINTENANCE_SECONDS > 0) {
    jobs.push({
      // Seat holds, abandoned attempts, expired sessions, and the bank's word on open payments.
      name: "pagos",
      label: "Mantenimiento de pagos y sesiones",
      schedule: { everySeconds: config.PAYMENT_MAINTENANCE_SECONDS },
      run: async ({ db, now }) => {
        const report = await runPaymentMaintenance(db, { now, provider: await getPaymentProvider(db, config), origin: siteOrigin(config) });
        return { ...report };
      },
    });
  }
  // Always listed, so «Respaldar ahora» works with the schedule "off" (then it never runs by itself).
  jobs.push({
    name: "respaldos",
    label: "Respaldos de la base de datos",
    schedule: { cron: config.BACKUP_SCHEDULE.trim() === "off" ? [] : config.BACKUP_SCHEDULE.split(";").map((pattern) => pattern.trim()) },
    run: ({ db, manual, now }) => backupJob(db, manual ? "manual" : "programado", config, manual ? undefined : now),
  });
  return jobs;
}

/** One backup and the retention rule; throws when the copy fails its check (the run is a failure). */
export async function backupJob(db: Kysely<DB>, origin: "programado" | "manual", config: AppConfig = readConfig(), scheduledAt?: Date) {
  const source = sqliteConnection(db);
  if (!source) throw new Error("No hay conexión a la base de datos para respaldar.");
  const directory = backupDirectory(config);
  // A scheduled backup is named after its time (the runner's clock), a manual one after now.
  const backup = await takeBackup({ source, directory, origin, db, clock: scheduledAt ? () => scheduledAt : undefined });
  if (!backup.ok) throw new Error(`La copia no pasó la revisión de integridad: ${backup.integrity}`);
  const removed = await applyRetention(
    directory,
    { recent: config.BACKUP_KEEP_RECENT, daily: config.BACKUP_KEEP_DAILY, monthly: config.BACKUP_KEEP_MONTHLY },
    db,
    scheduledAt,
  );
  return { bytes: backup.sizeBytes, borrados: removed.length };
}

/** The process's one runner over the site's database (started by the server; not started in tests). */
export function siteJobRunner(): JobRunner {
  return singleton("site-job-runner", () => new JobRunner(siteDb, siteJobs(), { log }));
}
