import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { formatDonationDate } from "~/donations/donation-format";
import { donationTokenFrom } from "~/donations/donation-cookie.server";
import { getDonationResult } from "~/donations/donations.server";
import { describePaymentOutcome, paymentResultHeaders, paymentResultMeta, PaymentResultHeader } from "~/payments/payment-outcome";
import { getSettings } from "~/settings/settings.server";
import type { PageHandle } from "~/enhance/page-handle";
import paymentStyles from "~/styles/payment.css";

// Plain HTML (issue 22): nothing on this page needs React; its links load documents.
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const headers = paymentResultHeaders;

export const meta = paymentResultMeta("Resultado del donativo", "El resultado de su donativo con tarjeta.", "/donacion/resultado");

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

/** A donation's «error» (the bank window reported an error) reads as a cancellation. */
function describe(attemptStatus: string) {
  return describePaymentOutcome(
    attemptStatus === "error" ? "cancelled" : attemptStatus,
    {
      approved: "Le enviamos su recibo por correo electrónico. El recibo no es un comprobante fiscal (CFDI).",
      in_verification:
        "La ventana del banco nos avisó que su pago fue aprobado; lo confirmamos con el propio banco antes de registrarlo. En cuanto el banco lo confirme (normalmente el siguiente día hábil, a más tardar en 72 horas hábiles) le enviaremos su recibo por correo. No necesita hacer nada más ni donar de nuevo.",
      declined:
        "El banco rechazó el pago de su donativo. No se hizo ningún cargo. Puede intentarlo con otra tarjeta o donar por transferencia bancaria.",
      cancelled: "El pago de su donativo se canceló. No se hizo ningún cargo.",
      no_answer:
        "El banco no respondió a tiempo, así que no sabemos si se hizo el cargo. No intente donar de nuevo con esta tarjeta por ahora: en cuanto el banco lo confirme le escribiremos.",
      failed: "El pago de su donativo no se completó y no se hizo ningún cargo.",
    },
    { approved: { title: "Su donación ha sido procesada con éxito", lead: "Gracias por su apoyo" } },
  );
}

export default function DonationResult() {
  const { result, contact } = useLoaderData<typeof loader>();
  const outcome = describe(result.attemptStatus);
  const approved = result.attemptStatus === "approved";
  return (
    <div className="container page payment">
      <PaymentResultHeader mode={result.mode} outcome={outcome} />
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
