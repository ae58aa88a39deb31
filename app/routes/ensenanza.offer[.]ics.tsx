import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarResponse, offerCalendar } from "~/calendar/ical.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/** /ensenanza/offer.ics: every course with enrolment open, for any calendar application. */
export async function loader({ request }: LoaderFunctionArgs) {
  return calendarResponse(request, await offerCalendar(db, siteOrigin()), "oferta-academica-himfg.ics");
}
