import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { db } from "~/db.server";
import { LEDGER_EXPORT_COLUMNS, ledgerExportBatches, parseLedgerFilters, recordLedgerExport } from "~/finance/ledger.server";
import { openReadSnapshot } from "~/staff/read-snapshot.server";
import { requestedSpreadsheetFormat, spreadsheetResponse, spreadsheetStream } from "~/staff/spreadsheet.server";
import { requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { staffContextOf } from "~/actions/pipeline.server";

/** Ledger export: finance (and admin). */
export const staffAccess = staffAccessOf("routes/admin.pagos.exportar");

/**
 * The filtered ledger (the same filters as /admin/pagos, every page) as CSV (UTF-8 with BOM) or
 * XLSX, streamed from one read snapshot (decision 0040); audited when it ends.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const format = requestedSpreadsheetFormat(request);
  const { filters } = parseLedgerFilters(new URL(request.url).searchParams);
  const snapshot = await openReadSnapshot();
  const body = spreadsheetStream(format, LEDGER_EXPORT_COLUMNS, ledgerExportBatches(snapshot.db, filters), {
    drained: context.responseDrained,
    // The audit row, once the file is out: how many rows left (all of them, or as many as were
    // written before the download stopped).
    onEnd: async (rows) => {
      try {
        await recordLedgerExport(db, staffContextOf(staff, context), format, filters, rows);
      } finally {
        await snapshot.close();
      }
    },
  });
  return spreadsheetResponse(body, format, `pagos-${filters.from}-a-${filters.to}.${format}`);
}
