import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { destroyUserSession } from "~/accounts/session.server";
import { noBody, publicAction } from "~/actions/pipeline.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Sign-out ends the session on the server (the row is deleted), then clears the cookie. */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    read: noBody,
    schema: z.object({}),
    step: async (_ctx, { args: { request } }) => ({ ok: true, cookie: await destroyUserSession(request) }),
    done: ({ cookie }) => redirectWithToast("/", { type: "success", description: "Cerró su sesión." }, { headers: { "Set-Cookie": cookie } }),
  })(args);

export async function loader() {
  return redirect("/");
}
