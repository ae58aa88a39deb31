import type { LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { db } from "~/db.server";
import { privateFileResponse } from "~/files/serve-file.server";
import { getDonationFile, recordDonationFileView } from "~/finance/donations-admin.server";
import { DONATION_FILE_KINDS, type DonationFileKind } from "~/finance/finance-labels";
import { idParam, requireStaffForResource } from "~/staff/teaching/route-helpers.server";
import { staffContextOf } from "~/actions/pipeline.server";

/** A donor's files: finance (and admin). */
export const staffAccess = staffAccessOf("routes/admin.donativos.$donationId.archivos.$kind");

/**
 * A donation's letter of intent (`carta`) or constancia de situación fiscal (`constancia`): private
 * files, served only here, to finance, only for the donation in the address; every view audited.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaffForResource(request, staffAccess);
  const donationId = idParam(params.donationId);
  const kind = params.kind;
  if (!(DONATION_FILE_KINDS as readonly string[]).includes(kind ?? "")) throw new Response("No encontrado", { status: 404 });
  const file = await getDonationFile(db, donationId, kind as DonationFileKind);
  if (!file) throw new Response("No encontrado", { status: 404 });
  await recordDonationFileView(db, staffContextOf(staff, context), donationId, kind as DonationFileKind);
  return privateFileResponse(request, file);
}
