import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { clearChosenCourse, requireUser } from "~/accounts/session.server";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { getAttemptForOwner } from "~/payments/payments.server";
import { describePaymentOutcome, paymentResultHeaders, paymentResultMeta, PaymentResultHeader } from "~/payments/payment-outcome";
import { getSettings } from "~/settings/settings.server";
import type { PageHandle } from "~/enhance/page-handle";
import paymentStyles from "~/styles/payment.css";

// Plain HTML (issue 22): nothing on this page needs React; its links load documents.
export const handle: PageHandle = { hydrate: false };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: paymentStyles }];

export const headers = paymentResultHeaders;

export const meta = paymentResultMeta("Resultado del pago", "El resultado de su pago con tarjeta.", "/payment/resultado");

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

function describe(status: string) {
  return describePaymentOutcome(status, {
    approved: "Su pago fue aprobado y su inscripción está confirmada. Le enviamos el recibo y la confirmación por correo electrónico.",
    in_verification:
      "La ventana del banco nos avisó que su pago fue aprobado; antes de confirmar su inscripción lo confirmamos con el propio banco. Su lugar queda apartado mientras tanto y no necesita hacer nada más: en cuanto el banco lo confirme (normalmente el siguiente día hábil, a más tardar en 72 horas hábiles) le enviaremos por correo la confirmación y su documento de acceso. No intente pagar de nuevo.",
    declined: "El banco rechazó el pago. No se hizo ningún cargo y no quedó inscrito. Puede intentarlo con otra tarjeta.",
    cancelled: "Usted canceló el pago. No se hizo ningún cargo y no quedó inscrito.",
    no_answer:
      "El banco no respondió a tiempo, así que no sabemos si se hizo el cargo. No intente pagar de nuevo: en cuanto el banco lo confirme le escribiremos, y mientras tanto no podrá iniciar otro pago con tarjeta para este curso.",
    failed: "El pago no se completó y no quedó inscrito. Puede intentarlo de nuevo.",
  });
}

export default function PaymentResult() {
  const { attempt, contact } = useLoaderData<typeof loader>();
  const refund = attempt.status === "approved" ? (attempt.attemptRefundReason ?? attempt.refundReason) : null;
  const outcome: ReturnType<typeof describe> = refund
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
      <PaymentResultHeader mode={attempt.mode} outcome={outcome} />
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
