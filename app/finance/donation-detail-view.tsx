import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { ActionReply } from "~/actions/reply.server";
import { ErrorSummary, Field, summaryErrors, type FieldMeta } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney } from "~/courses/pricing";
import { CFDI_USES, TAX_REGIMES } from "~/payments/invoice-options";
import { CARD_STATUS_LABELS, formatInstant } from "~/staff/teaching/format";
import type { getDonationDetail } from "./donations-admin.server";
import {
  DONATION_FILE_KINDS,
  DONATION_FILE_LABELS,
  PAYMENT_EVENT_KIND_LABELS,
  PAYMENT_EVENT_OUTCOME_LABELS,
  VERIFICATION_LABELS,
} from "./finance-labels";

// The parts of one donation's staff page (/admin/donativos/:donationId); the route keeps the
// loader, the action and the donation's own data.

type DonationDetail = NonNullable<Awaited<ReturnType<typeof getDonationDetail>>>;

const optionLabel = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** The refund recorded, or «Registrar reembolso» (the amount in pesos and the reason). */
export function DonationRefund({
  refund,
  refundableCentavos,
  refundDefault,
  path,
  actionData,
}: Pick<DonationDetail, "refund" | "refundableCentavos"> & { refundDefault: string; path: string; actionData: ActionReply | undefined }) {
  const [refundForm, refundFields] = useForm<{ amount: string; reason: string }>({
    id: "reembolso",
    lastResult: actionData?.result,
    defaultValue: { amount: refundDefault, reason: "" },
    shouldValidate: "onSubmit",
  });
  return (
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
  );
}

export function DonationFiles({ donation }: { donation: DonationDetail["donation"] }) {
  const files = DONATION_FILE_KINDS.filter((kind) => (kind === "carta" ? donation.hasLetter : donation.hasTaxCertificate));
  return (
    <>
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
    </>
  );
}

export function DonationAttempts({ attempts }: { attempts: DonationDetail["attempts"] }) {
  return (
    <>
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
    </>
  );
}

export function DonationInvoice({ invoice }: { invoice: DonationDetail["invoice"] }) {
  return (
    <>
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
    </>
  );
}
