import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarFileName, calendarResponse, courseCalendar } from "~/calendar/ical.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/**
 * One course and its sessions as iCalendar. Published as /cursos2025/{course_url}.ics: Remix
 * cannot match a parameter followed by a suffix, so server/app.ts rewrites that address to this
 * route (/cursos2025/{course_url}/calendario.ics), which also answers on its own.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.courseUrl ?? "";
  const body = await courseCalendar(db, slug, siteOrigin());
  if (body === null) {
    return new Response("No existe ese curso.\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return calendarResponse(request, body, calendarFileName(slug));
}
