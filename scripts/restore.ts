// Restores a backup over the site's database: npm run db:restore -- FILE
// The site must be stopped. The file is decompressed and checked (integrity_check, migrations this
// version knows) before anything changes; the current database is kept aside.
import path from "node:path";
import { problemMessages } from "../app/actions/outcome";
import { restoreBackup } from "../app/backups/backups.server";
import { databasePath } from "../app/config.server";

const file = process.argv[2];
if (!file) {
  console.error("Indique el archivo del respaldo: npm run db:restore -- backups/himfg-2026-03-01T06-00-00-000Z.db.gz");
  process.exit(2);
}
const target = databasePath();
console.log(`Revisando ${path.resolve(file)} …`);
const outcome = await restoreBackup(path.resolve(file), target);
if (!outcome.ok) {
  console.error(`No se restauró: ${problemMessages(outcome).join(" ")}`);
  process.exit(1);
}
console.log(`Restaurado en ${target} (${outcome.migrations} migraciones en la copia).`);
if (outcome.previous) console.log(`La base de datos anterior quedó aparte en ${outcome.previous}.`);
console.log(
  [
    "Siguientes pasos:",
    "  1. Inicie el sitio (npm start o el servicio del contenedor); aplicará las migraciones que falten.",
    "  2. Revise /admin/sistema y algunas páginas públicas.",
    "  3. Cuando todo esté bien, puede borrar la copia anterior.",
  ].join("\n"),
);
