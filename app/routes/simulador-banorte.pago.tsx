import type { ActionFunctionArgs } from "@remix-run/node";
import { readConfig, resolvePaymentMode } from "~/config.server";
import { db } from "~/db.server";
import { answerSimulatedPayment } from "~/payments/simulator.server";

/** The simulated bank: decrypts Params as Banorte does and answers with an encrypted result. */
export async function action({ request }: ActionFunctionArgs) {
  if (resolvePaymentMode(readConfig()).provider !== "simulator") throw new Response("No encontrado", { status: 404 });
  let body: { Params?: unknown; card?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return Response.json({ ok: false, error: { errorCode: "AUT-10", message: "Authentication failed" } }, { status: 400 });
  }
  const answer = await answerSimulatedPayment(db, String(body.Params ?? ""), String(body.card ?? ""));
  if (answer.kind === "error") return Response.json({ ok: false, error: { errorCode: answer.errorCode, message: answer.message } });
  return Response.json({ ok: true, response: answer.response }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader() {
  throw new Response("No encontrado", { status: 404 });
}
