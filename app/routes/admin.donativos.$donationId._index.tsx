import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors, type FieldMeta } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { SubmitButton } from "~/components/submit-button";
import { centavosToPesos } from "~/courses/course-form";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { getDonationDetail } from "~/finance/donations-admin.server";
import {
  DONATION_FILE_KINDS,
  DONATION_FILE_LABELS,
  DONATION_LIST_STATE_LABELS,
  DONATION_STATUS_LABELS,
  PAYMENT_EVENT_KIND_LABELS,
  PAYMENT_EVENT_OUTCOME_LABELS,
  VERIFICATION_LABELS,
} from "~/finance/finance-labels";
import { CFDI_USES, TAX_REGIMES } from "~/payments/invoice-options";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { CARD_STATUS_LABELS, formatInstant } from "~/staff/teaching/format";
import { donationRefundSchema } from "~/staff/teaching/payment-forms.server";
import { recordRefund } from "~/staff/teaching/refunds.server";
import { idParam, replyRefused, staffContextFor } from "~/staff/teaching/route-helpers.server";
import teachingStyles from "~/styles/teaching.css";
import { redirectWithToast } from "~/utils/toast.server";

/** One donation: finance (and admin). */
export const staffAccess = ["finanzas"] as const satisfies StaffAccess;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Donativo ${data.donation.controlNumber}` : "Donativo"} | Área del personal | HIMFG` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const detail = await getDonationDetail(db, idParam(params.donationId));
  if (!detail) throw new Response("No encontrado", { status: 404 });
  // The refund form starts at the whole amount paid, in pesos as it is typed.
  return { ...detail, refundDefault: detail.refundableCentavos === null ? "" : centavosToPesos(detail.refundableCentavos) };
}

/** «Registrar reembolso»: the amount (pesos) and the reason; the server finds the payment and checks the rest. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const donationId = idParam(params.donationId);
  const submission = parseWithZod(await request.formData(), { schema: donationRefundSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const outcome = await recordRefund(db, staffContextFor(staff, context), {
    donationId,
    amountCentavos: submission.value.amount,
    reason: submission.value.reason,
  });
  if (!outcome.ok && outcome.status === 404) throw new Response("No encontrado", { status: 404 });
  if (!outcome.ok) return data({ result: replyRefused(submission, outcome) }, { status: outcome.status });
  return redirectWithToast(`/admin/donativos/${donationId}`, {
    type: "success",
    description: "Registramos el reembolso del donativo. El recibo ya no se enviará al donante.",
  });
}

const optionLabel = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

export default function DonationDetailPage() {
  const { donation, attempts, invoice, refund, refundableCentavos, refundDefault } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const path = `/admin/donativos/${donation.id}`;
  const [refundForm, refundFields] = useForm<{ amount: string; reason: string }>({
    id: "reembolso",
    lastResult: actionData?.result,
    defaultValue: { amount: refundDefault, reason: "" },
    shouldValidate: "onSubmit",
  });
  const files = DONATION_FILE_KINDS.filter((kind) => (kind === "carta" ? donation.hasLetter : donation.hasTaxCertificate));
  return (
    <div className="container page staff-page">
      <p>
        <Link to="/admin/donativos">← Donativos</Link>
      </p>
      <h1>Donativo de {donation.donorName}</h1>
      <dl className="data-list">
        <dt>Donante</dt>
        <dd>{donation.donorName}</dd>
        <dt>Correo electrónico</dt>
        <dd>{donation.donorEmail}</dd>
        <dt>Importe</dt>
        <dd>{formatMoney(donation.amountCentavos)} MXN</dd>
        <dt>Número de control</dt>
        <dd>
          <code>{donation.controlNumber}</code>
        </dd>
        <dt>Estado</dt>
        <dd>
          {refund
            ? `${DONATION_LIST_STATE_LABELS.reembolsada} (${DONATION_STATUS_LABELS[donation.status].toLowerCase()} por el banco)`
            : DONATION_STATUS_LABELS[donation.status]}
        </dd>
        <dt>Fecha</dt>
        <dd>{formatInstant(donation.createdAt)}</dd>
        {donation.approvedAt ? (
          <>
            <dt>Aprobado</dt>
            <dd>{formatInstant(donation.approvedAt)}</dd>
          </>
        ) : null}
        <dt>Recibo por correo</dt>
        <dd>
          {donation.receiptSentAt
            ? `Enviado el ${formatInstant(donation.receiptSentAt)}`
            : refund
              ? "No enviado: el donativo se reembolsó y el recibo ya no se envía"
              : "No enviado"}
        </dd>
      </dl>

      <section aria-labelledby="reembolso-titulo">
        <h2 id="reembolso-titulo">Reembolso</h2>
        {refund ? (
          <dl className="data-list" data-testid="donation-refund">
            <dt>Importe reembolsado</dt>
            <dd>{`${formatMoney(refund.amountCentavos)} MXN`}</dd>
            <dt>Motivo</dt>
            <dd>{refund.reason}</dd>
            <dt>Registrado por</dt>
            <dd>{refund.recordedBy}</dd>
            <dt>Fecha</dt>
            <dd>{formatInstant(refund.createdAt)}</dd>
          </dl>
        ) : refundableCentavos === null ? (
          <p>Solo se reembolsa un donativo aprobado por el banco.</p>
        ) : (
          <p>
            Registre aquí el reembolso después de hacerlo en el banco: este registro no mueve dinero. Se registra uno por donativo, de hasta{" "}
            {formatMoney(refundableCentavos)}.
          </p>
        )}
        {refundableCentavos === null ? (
          // A refused post (a second refund, a donation not approved) still says why, without the form.
          <ErrorSummary title="No se registró el reembolso" errors={[]} formErrors={refundForm.errors} focusKey={actionData} />
        ) : (
          <Form method="post" {...getFormProps(refundForm)} noValidate className="staff-form">
            <ErrorSummary
              title="Revise el reembolso"
              errors={summaryErrors([refundFields.amount, refundFields.reason] as FieldMeta[])}
              formErrors={refundForm.errors}
              focusKey={actionData}
            />
            <Field
              meta={refundFields.amount as FieldMeta}
              label="Importe a reembolsar"
              hint={`En pesos, con hasta dos decimales; como máximo lo pagado: ${formatMoney(refundableCentavos)}.`}
              inputMode="decimal"
              required
            />
            <Field meta={refundFields.reason as FieldMeta} label="Motivo del reembolso" maxLength={500} required />
            <SubmitButton formActionPath={path} pendingLabel="Registrando…">
              Registrar reembolso
            </SubmitButton>
          </Form>
        )}
      </section>

      <h2>Archivos del donante</h2>
      {files.length === 0 ? (
        <p>El donante no envió carta de intención ni constancia de situación fiscal.</p>
      ) : (
        <ul className="staff-documents">
          {files.map((kind) => (
            <li key={kind}>
              <a href={`/admin/donativos/${donation.id}/archivos/${kind}`}>{DONATION_FILE_LABELS[kind]}</a>
            </li>
          ))}
        </ul>
      )}

      <h2>Pago con tarjeta</h2>
      {attempts.length === 0 ? (
        <p>Sin intentos de pago.</p>
      ) : (
        attempts.map((attempt) => (
          <section key={attempt.id} aria-labelledby={`intento-${attempt.id}`}>
            <h3 id={`intento-${attempt.id}`}>
              Intento {attempt.controlNumber}: {CARD_STATUS_LABELS[attempt.status] ?? attempt.status}
            </h3>
            <dl className="data-list">
              <dt>Importe</dt>
              <dd>{formatMoney(attempt.amountCentavos)}</dd>
              <dt>Proveedor</dt>
              <dd>{attempt.provider === "banorte" ? "Banorte" : "Simulador (no es dinero real)"}</dd>
              <dt>Código de autorización</dt>
              <dd>{attempt.authorisationCode ?? "—"}</dd>
              <dt>Referencia bancaria</dt>
              <dd>{attempt.reference ?? "—"}</dd>
              <dt>Comprobación</dt>
              <dd>{attempt.verification ? (VERIFICATION_LABELS[attempt.verification] ?? attempt.verification) : "—"}</dd>
              <dt>Iniciado</dt>
              <dd>{formatInstant(attempt.createdAt)}</dd>
              {attempt.refundReason ? (
                <>
                  <dt>Por reembolsar</dt>
                  <dd>{attempt.refundReason}</dd>
                </>
              ) : null}
            </dl>
            {attempt.events.length === 0 ? (
              <p>Sin respuestas del banco todavía.</p>
            ) : (
              <StaffTable caption={`Eventos del intento ${attempt.controlNumber}`} columns={["Fecha", "Evento", "Resultado", "Motivo"]}>
                {attempt.events.map((event) => (
                  <tr key={event.id}>
                    <th scope="row">{formatInstant(event.receivedAt)}</th>
                    <td>{PAYMENT_EVENT_KIND_LABELS[event.kind] ?? event.kind}</td>
                    <td>{PAYMENT_EVENT_OUTCOME_LABELS[event.outcome] ?? event.outcome}</td>
                    <td>{event.reason ?? "—"}</td>
                  </tr>
                ))}
              </StaffTable>
            )}
          </section>
        ))
      )}

      <h2>Solicitud de factura</h2>
      {invoice ? (
        <>
          <dl className="data-list">
            <dt>RFC</dt>
            <dd>{invoice.rfc}</dd>
            <dt>Nombre o razón social</dt>
            <dd>{invoice.legalName}</dd>
            <dt>Régimen fiscal</dt>
            <dd>{optionLabel(TAX_REGIMES, invoice.taxRegime)}</dd>
            <dt>Código postal fiscal</dt>
            <dd>{invoice.postcode}</dd>
            <dt>Uso del CFDI</dt>
            <dd>{optionLabel(CFDI_USES, invoice.cfdiUse)}</dd>
            <dt>Solicitada</dt>
            <dd>{formatInstant(invoice.createdAt)}</dd>
            <dt>Estado</dt>
            <dd>
              {invoice.cfdiFolio && invoice.invoicedAt
                ? `Facturada con el folio ${invoice.cfdiFolio} por ${invoice.invoicedBy} el ${formatInstant(invoice.invoicedAt)}`
                : "Pendiente de facturar"}
            </dd>
          </dl>
          <ul className="staff-actions">
            <li>
              <a href={`/admin/facturas/${invoice.id}/constancia`}>Constancia de la solicitud</a>
            </li>
            <li>
              <Link to={invoice.cfdiFolio ? "/admin/facturas?estado=facturada" : "/admin/facturas?estado=pendiente"}>Ir a la cola de facturas</Link>
            </li>
          </ul>
        </>
      ) : (
        <p>El donante no pidió factura.</p>
      )}
    </div>
  );
}
