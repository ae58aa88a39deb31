import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import type { StaffAccess } from "~/staff/staff";
import { requireStaffForResource, staffContextFor } from "~/staff/teaching/route-helpers.server";
import { openBackupDownload } from "~/system/system-actions.server";

/** A backup file of /admin/sistema, streamed (admin only; each download audited). */
export const staffAccess = ["admin"] as const satisfies StaffAccess;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const download = await openBackupDownload(db, staffContextFor(staff, context), params.archivo ?? "");
  if (!download) throw new Response("No existe ese respaldo.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(createReadableStreamFromReadable(download.stream), {
    headers: {
      "Content-Type": "application/gzip",
      "Content-Length": String(download.size),
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}
