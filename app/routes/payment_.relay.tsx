import type { ActionFunctionArgs } from "@remix-run/node";
import { getSessionUser } from "~/accounts/session.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { handleRelay, type RelayKind } from "~/payments/relay.server";
import { getPaymentProvider } from "~/payments/provider.server";

const KINDS: readonly RelayKind[] = ["success", "error", "cancel", "closed"];
const MAX_BODY = 64 * 1024;

/**
 * The browser relays each lightbox callback here untouched (POST JSON). Only the server decides
 * what it means; the answer says only whether it changed anything.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return Response.json({ error: "Método no permitido" }, { status: 405 });
  const user = await getSessionUser(request);
  if (!user) return Response.json({ error: "Inicie sesión" }, { status: 401 });
  const text = await request.text();
  if (text.length > MAX_BODY) return Response.json({ error: "Solicitud demasiado grande" }, { status: 413 });
  let body: { kind?: unknown; controlNumber?: unknown; response?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return Response.json({ error: "Solicitud no válida" }, { status: 400 });
  }
  const kind = KINDS.includes(body.kind as RelayKind) ? (body.kind as RelayKind) : null;
  if (!kind) return Response.json({ error: "Solicitud no válida" }, { status: 400 });
  const provider = await getPaymentProvider(db);
  const outcome = await handleRelay(
    db,
    provider,
    {
      kind,
      payload: body.response,
      controlNumber: body.controlNumber,
      participantId: user.id,
      clientAddress: typeof context.clientAddress === "string" ? context.clientAddress : null,
    },
    { origin: siteOrigin() },
  );
  return Response.json({ applied: outcome.applied, status: outcome.applied ? outcome.status : null }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader() {
  return new Response(null, { status: 405 });
}
