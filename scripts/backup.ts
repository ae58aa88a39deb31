// Online backup of the SQLite file (safe while the site runs), the same code as the job runner's:
// checked with integrity_check, gzip-compressed into BACKUP_DIR (default: backups/ beside the
// database), recorded, and the retention rule applied. npm run db:backup
import { takeBackup, applyRetention } from "../app/backups/backups.server";
import { backupDirectory, databasePath, readConfig } from "../app/config.server";
import { openDatabase } from "../app/db.server";

const config = readConfig();
const directory = backupDirectory(config);
// Where a copy goes is BACKUP_DIR's to say: a path given here would otherwise be silently ignored.
if (process.argv.length > 2) {
  console.error(
    `Este comando no recibe argumentos (recibió: ${process.argv.slice(2).join(" ")}). La copia se guarda en ${directory}; para otra carpeta, defina BACKUP_DIR.`,
  );
  process.exit(2);
}
const db = openDatabase(databasePath());
try {
  const backup = await takeBackup({ source: databasePath(), directory, origin: "consola", db });
  if (!backup.ok) {
    console.error(`La copia no pasó la revisión de integridad y no se guardó: ${backup.integrity}`);
    process.exitCode = 1;
  } else {
    const removed = await applyRetention(
      directory,
      { recent: config.BACKUP_KEEP_RECENT, daily: config.BACKUP_KEEP_DAILY, monthly: config.BACKUP_KEEP_MONTHLY },
      db,
    );
    console.log(`Respaldo guardado y revisado: ${backup.file} (${backup.sizeBytes} bytes).`);
    if (removed.length > 0) console.log(`Respaldos antiguos borrados por la regla de conservación: ${removed.join(", ")}`);
  }
} finally {
  await db.destroy();
}
