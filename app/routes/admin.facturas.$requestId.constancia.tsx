import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { privateFileResponse } from "~/files/serve-file.server";
import { getInvoiceConstancia, recordInvoiceConstanciaView } from "~/finance/invoices-admin.server";
import type { StaffAccess } from "~/staff/staff";
import { idParam, requireStaffForResource, staffContextFor } from "~/staff/teaching/route-helpers.server";

/** Invoice requests' files: finance (and admin). */
export const staffAccess = ["finanzas"] as const satisfies StaffAccess;

/** The constancia de situación fiscal sent with an invoice request (enrolment or donation): private, audited. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const requestId = idParam(params.requestId);
  const file = await getInvoiceConstancia(db, requestId);
  if (!file) throw new Response("No encontrado", { status: 404 });
  await recordInvoiceConstanciaView(db, staffContextFor(staff, context), requestId);
  return privateFileResponse(request, file);
}
