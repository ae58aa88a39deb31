import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff, STAFF_HOME_PATH } from "~/staff/guard.server";

export const staffAccess = staffAccessOf("routes/admin._index");

/** /admin itself: the dashboard. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return redirect(STAFF_HOME_PATH, { status: 303 });
}
