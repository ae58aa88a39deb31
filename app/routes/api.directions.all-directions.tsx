import type { LoaderFunctionArgs } from "@remix-run/node";
import { listApiDirectionPages } from "~/api/directions-api.server";
import { API_MESSAGES, apiMessage, cacheableJson } from "~/api/http.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/** GET /api/directions/all-directions: the published department pages, read-only (a bare array). */
export async function loader({ request }: LoaderFunctionArgs) {
  const pages = await listApiDirectionPages(db, siteOrigin());
  return cacheableJson(request, JSON.stringify(pages));
}

export function action() {
  return apiMessage(405, API_MESSAGES.methodNotAllowed("GET"), { Allow: "GET, HEAD" });
}
