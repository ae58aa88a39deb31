// Imports Banorte's transaction report and reconciles card payments against it (until the staff
// area has a screen for it): npm run payments:reconcile -- <report.csv> [--actor "Nombre"]
// The accepted columns are documented in app/payments/reconcile.server.ts and decision 0013.
import fs from "node:fs";
import os from "node:os";
import { readConfig } from "../app/config.server";
import { db, migrateToLatest } from "../app/db.server";
import { reconcileBanorteReport } from "../app/payments/reconcile.server";

const args = process.argv.slice(2);
const actorIndex = args.indexOf("--actor");
const actor = actorIndex >= 0 ? args.splice(actorIndex, 2)[1] : `cli:${os.userInfo().username}`;
const file = args[0];
if (!file || !actor) {
  console.error('Uso: npm run payments:reconcile -- <reporte.csv> [--actor "Nombre"]');
  process.exit(2);
}
let text: string;
try {
  text = fs.readFileSync(file, "utf8");
} catch (error) {
  console.error(`No se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
await migrateToLatest(db);
const outcome = await reconcileBanorteReport(db, text, actor, { origin: readConfig().PUBLIC_URL ?? null });
await db.destroy();
if (!outcome.ok) {
  console.error("El reporte no se importó (no se cambió nada):");
  for (const error of outcome.errors) console.error(`  - ${error}`);
  process.exit(1);
}
const s = outcome.summary;
console.log(`Filas leídas: ${s.rows}${s.period ? ` (del ${s.period.from} al ${s.period.to})` : ""}`);
console.log(`Conciliados: ${s.conciliated.length}${s.conciliated.length ? ` — ${s.conciliated.join(", ")}` : ""}`);
console.log(`Discrepancias (inscripción suspendida, participante avisado): ${s.discrepancies.length}`);
for (const d of s.discrepancies) console.log(`  - ${d.controlNumber}: ${d.reason}`);
console.log(`Pagos aprobados que no teníamos registrados: ${s.recovered.length}`);
for (const r of s.recovered)
  console.log(`  - ${r.controlNumber}${r.refundReason ? ` — REEMBOLSAR: ${r.refundReason}` : " — inscripción confirmada"}`);
console.log(`Sin respuesta del banco resueltos sin cargo: ${s.settledWithoutCharge.length}`);
console.log(`Pendientes fuera del periodo del reporte: ${s.notInReport.length}`);
console.log(`Filas con números de control desconocidos: ${s.unknownRows.length}${s.unknownRows.length ? ` — ${s.unknownRows.join(", ")}` : ""}`);
process.exit(s.discrepancies.length > 0 ? 3 : 0);
