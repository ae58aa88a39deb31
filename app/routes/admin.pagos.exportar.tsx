import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { ledgerCsv, ledgerExportLines, ledgerXlsx, parseLedgerFilters, recordLedgerExport } from "~/finance/ledger.server";
import { requestedSpreadsheetFormat, spreadsheetResponse } from "~/staff/spreadsheet.server";
import type { StaffAccess } from "~/staff/staff";
import { requireStaffForResource, staffContextFor } from "~/staff/teaching/route-helpers.server";

/** Ledger export: finance (and admin). */
export const staffAccess = ["finanzas"] as const satisfies StaffAccess;

/** The filtered ledger (the same filters as /admin/pagos, every page) as CSV (UTF-8 with BOM) or XLSX; audited. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const format = requestedSpreadsheetFormat(request);
  const { filters } = parseLedgerFilters(new URL(request.url).searchParams);
  const lines = await ledgerExportLines(db, filters);
  await recordLedgerExport(db, staffContextFor(staff, context), format, filters, lines.length);
  const body = format === "csv" ? ledgerCsv(lines) : await ledgerXlsx(lines);
  return spreadsheetResponse(body, format, `pagos-${filters.from}-a-${filters.to}.${format}`);
}
