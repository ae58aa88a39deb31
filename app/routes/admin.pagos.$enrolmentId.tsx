import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { staffAction, staffIntent, uploadBody } from "~/actions/pipeline.server";
import { siteOrigin } from "~/config.server";
import { ErrorSummary, Field, SelectField, summaryErrors, type FieldMeta } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney, PROFILE_LABELS } from "~/courses/pricing";
import { db } from "~/db.server";
import { ENROLMENT_STATUS_LABELS } from "~/enrolment/enrolment-labels";
import { recordOfflinePayment } from "~/enrolment/offline-payments.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { formatDay, formatInstant, MODALITY_CHOICE_LABELS, OFFLINE_METHOD_LABELS } from "~/staff/teaching/format";
import { OfflinePaymentFields, offlinePaymentMetaList, type OfflinePaymentMetas } from "~/staff/teaching/offline-payment-fields";
import { offlinePaymentSchema, refundSchema } from "~/staff/teaching/payment-forms.server";
import { getEnrolmentPayments } from "~/staff/teaching/payments-admin.server";
import { recordRefund } from "~/staff/teaching/refunds.server";
import { idParam, orNotFound } from "~/staff/teaching/route-helpers.server";
import { redirectWithToast } from "~/utils/toast.server";
import teachingStyles from "~/styles/teaching.css";
import { CardAttemptsTable } from "~/staff/teaching/card-attempts-table";
import { RECEIPT_FORM_MAX_BYTES, RECEIPT_MESSAGES, RECEIPT_RULES } from "~/staff/teaching/admin-uploads.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = RECEIPT_FORM_MAX_BYTES;

/** Payments of one enrolment: the Teaching office and finance. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const staffAccess = staffAccessOf("routes/admin.pagos.$enrolmentId");

export const meta: MetaFunction = () => [{ title: "Pagos de una inscripción | Área del personal | HIMFG" }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return orNotFound(await getEnrolmentPayments(db, idParam(params.enrolmentId)));
}

const pathOf = (args: { params: { enrolmentId?: string } }) => `/admin/pagos/${idParam(args.params.enrolmentId)}`;

/** intent=pago (multipart, with the receipt) or intent=reembolso. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    read: uploadBody(RECEIPT_RULES, { maxBytes: maxBodyBytes, tooLarge: RECEIPT_MESSAGES.tooLarge }),
    intents: {
      reembolso: staffIntent({
        schema: refundSchema,
        step: async (ctx, { value, args }) => {
          const [kind, id] = value.payment.split("-") as ["tarjeta" | "fuera_de_linea", string];
          return recordRefund(db, ctx, {
            enrolmentId: idParam(args.params.enrolmentId),
            source: kind === "tarjeta" ? { kind, paymentAttemptId: Number(id) } : { kind, offlinePaymentId: Number(id) },
            amountCentavos: value.amount,
            reason: value.reason,
          });
        },
        done: (outcome, { args }) =>
          redirectWithToast(pathOf(args), {
            type: "success",
            description: outcome.cancelled ? "Registramos el reembolso y cancelamos la inscripción." : "Registramos el reembolso.",
          }),
      }),
      pago: staffIntent({
        schema: offlinePaymentSchema,
        requiredFiles: { receipt: RECEIPT_MESSAGES.missing },
        step: (ctx, { value, files, args }) =>
          recordOfflinePayment(db, ctx, {
            enrolmentId: idParam(args.params.enrolmentId),
            method: value.method,
            amountCentavos: value.amount,
            paidOn: value.paid_on,
            reference: value.reference,
            belowPriceReason: value.below_price_reason ?? null,
            receipt: files.get("receipt")!,
            origin: siteOrigin(),
          }),
        done: (outcome, { args }) => {
          const message = outcome.refundNeeded
            ? "Registramos el pago, pero ya no había lugar presencial y el curso no es en línea: la inscripción quedó cancelada para reembolso."
            : "Registramos el pago y confirmamos la inscripción; el participante recibió su acceso por correo.";
          return redirectWithToast(pathOf(args), { type: outcome.refundNeeded ? "info" : "success", description: message });
        },
      }),
    },
  })(args);

export default function EnrolmentPayments() {
  const { enrolment, cardAttempts, offlinePayments, refunds } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const path = `/admin/pagos/${enrolment.id}`;
  const [payForm, pay] = useForm<{ method: string; amount: string; paid_on: string; reference: string; below_price_reason: string; receipt: string }>(
    {
      id: "offline-payment",
      lastResult: actionData?.intent === "pago" ? actionData.result : undefined,
      shouldValidate: "onSubmit",
    },
  );
  const [refundForm, refund] = useForm<{ payment: string; amount: string; reason: string }>({
    id: "refund",
    lastResult: actionData?.intent === "reembolso" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const refundable = [
    ...cardAttempts
      .filter((a) => a.status === "approved" && !a.refunded)
      .map((a) => ({ value: `tarjeta-${a.id}`, label: `Tarjeta ${a.controlNumber} (${formatMoney(a.amountCentavos)})` })),
    ...offlinePayments
      .filter((o) => !o.refunded)
      .map((o) => ({
        value: `fuera_de_linea-${o.id}`,
        label: `${OFFLINE_METHOD_LABELS[o.method]} ${o.reference} (${formatMoney(o.amountCentavos)})`,
      })),
  ];
  const waitsForPayment = enrolment.status === "pendiente_de_pago" || enrolment.status === "pendiente_de_revision";
  return (
    <div className="container page staff-page">
      <p>
        <Link to={`/admin/cursos/${enrolment.courseId}/inscripciones`}>← Inscripciones de {enrolment.courseName}</Link>
      </p>
      <h1>Pagos de {enrolment.participantName}</h1>
      <dl className="data-list">
        <dt>Curso</dt>
        <dd>{enrolment.courseName}</dd>
        <dt>Participante</dt>
        <dd>
          {enrolment.participantName} ({enrolment.participantId}), {PROFILE_LABELS[enrolment.profile]}
        </dd>
        <dt>Inscripción</dt>
        <dd>
          {ENROLMENT_STATUS_LABELS[enrolment.status]}, {MODALITY_CHOICE_LABELS[enrolment.modality]}
        </dd>
        <dt>Precio</dt>
        <dd>{formatMoney(enrolment.amountCentavos)}</dd>
        {enrolment.reference ? (
          <>
            <dt>Referencia de la inscripción</dt>
            <dd>{enrolment.reference}</dd>
          </>
        ) : null}
        {enrolment.offlineIntentAt && enrolment.status === "pendiente_de_pago" ? (
          <>
            <dt>Pago fuera de línea</dt>
            <dd>El participante eligió pagar por transferencia o en ventanilla el {formatInstant(enrolment.offlineIntentAt)}.</dd>
          </>
        ) : null}
      </dl>

      <h2>Pagos con tarjeta</h2>
      {cardAttempts.length === 0 ? (
        <p>Sin intentos de pago con tarjeta.</p>
      ) : (
        <CardAttemptsTable caption="Intentos de pago con tarjeta" attempts={cardAttempts} show="reference" />
      )}

      <h2>Pagos fuera de línea</h2>
      {offlinePayments.length === 0 ? (
        <p>Sin pagos fuera de línea.</p>
      ) : (
        <ul className="staff-list">
          {offlinePayments.map((o) => (
            <li key={o.id}>
              {OFFLINE_METHOD_LABELS[o.method]} por {formatMoney(o.amountCentavos)} el {formatDay(o.paidOn)}, referencia {o.reference}, registrado por{" "}
              {o.recordedBy}
              {o.refunded ? " (reembolsado)" : ""} —{" "}
              <a href={`/admin/pagos/comprobantes/${o.id}`}>
                ver comprobante<span className="visually-hidden"> {o.reference}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {refunds.length > 0 ? (
        <>
          <h2>Reembolsos</h2>
          <ul className="staff-list">
            {refunds.map((r) => (
              <li key={r.id}>
                {formatMoney(r.amountCentavos)} el {formatInstant(r.createdAt)} por {r.recordedBy}: {r.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {waitsForPayment ? (
        <section aria-labelledby="offline-title">
          <h2 id="offline-title">Registrar un pago fuera de línea</h2>
          <p>
            Transferencia, tienda de conveniencia, ventanilla bancaria o referencia de la Dirección de Enseñanza. Al registrarlo se confirma la
            inscripción.
          </p>
          <Form method="post" encType="multipart/form-data" action={path} {...getFormProps(payForm)} noValidate className="staff-form">
            <input type="hidden" name="intent" value="pago" />
            <ErrorSummary
              title="Revise el pago"
              errors={summaryErrors(offlinePaymentMetaList(pay as unknown as OfflinePaymentMetas))}
              formErrors={payForm.errors}
              focusKey={actionData}
            />
            <OfflinePaymentFields fields={pay as unknown as OfflinePaymentMetas} priceCentavos={enrolment.amountCentavos} />
            <SubmitButton formActionPath={path} pendingLabel="Registrando…">
              Registrar pago
            </SubmitButton>
          </Form>
        </section>
      ) : null}

      {refundable.length > 0 ? (
        <section aria-labelledby="refund-title">
          <h2 id="refund-title">Registrar un reembolso</h2>
          <Form method="post" action={path} {...getFormProps(refundForm)} noValidate className="staff-form">
            <input type="hidden" name="intent" value="reembolso" />
            <ErrorSummary
              title="Revise el reembolso"
              errors={summaryErrors([refund.payment, refund.amount, refund.reason] as FieldMeta[])}
              formErrors={refundForm.errors}
              focusKey={actionData}
            />
            <SelectField meta={refund.payment as FieldMeta} label="Pago que se reembolsa" options={refundable} required />
            <Field meta={refund.amount as FieldMeta} label="Monto en pesos" inputMode="decimal" required />
            <Field meta={refund.reason as FieldMeta} label="Motivo" maxLength={500} required />
            <SubmitButton formActionPath={path} pendingLabel="Registrando…">
              Registrar reembolso
            </SubmitButton>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
