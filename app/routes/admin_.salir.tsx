import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { noBody, publicAction } from "~/actions/pipeline.server";
import { staffAccessOf } from "~/staff/access-registry";
import { destroyStaffSession } from "~/staff/session.server";
import { redirectWithToast } from "~/utils/toast.server";

// Anyone may sign out: it only ends the session the request carries.
export const staffAccess = staffAccessOf("routes/admin_.salir");

/** Sign-out deletes the staff session row, then clears the cookie (a public action: no guard). */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    read: noBody,
    schema: z.object({}),
    step: async (_ctx, { args: { request } }) => ({ ok: true, cookie: await destroyStaffSession(request) }),
    done: ({ cookie }) =>
      redirectWithToast(
        "/admin/login",
        { type: "success", description: "Cerró su sesión del área del personal." },
        { headers: { "Set-Cookie": cookie } },
      ),
  })(args);

export async function loader() {
  return redirect("/admin/login");
}
