import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireStaff, STAFF_HOME_PATH } from "~/staff/guard.server";
import { ANY_STAFF, type StaffAccess } from "~/staff/staff";

export const staffAccess = ANY_STAFF satisfies StaffAccess;

/** /admin itself: the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return redirect(STAFF_HOME_PATH, { status: 303 });
}
