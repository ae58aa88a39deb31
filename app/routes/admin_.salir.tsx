import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyStaffSession } from "~/staff/session.server";
import { PUBLIC_STAFF_ROUTE, type StaffAccess } from "~/staff/staff";
import { redirectWithToast } from "~/utils/toast.server";

// Anyone may sign out: it only ends the session the request carries.
export const staffAccess = PUBLIC_STAFF_ROUTE satisfies StaffAccess;

/** Sign-out deletes the staff session row, then clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const cookie = await destroyStaffSession(request);
  return redirectWithToast(
    "/admin/login",
    { type: "success", description: "Cerró su sesión del área del personal." },
    { headers: { "Set-Cookie": cookie } },
  );
}

export async function loader() {
  return redirect("/admin/login");
}
