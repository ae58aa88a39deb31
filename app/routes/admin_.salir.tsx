import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { staffAccessOf } from "~/staff/access-registry";
import { destroyStaffSession } from "~/staff/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// Anyone may sign out: it only ends the session the request carries.
export const staffAccess = staffAccessOf("routes/admin_.salir");

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
