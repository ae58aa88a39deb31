import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { formatDonationDate } from "~/donations/donation-format";
import { donationTokenFrom } from "~/donations/donation-cookie.server";
import { getDonationResult } from "~/donations/donations.server";
import { getSettings } from "~/settings/settings.server";
import paymentStyles from "~/styles/payment.css";
import { pageMeta, rootOrigin } from "~/utils/seo";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const value = loaderHeaders.get("Cache-Control");
  if (value) headers.set("Cache-Control", value);
  return headers;
};

export const meta: MetaFunction = ({ matches, params }) =>
  pageMeta({
    title: "Resultado del donativo",
    description: "El resultado de su donativo con tarjeta.",
    path: `/donacion/resultado/${params.controlNumber ?? ""}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

/** Only the browser that started the donation (it holds the token cookie) sees its result. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const result = await getDonationResult(db, String(params.controlNumber ?? ""), await donationTokenFrom(request));
  // Someone else's folio looks exactly like one that does not exist.
  if (!result) throw new Response("No encontrado", { status: 404 });
  const { phone, email } = await getSettings(db);
  return data(
    {
      result: {
        ...result,
        date: formatDonationDate(result.approvedAt ?? result.createdAt),
        amount: `${formatMoney(result.amountCentavos)} MXN`,
      },
      contact: { phone, email },
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type Outcome = { title: string; lead?: string; tone: "success" | "error" | "info"; body: string };

function describe(attemptStatus: string): Outcome {
  switch (attemptStatus) {
    case "approved":
      return {
        title: "Su donación ha sido procesada con éxito",
        lead: "Gracias por su apoyo",
        tone: "success",
        body: "Le enviamos su recibo por correo electrónico. El recibo no es un comprobante fiscal (CFDI).",
      };
    case "declined":
    case "rejected":
      return {
        title: "Pago rechazado",
        tone: "error",
        body: "El banco rechazó el pago de su donativo. No se hizo ningún cargo. Puede intentarlo con otra tarjeta o donar por transferencia bancaria.",
      };
    case "cancelled":
    case "closed":
    case "error":
      return { title: "Operación cancelada", tone: "info", body: "El pago de su donativo se canceló. No se hizo ningún cargo." };
    case "no_answer":
      return {
        title: "Sin respuesta del banco",
        tone: "error",
        body: "El banco no respondió a tiempo, así que no sabemos si se hizo el cargo. No intente donar de nuevo con esta tarjeta por ahora: en cuanto el banco lo confirme le escribiremos.",
      };
    case "pending":
      return {
        title: "Pago en proceso",
        tone: "info",
        body: "Aún no recibimos la respuesta del banco. Vuelva a cargar esta página en unos momentos.",
      };
    default:
      return { title: "El pago no se completó", tone: "error", body: "El pago de su donativo no se completó y no se hizo ningún cargo." };
  }
}

export default function DonationResult() {
  const { result, contact } = useLoaderData<typeof loader>();
  const outcome = describe(result.attemptStatus);
  const approved = result.attemptStatus === "approved";
  return (
    <div className="container page payment">
      {result.mode !== "PRD" ? (
        <p className="payment-test-banner" role="note">
          <strong>Modo de prueba.</strong> Este pago fue simulado: no se cobró ninguna tarjeta.
        </p>
      ) : null}
      <h1>{outcome.title}</h1>
      <div className={`payment-outcome payment-outcome--${outcome.tone}`}>
        {outcome.lead ? (
          <p>
            <strong>{outcome.lead}</strong>
          </p>
        ) : null}
        <p>{outcome.body}</p>
      </div>
      <dl className="payment__facts">
        <dt>Folio</dt>
        <dd>{result.controlNumber}</dd>
        <dt>Monto</dt>
        <dd>{result.amount}</dd>
        <dt>{approved ? "Fecha" : "Fecha de inicio"}</dt>
        <dd>{result.date}</dd>
      </dl>
      {result.refundReason ? (
        <p className="payment__refund" role="note">
          <strong>Reembolso pendiente.</strong> {result.refundReason}
        </p>
      ) : null}
      <p>
        Si tiene dudas, comuníquese al {contact.phone} o a <a href={`mailto:${contact.email}`}>{contact.email}</a> con su folio.
      </p>
      <p className="payment__links">
        {approved ? (
          <Link to="/">Volver al inicio</Link>
        ) : (
          <Link className="button" to="/donacion">
            Intentar de nuevo
          </Link>
        )}
      </p>
    </div>
  );
}
