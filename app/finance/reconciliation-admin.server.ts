import { notFound, refuse, type Outcome } from "~/actions/outcome";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { getStoredFile, storeFile } from "~/files/files.server";
import { COLUMN_FIELDS } from "./reconciliation-fields";
import {
  applyReconciliation,
  COLUMN_NAME_MAX,
  findAppliedReport,
  looksLikeCsv,
  looksLikeXlsx,
  MAX_REPORT_BYTES,
  planReconciliation,
  readBanorteReport,
  REPORT_COLUMNS,
  reportSha256,
  type ReconciliationPlan,
  type ReportColumn,
  type ReportColumnNames,
} from "~/payments/reconcile.server";
import { audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { cleanText } from "~/utils/text";
import { fileLimits } from "~/files/file-limits";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

/**
 * /admin/conciliacion's two steps (issue 19). «Revisar reporte» reads the uploaded report and, when
 * every row is readable, keeps it as a private stored file (audited with its SHA-256 and the column
 * names given) and shows the preview; «Aplicar conciliación» names that stored report (its random id
 * and its SHA-256, hidden fields) and the server reads the file again: rows never travel back from
 * the browser. The same report (by SHA-256) is applied once.
 */

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const REPORT_MESSAGES = {
  missing: `Elija el reporte del banco: ${fileLimits(["CSV", "XLSX"], 5)}.`,
  tooLarge: "El reporte pesa más de 5 MB. Exporte un periodo más corto.",
  wrongType: "El reporte no es un CSV ni un XLSX. Exporte el reporte de Banorte en uno de esos formatos.",
  empty: "El reporte está vacío. Elija otro archivo.",
} as const;

export const REPORT_RULE: FileRule = {
  maxBytes: MAX_REPORT_BYTES,
  detect: (bytes) =>
    looksLikeXlsx(bytes) ? { contentType: XLSX_TYPE, extension: "xlsx" } : looksLikeCsv(bytes) ? { contentType: "text/csv", extension: "csv" } : null,
  messages: REPORT_MESSAGES,
  fallbackName: "reporte",
};

const columnName = cleanText({
  required: "Escriba el nombre de la columna o deje el campo vacío.",
  max: COLUMN_NAME_MAX,
  tooLong: `Escriba el nombre de la columna en ${COLUMN_NAME_MAX} caracteres como máximo.`,
}).optional();

export const reportColumnsSchema = z.object(
  Object.fromEntries(COLUMN_FIELDS.map(({ field }) => [field, columnName])) as Record<`columna_${ReportColumn}`, typeof columnName>,
);

export function columnNamesFrom(values: Partial<Record<`columna_${ReportColumn}`, string | undefined>>): ReportColumnNames {
  const names: ReportColumnNames = {};
  for (const { column, field } of COLUMN_FIELDS) if (values[field]) names[column] = values[field];
  return names;
}

const UPLOAD_ACTION = "pago.conciliacion.revisar";
const UPLOAD_ENTITY = "payment_report_upload";

export type ReviewOutcome = Outcome<{ reportId: string }>;

/**
 * «Revisar reporte»: a report with any unreadable row is refused with every bad row and nothing
 * is stored; a readable one is kept (private) with an audit row naming its SHA-256 and columns.
 */
export async function reviewReport(db: Kysely<DB>, staff: StaffContext, file: CheckedFile, columns: ReportColumnNames): Promise<ReviewOutcome> {
  const reading = await readBanorteReport(file.data, file.fileName, columns);
  if (!reading.ok) return refuse(400, { form: reading.problem.form });
  const sha256 = reportSha256(file.data);
  const reportId = await db.transaction().execute(async (trx) => {
    const id = await storeFile(trx, { fileName: file.fileName, contentType: file.contentType, data: file.data }, "private");
    await audit(trx, staff, {
      action: UPLOAD_ACTION,
      entity: UPLOAD_ENTITY,
      entityId: id,
      after: { file_name: file.fileName, sha256, rows: reading.rows.length, columns },
    });
    return id;
  });
  return { ok: true, reportId };
}

interface StoredReport {
  reportId: string;
  fileName: string;
  sha256: string;
  uploadedAt: string;
  columns: ReportColumnNames;
  data: Buffer;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A report kept by «Revisar reporte» (never any other stored file), checked against its recorded SHA-256. */
async function loadStoredReport(db: Kysely<DB>, reportId: string): Promise<StoredReport | null> {
  if (!UUID.test(reportId)) return null;
  const upload = await db
    .selectFrom("audit_log")
    .select(["after_json", "created_at"])
    .where("entity", "=", UPLOAD_ENTITY)
    .where("entity_id", "=", reportId)
    .where("action", "=", UPLOAD_ACTION)
    .executeTakeFirst();
  if (!upload?.after_json) return null;
  const file = await getStoredFile(db, reportId);
  if (!file) return null;
  const recorded = JSON.parse(upload.after_json) as { sha256?: string; columns?: ReportColumnNames };
  const sha256 = reportSha256(file.data);
  if (recorded.sha256 !== sha256 || file.sha256 !== sha256) return null;
  const columns: ReportColumnNames = {};
  for (const column of REPORT_COLUMNS) {
    const name = recorded.columns?.[column];
    if (typeof name === "string") columns[column] = name;
  }
  return { reportId, fileName: file.file_name, sha256, uploadedAt: upload.created_at, columns, data: file.data };
}

export type ReportPreview =
  | { found: false }
  | {
      found: true;
      reportId: string;
      fileName: string;
      sha256: string;
      uploadedAt: string;
      applied: { appliedAt: string; appliedBy: string | null } | null;
      plan: ReconciliationPlan | null;
      errors: string[];
    };

/** The preview of a stored report: what applying it would change now (nothing is written), or when it was applied. */
export async function previewStoredReport(db: Kysely<DB>, reportId: string): Promise<ReportPreview> {
  const report = await loadStoredReport(db, reportId);
  if (!report) return { found: false };
  const base = { found: true as const, reportId, fileName: report.fileName, sha256: report.sha256, uploadedAt: report.uploadedAt };
  const applied = await findAppliedReport(db, report.sha256);
  if (applied) return { ...base, applied, plan: null, errors: [] };
  const reading = await readBanorteReport(report.data, report.fileName, report.columns);
  if (!reading.ok) return { ...base, applied: null, plan: null, errors: reading.problem.form };
  return { ...base, applied: null, plan: await planReconciliation(db, reading.rows), errors: [] };
}

export type ApplyStoredOutcome = Outcome<{ reportId: string; changed: number; plan: ReconciliationPlan }>;

export const appliedMessage = (applied: { appliedAt: string; appliedBy: string | null }) =>
  `Este reporte ya se aplicó (${new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: MEXICO_CITY_TIME_ZONE }).format(new Date(applied.appliedAt))}${applied.appliedBy ? `, ${applied.appliedBy}` : ""}): no se cambió nada.`;

/** «Aplicar conciliación»: the stored report named by its id and SHA-256, read again on the server. */
export async function applyStoredReport(
  db: Kysely<DB>,
  staff: StaffContext,
  input: { reportId: string; sha256: string },
  options: { origin: string },
): Promise<ApplyStoredOutcome> {
  const report = await loadStoredReport(db, input.reportId);
  if (!report || report.sha256 !== input.sha256.toLowerCase()) {
    return notFound("No encontramos ese reporte. Súbalo de nuevo con «Revisar reporte».");
  }
  const reading = await readBanorteReport(report.data, report.fileName, report.columns);
  if (!reading.ok) return refuse(400, { form: reading.problem.form });
  const outcome = await applyReconciliation(db, reading.rows, staff, {
    origin: options.origin,
    report: { fileName: report.fileName, sha256: report.sha256, fileId: report.reportId },
  });
  if (outcome.alreadyApplied) return refuse(409, appliedMessage(outcome));
  return { ok: true, reportId: report.reportId, changed: outcome.changed, plan: outcome.plan };
}
