import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { db } from "~/db.server";
import { DONATION_EXPORT_COLUMNS, donationExportBatches, parseDonationFilters, recordDonationsExport } from "~/finance/donations-admin.server";
import { openReadSnapshot } from "~/staff/read-snapshot.server";
import { requestedSpreadsheetFormat, spreadsheetResponse, spreadsheetStream } from "~/staff/spreadsheet.server";
import { requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { staffContextOf } from "~/actions/pipeline.server";
import { mexicoCityStamp } from "~/utils/mexico-city";

/** Donations export: finance (and admin). */
export const staffAccess = staffAccessOf("routes/admin.donativos.exportar");

/**
 * The filtered donations list (the same filters as /admin/donativos, every page) as CSV (UTF-8
 * with BOM) or XLSX, streamed from one read snapshot (decision 0040); audited when it ends.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const format = requestedSpreadsheetFormat(request);
  const filters = parseDonationFilters(new URL(request.url).searchParams);
  const snapshot = await openReadSnapshot();
  const body = spreadsheetStream(format, DONATION_EXPORT_COLUMNS, donationExportBatches(snapshot.db, filters), {
    drained: context.responseDrained,
    // The audit row, once the file is out: how many rows left (all of them, or as many as were
    // written before the download stopped).
    onEnd: async (rows) => {
      try {
        await recordDonationsExport(db, staffContextOf(staff, context), format, filters, rows);
      } finally {
        await snapshot.close();
      }
    },
  });
  return spreadsheetResponse(body, format, `donativos-${mexicoCityStamp(new Date().toISOString()).slice(0, 10)}.${format}`);
}
