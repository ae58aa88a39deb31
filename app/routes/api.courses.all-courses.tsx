import type { LoaderFunctionArgs } from "@remix-run/node";
import { listApiCourses } from "~/api/catalogue-api.server";
import { API_MESSAGES, apiMessage, cacheableJson } from "~/api/http.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/**
 * GET /api/courses/all-courses: a bare JSON array (the old client reads the body as the list).
 * The ETag is a hash of the body itself, so it changes exactly when a course a client reads
 * changes, whatever else caches pages.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const courses = await listApiCourses(db, siteOrigin());
  return cacheableJson(request, JSON.stringify(courses));
}

export function action() {
  return apiMessage(405, API_MESSAGES.methodNotAllowed("GET"), { Allow: "GET, HEAD" });
}
