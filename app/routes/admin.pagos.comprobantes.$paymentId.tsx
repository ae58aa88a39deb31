import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { db } from "~/db.server";
import { contentDisposition } from "~/files/serve-file.server";
import { getOfflineReceipt } from "~/staff/teaching/participants-admin.server";
import { idParam, requireStaffForResource } from "~/staff/teaching/route-helpers.server";

export const staffAccess = staffAccessOf("routes/admin.pagos.comprobantes.$paymentId");

/** The receipt of an off-line payment (a private file): inline, uncached, sandboxed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaffForResource(request, staffAccess);
  const receipt = await getOfflineReceipt(db, idParam(params.paymentId));
  if (!receipt) throw new Response("No encontrado", { status: 404 });
  return new Response(request.method === "HEAD" ? null : new Uint8Array(receipt.data), {
    headers: {
      "Content-Type": receipt.content_type,
      "Content-Length": String(receipt.byte_size),
      "Content-Disposition": contentDisposition(receipt.file_name, "inline"),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Referrer-Policy": "no-referrer",
    },
  });
}
