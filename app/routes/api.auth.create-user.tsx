import type { ActionFunctionArgs } from "@remix-run/node";
import { createUserFromApi } from "~/api/create-user.server";
import { API_MESSAGES, apiJson, apiMessage, readJsonObject, throttleApiWrite } from "~/api/http.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/**
 * POST /api/auth/create-user: the old client's registration. The route reads the JSON and maps
 * the outcome to HTTP; createUserFromApi applies /register's rules through the same domain
 * function. It signs nobody in: the API sets no cookies.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMessage(405, API_MESSAGES.methodNotAllowed("POST"), { Allow: "POST" });
  const clientAddress = context.clientAddress ?? "unknown";
  const throttled = await throttleApiWrite(db, "api-create-user", clientAddress);
  if (throttled) return throttled;

  const body = await readJsonObject(request);
  if (!body.ok) return body.response;

  const outcome = await createUserFromApi(db, body.value, { clientAddress, origin: siteOrigin() });
  if (outcome.ok) return apiJson({ affectedRows: 1, student_id: outcome.participantId });
  if (outcome.status === 429) return apiMessage(429, outcome.message, { "Retry-After": String(outcome.retryAfterSeconds) });
  return apiJson({ errors: outcome.errors }, { status: 400 });
}

export function loader() {
  return apiMessage(405, API_MESSAGES.methodNotAllowed("POST"), { Allow: "POST" });
}
