import type { ActionFunctionArgs } from "@remix-run/node";
import { consumeRegistration, registrationThrottleMessage } from "~/accounts/rate-limit.server";
import { apiFieldErrors, completeApiRegistration, prepareApiRegistration } from "~/api/create-user.server";
import { API_MESSAGES, apiJson, apiMessage, apiRefusal, readJsonObject, throttleApiWrite } from "~/api/http.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/**
 * POST /api/auth/create-user: the old client's registration. The route reads the JSON and maps
 * the outcome to HTTP; prepareApiRegistration and completeApiRegistration (createUserFromApi's two
 * halves) apply /register's rules through the same domain function, with /register's throttle
 * counted between them. It signs nobody in: the API sets no cookies.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMessage(405, API_MESSAGES.methodNotAllowed("POST"), { Allow: "POST" });
  const clientAddress = context.clientAddress ?? "unknown";
  const throttled = await throttleApiWrite(db, "api-create-user", clientAddress);
  if (throttled) return throttled;

  const body = await readJsonObject(request);
  if (!body.ok) return apiRefusal(body);

  const prepared = await prepareApiRegistration(db, body.value);
  if (!prepared.ok) return apiJson({ errors: apiFieldErrors(prepared.problem.fields) }, { status: prepared.status });
  // Same limit as /register, counted once the payload is valid (what creates an account).
  const throttle = await consumeRegistration(db, clientAddress);
  if (!throttle.allowed) {
    return apiMessage(429, registrationThrottleMessage(throttle.retryAfterSeconds), { "Retry-After": String(throttle.retryAfterSeconds) });
  }
  const outcome = await completeApiRegistration(db, prepared.registration, { origin: siteOrigin() });
  if (outcome.ok) return apiJson({ affectedRows: 1, student_id: outcome.participantId });
  return apiJson({ errors: apiFieldErrors(outcome.problem.fields) }, { status: outcome.status });
}

export function loader() {
  return apiMessage(405, API_MESSAGES.methodNotAllowed("POST"), { Allow: "POST" });
}
