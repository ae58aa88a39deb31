import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/accounts/session.server";
import { regenerateCalendarFeed } from "~/calendar/ical.server";
import { db } from "~/db.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Nothing to show here: the feed's address lives on the profile. */
export async function loader() {
  throw redirect("/profile", { status: 303 });
}

/**
 * POST /profile/calendario: creates the participant's private calendar address, or replaces it
 * ("regenerar") so that whoever had the old one no longer sees the participant's courses.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await regenerateCalendarFeed(db, user.id);
  return redirectWithToast("/profile#mi-calendario", {
    type: "success",
    title: "Dirección de calendario lista",
    description: "Copie la nueva dirección en su aplicación de calendario. La anterior, si existía, ya no funciona.",
  });
}
