// Imports Banorte's transaction report (CSV or XLSX) and reconciles card payments against it, with
// the same code as the staff screen /admin/conciliacion:
//   npm run payments:reconcile -- <reporte.csv|reporte.xlsx> [--actor "Nombre"] [--columna importe=Monto ...]
// The accepted columns are documented in app/payments/reconcile.server.ts and decision 0013.
// The import is audited without a staff actor (the command line), with the actor's name in the
// audit row; the same file applied twice changes nothing the second time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readConfig } from "../app/config.server";
import { db, migrateToLatest } from "../app/db.server";
import { REPORT_COLUMNS, reconcileReportFile, type ReportColumn, type ReportColumnNames } from "../app/payments/reconcile.server";

const USAGE = 'Uso: npm run payments:reconcile -- <reporte.csv|reporte.xlsx> [--actor "Nombre"] [--columna importe="Monto total" ...]';
const args = process.argv.slice(2);
let actor = `cli:${os.userInfo().username}`;
const columns: ReportColumnNames = {};
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === "--actor") {
    actor = args[++i] ?? "";
  } else if (arg === "--columna") {
    const [column, ...rest] = (args[++i] ?? "").split("=");
    if (!REPORT_COLUMNS.includes(column as ReportColumn) || rest.length === 0) {
      console.error(`--columna espera <columna>=<encabezado del banco>; columnas: ${REPORT_COLUMNS.join(", ")}.`);
      process.exit(2);
    }
    columns[column as ReportColumn] = rest.join("=");
  } else {
    files.push(arg);
  }
}
const file = files[0];
if (!file || !actor || files.length > 1) {
  console.error(USAGE);
  process.exit(2);
}
let bytes: Buffer;
try {
  bytes = fs.readFileSync(file);
} catch (error) {
  console.error(`No se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
await migrateToLatest(db);
const outcome = await reconcileReportFile(db, bytes, path.basename(file), { cli: actor }, { origin: readConfig().PUBLIC_URL ?? null, columns });
await db.destroy();
if (!outcome.ok) {
  console.error("El reporte no se importó (no se cambió nada):");
  for (const error of outcome.problem.form) console.error(`  - ${error}`);
  process.exit(1);
}
if (outcome.alreadyApplied) {
  console.log(`Este reporte ya se aplicó (${outcome.appliedAt}${outcome.appliedBy ? `, ${outcome.appliedBy}` : ""}): no se cambió nada.`);
  process.exit(0);
}
const plan = outcome.plan;
const line = (label: string, items: { controlNumber: string; reason: string }[], details = true) => {
  console.log(`${label}: ${items.length}`);
  if (details) for (const item of items) console.log(`  - ${item.controlNumber}: ${item.reason}`);
};
console.log(`Filas leídas: ${plan.rows} (del ${plan.period.from} al ${plan.period.to}); cambios aplicados: ${outcome.changed}`);
line("Coinciden (confirmados o conciliados)", plan.matched);
line("Con otro importe u otros datos", plan.mismatched);
line("Nuestros y ausentes del reporte", plan.missingFromBank);
line("Declinados o rechazados por el banco", plan.declined);
line("Sin respuesta del banco resueltos sin cargo", plan.settledWithoutCharge);
line("Números de control desconocidos", plan.unknown);
console.log(`Filas sin cambios (ya resueltas): ${plan.unchanged}`);
const discrepancies = plan.mismatched.length + plan.missingFromBank.length + plan.declined.filter((item) => item.action !== "none").length;
process.exit(discrepancies > 0 ? 3 : 0);
