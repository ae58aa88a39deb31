import { createReadableStreamFromReadable, type LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { db } from "~/db.server";
import { requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { staffContextOf } from "~/actions/pipeline.server";
import { openBackupDownload } from "~/system/system-actions.server";

/** A backup file of /admin/sistema, streamed (admin only; each download audited). */
export const staffAccess = staffAccessOf("routes/admin.sistema.respaldos.$archivo");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const download = await openBackupDownload(db, staffContextOf(staff, context), params.archivo ?? "");
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
