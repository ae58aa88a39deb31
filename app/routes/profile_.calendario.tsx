import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { Outcome } from "~/actions/outcome";
import { noBody, participantAction } from "~/actions/pipeline.server";
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
export const action = (args: ActionFunctionArgs) =>
  participantAction({
    read: noBody,
    schema: z.object({}),
    step: async (ctx): Promise<Outcome> => {
      await regenerateCalendarFeed(db, ctx.participant.id);
      return { ok: true };
    },
    done: () =>
      redirectWithToast("/profile#mi-calendario", {
        type: "success",
        title: "Dirección de calendario lista",
        description: "Copie la nueva dirección en su aplicación de calendario. La anterior, si existía, ya no funciona.",
      }),
  })(args);
