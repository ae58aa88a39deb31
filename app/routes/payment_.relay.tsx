import type { ActionFunctionArgs } from "@remix-run/node";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { handleRelay, type RelayKind } from "~/payments/relay.server";
import { getPaymentProvider } from "~/payments/provider.server";
import { consumeAttempt } from "~/security/throttle.server";

const KINDS: readonly RelayKind[] = ["success", "error", "cancel", "closed"];
const MAX_BODY = 64 * 1024;

/**
 * The browser relays each lightbox callback here untouched (POST JSON), with the attempt's secret
 * token it was given when the payment started (course payments and donations alike; a donor is
 * anonymous, so no session is asked for). Only the server decides what it means; the answer says
 * only whether it changed anything.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Método no permitido" }, { status: 405 });
  const text = await request.text();
  if (text.length > MAX_BODY) return Response.json({ error: "Solicitud demasiado grande" }, { status: 413 });
  let body: { kind?: unknown; controlNumber?: unknown; token?: unknown; response?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
    if (typeof body !== "object" || body === null || Array.isArray(body)) throw new Error("not an object");
  } catch {
    return Response.json({ error: "Solicitud no válida" }, { status: 400 });
  }
  const kind = KINDS.includes(body.kind as RelayKind) ? (body.kind as RelayKind) : null;
  if (!kind || typeof body.token !== "string") return Response.json({ error: "Solicitud no válida" }, { status: 400 });
  // The relay needs no session any more, and every relay is appended to payment_events: a client
  // address that floods it is refused before anything is written.
  const clientAddress = typeof context.clientAddress === "string" ? context.clientAddress : "";
  const throttle = await consumeAttempt(db, { bucket: "payment-relay", key: clientAddress, limit: 120, windowMinutes: 10 });
  if (!throttle.allowed) {
    return Response.json(
      { error: "Demasiadas solicitudes. Espere unos minutos." },
      { status: 429, headers: { "Retry-After": String(throttle.retryAfterSeconds) } },
    );
  }
  const provider = await getPaymentProvider(db);
  const outcome = await handleRelay(
    db,
    provider,
    {
      kind,
      payload: body.response,
      controlNumber: body.controlNumber,
      relayToken: body.token,
      clientAddress: clientAddress || null,
    },
    { origin: siteOrigin() },
  );
  return Response.json({ applied: outcome.applied, status: outcome.applied ? outcome.status : null }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader() {
  return new Response(null, { status: 405 });
}
