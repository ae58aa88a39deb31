import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { clearChosenCourse, requireUser } from "~/accounts/session.server";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { getAttemptForOwner } from "~/payments/payments.server";
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
    title: "Resultado del pago",
    description: "El resultado de su pago con tarjeta.",
    path: `/payment/resultado/${params.controlNumber ?? ""}`,
    origin: rootOrigin(matches),
    noindex: true,
  });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const attempt = await getAttemptForOwner(db, String(params.controlNumber ?? ""), user.id);
  // Someone else's control number looks exactly like one that does not exist.
  if (!attempt) throw new Response("No encontrado", { status: 404 });
  const { phone, email } = await getSettings(db);
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (attempt.status === "approved") {
    const cookie = await clearChosenCourse(request);
    if (cookie) headers.set("Set-Cookie", cookie);
  }
  return data({ attempt, contact: { phone, email } }, { headers });
}

type Outcome = { title: string; tone: "success" | "error" | "info"; body: string };

function describe(status: string): Outcome {
  switch (status) {
    case "approved":
      return {
        title: "Pago aprobado",
        tone: "success",
        body: "Su pago fue aprobado y su inscripción está confirmada. Le enviamos el recibo y la confirmación por correo electrónico.",
      };
    case "declined":
    case "rejected":
      return {
        title: "Pago rechazado",
        tone: "error",
        body: "El banco rechazó el pago. No se hizo ningún cargo y no quedó inscrito. Puede intentarlo con otra tarjeta.",
      };
    case "cancelled":
    case "closed":
      return { title: "Operación cancelada", tone: "info", body: "Usted canceló el pago. No se hizo ningún cargo y no quedó inscrito." };
    case "no_answer":
      return {
        title: "Sin respuesta del banco",
        tone: "error",
        body: "El banco no respondió a tiempo, así que no sabemos si se hizo el cargo. No intente pagar de nuevo: en cuanto el banco lo confirme le escribiremos, y mientras tanto no podrá iniciar otro pago con tarjeta para este curso.",
      };
    case "pending":
      return {
        title: "Pago en proceso",
        tone: "info",
        body: "Aún no recibimos la respuesta del banco. Vuelva a cargar esta página en unos momentos.",
      };
    default:
      return { title: "El pago no se completó", tone: "error", body: "El pago no se completó y no quedó inscrito. Puede intentarlo de nuevo." };
  }
}

export default function PaymentResult() {
  const { attempt, contact } = useLoaderData<typeof loader>();
  const refund = attempt.status === "approved" ? (attempt.attemptRefundReason ?? attempt.refundReason) : null;
  const outcome: Outcome = refund
    ? {
        title: "Pago recibido: se reembolsará",
        tone: "info",
        body:
          attempt.enrolmentStatus === "confirmada"
            ? "El banco aprobó este pago, pero su inscripción ya estaba pagada con otro intento. No perderá su dinero: el área de finanzas le devolverá este cargo."
            : "El banco aprobó este pago, pero ya no fue posible confirmar la inscripción. No perderá su dinero: el área de finanzas le devolverá este cargo.",
      }
    : describe(attempt.status);
  return (
    <div className="container page payment">
      {attempt.mode !== "PRD" ? (
        <p className="payment-test-banner" role="note">
          <strong>Modo de prueba.</strong> Este pago fue simulado: no se cobró ninguna tarjeta.
        </p>
      ) : null}
      <h1>{outcome.title}</h1>
      <div className={`payment-outcome payment-outcome--${outcome.tone}`}>
        <p>{outcome.body}</p>
      </div>
      <dl className="payment__facts">
        <dt>Curso</dt>
        <dd>{attempt.courseName}</dd>
        <dt>Número de control</dt>
        <dd>{attempt.controlNumber}</dd>
        <dt>Monto</dt>
        <dd>{formatMoney(attempt.amountCentavos)} MXN</dd>
        {attempt.status === "approved" ? (
          <>
            <dt>Modalidad</dt>
            <dd>{ENROLMENT_MODALITY_LABELS[attempt.modality]}</dd>
          </>
        ) : null}
      </dl>
      {attempt.modalityNote ? <p>{attempt.modalityNote}</p> : null}
      {refund ? (
        <p className="payment__refund" role="note">
          <strong>Reembolso pendiente.</strong> {refund} Si tiene dudas, comuníquese al {contact.phone} o a {contact.email} con su número de control.
        </p>
      ) : null}
      {attempt.status === "approved" && !refund && attempt.verification === "por_conciliar" ? (
        <p>El pago se confirmará también con el reporte del banco; no tiene que hacer nada.</p>
      ) : null}
      {attempt.status === "no_answer" ? (
        <p>
          Si tiene dudas, comuníquese al {contact.phone} o a {contact.email} con su número de control.
        </p>
      ) : null}
      <p className="payment__links">
        {attempt.status === "approved" && !attempt.attemptRefundReason && attempt.enrolmentStatus === "confirmada" ? (
          <a className="button" href={`/payment/acceso/${attempt.enrolmentId}.pdf`} download>
            Descargar acceso (PDF)
          </a>
        ) : null}
        {attempt.status !== "approved" && attempt.status !== "no_answer" ? (
          <Link className="button" to="/payment">
            Intentar de nuevo
          </Link>
        ) : null}
        <Link to="/profile#mis-inscripciones">Ver mis inscripciones</Link>
      </p>
    </div>
  );
}
