import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarResponse, participantCalendar } from "~/calendar/ical.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/**
 * A participant's own enrolments as a private feed that calendar applications subscribe to
 * (they send no cookies, so the unguessable address is the key; the profile can replace it).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const body = await participantCalendar(db, params.token ?? "", siteOrigin());
  if (body === null) {
    return new Response("Este calendario no existe o se regeneró. Copie la dirección nueva desde su perfil.\n", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "X-Robots-Tag": "noindex" },
    });
  }
  return calendarResponse(request, body, "mis-cursos-himfg.ics", { private: true });
}
