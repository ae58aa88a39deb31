import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroyUserSession } from "~/accounts/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Sign-out ends the session on the server (the row is deleted), then clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  const cookie = await destroyUserSession(request);
  return redirectWithToast("/", { type: "success", description: "Cerró su sesión." }, { headers: { "Set-Cookie": cookie } });
}

export async function loader() {
  return redirect("/");
}
