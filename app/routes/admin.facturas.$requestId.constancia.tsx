import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { db } from "~/db.server";
import { privateFileResponse } from "~/files/serve-file.server";
import { getInvoiceConstancia, recordInvoiceConstanciaView } from "~/finance/invoices-admin.server";
import { idParam, requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { staffContextOf } from "~/actions/pipeline.server";

/** Invoice requests' files: finance (and admin). */
export const staffAccess = staffAccessOf("routes/admin.facturas.$requestId.constancia");

/** The constancia de situación fiscal sent with an invoice request (enrolment or donation): private, audited. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const requestId = idParam(params.requestId);
  const file = await getInvoiceConstancia(db, requestId);
  if (!file) throw new Response("No encontrado", { status: 404 });
  await recordInvoiceConstanciaView(db, staffContextOf(staff, context), requestId);
  return privateFileResponse(request, file);
}
