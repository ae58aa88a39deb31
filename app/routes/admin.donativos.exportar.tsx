import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { donationExportRows, donationsCsv, donationsXlsx, parseDonationFilters, recordDonationsExport } from "~/finance/donations-admin.server";
import { requestedSpreadsheetFormat, spreadsheetResponse } from "~/staff/spreadsheet.server";
import type { StaffAccess } from "~/staff/staff";
import { requireStaffForResource, staffContextFor } from "~/staff/teaching/route-helpers.server";
import { mexicoCityStamp } from "~/utils/mexico-city";

/** Donations export: finance (and admin). */
export const staffAccess = ["finanzas"] as const satisfies StaffAccess;

/** The filtered donations list (the same filters as /admin/donativos, every page) as CSV (UTF-8 with BOM) or XLSX; audited. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const format = requestedSpreadsheetFormat(request);
  const filters = parseDonationFilters(new URL(request.url).searchParams);
  const rows = await donationExportRows(db, filters);
  await recordDonationsExport(db, staffContextFor(staff, context), format, filters, rows.length);
  const body = format === "csv" ? donationsCsv(rows) : await donationsXlsx(rows);
  return spreadsheetResponse(body, format, `donativos-${mexicoCityStamp(new Date().toISOString()).slice(0, 10)}.${format}`);
}
