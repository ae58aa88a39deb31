import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { contentDisposition } from "~/files/serve-file.server";
import { donationExportRows, donationsCsv, donationsXlsx, parseDonationFilters, recordDonationsExport } from "~/finance/donations-admin.server";
import type { StaffAccess } from "~/staff/staff";
import { requireStaffForResource, staffContextFor } from "~/staff/teaching/route-helpers.server";
import { mexicoCityStamp } from "~/utils/mexico-city";

/** Donations export: finance (and admin). */
export const staffAccess = ["finanzas"] as const satisfies StaffAccess;

/** The filtered donations list (the same filters as /admin/donativos, every page) as CSV (UTF-8 with BOM) or XLSX; audited. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const params = new URL(request.url).searchParams;
  const format = params.get("formato");
  if (format !== "csv" && format !== "xlsx") {
    throw new Response("Elija el formato: csv o xlsx.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const filters = parseDonationFilters(params);
  const rows = await donationExportRows(db, filters);
  await recordDonationsExport(db, staffContextFor(staff, context), format, filters, rows.length);
  const body = format === "csv" ? donationsCsv(rows) : await donationsXlsx(rows);
  const name = `donativos-${mexicoCityStamp(new Date().toISOString()).slice(0, 10)}.${format}`;
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": contentDisposition(name, "attachment"),
      "Content-Length": String(body.byteLength),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
