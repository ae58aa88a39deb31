import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { API_MESSAGES, apiMessage } from "~/api/http.server";
import { RETIRED_CALLS } from "~/api/retired-calls";

/**
 * Every /api/* path no other route answers: the retired calls get 410 with where that now lives,
 * anything else a JSON 404 (never the HTML page a browser gets).
 */
function answer(request: Request) {
  const path = new URL(request.url).pathname.replace(/\/+$/, "");
  const retired = RETIRED_CALLS[path];
  if (retired) return apiMessage(410, retired);
  return apiMessage(404, API_MESSAGES.notFound);
}

export const loader = ({ request }: LoaderFunctionArgs) => answer(request);
export const action = ({ request }: ActionFunctionArgs) => answer(request);
