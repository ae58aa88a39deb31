import { Form } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney } from "~/courses/pricing";
import type { EnrolmentModality } from "~/db.server";
import type { OfflinePaymentDetails } from "~/settings/settings";

// Paying a course off-line (issue 19): the bank details, the reference to quote and whom to call,
// on /payment and the profile. A detail not configured is never an empty line: the text says to
// call the Teaching office instead.

/** "55 5228 9917 ext. 12" → "tel:+525552289917" (the extension is dialled by hand). */
function telHref(phone: string): string {
  const digits = (phone.split(/ext|extensi/i)[0] ?? "").replace(/\D/g, "");
  return `tel:+52${digits.slice(-10)}`;
}

export function TeachingOfficeContact({ details }: { details: Pick<OfflinePaymentDetails, "phone" | "email"> }) {
  return (
    <>
      la Dirección de Enseñanza: <a href={telHref(details.phone)}>{details.phone}</a> o <a href={`mailto:${details.email}`}>{details.email}</a>
    </>
  );
}

/** Bank, holder and CLABE as configured; whatever is missing, the office gives by phone. */
export function BankDetails({
  details,
  reference,
  amountCentavos,
}: {
  details: OfflinePaymentDetails;
  reference?: string | null;
  amountCentavos?: number;
}) {
  const complete = Boolean(details.bank && details.holder && details.clabe);
  return (
    <>
      <dl className="payment__facts">
        {amountCentavos !== undefined ? (
          <>
            <dt>Monto a pagar</dt>
            <dd>{formatMoney(amountCentavos)} MXN</dd>
          </>
        ) : null}
        {reference ? (
          <>
            <dt>Referencia que debe indicar</dt>
            <dd>
              <strong>{reference}</strong>
            </dd>
          </>
        ) : null}
        {details.bank ? (
          <>
            <dt>Banco</dt>
            <dd>{details.bank}</dd>
          </>
        ) : null}
        {details.holder ? (
          <>
            <dt>Titular de la cuenta</dt>
            <dd>{details.holder}</dd>
          </>
        ) : null}
        {details.clabe ? (
          <>
            <dt>CLABE</dt>
            <dd>{details.clabe}</dd>
          </>
        ) : null}
      </dl>
      {complete ? null : (
        <p>
          <strong>Para obtener {details.bank || details.holder || details.clabe ? "los datos bancarios que faltan" : "los datos bancarios"}</strong>,
          comuníquese con <TeachingOfficeContact details={details} />.
        </p>
      )}
    </>
  );
}

/** What happens after choosing to pay off-line (the same words on /payment and the profile). */
export function OfflineNextSteps({ details }: { details: OfflinePaymentDetails }) {
  return (
    <ol>
      <li>Pague por transferencia bancaria o en la ventanilla del banco el monto exacto e indique su referencia.</li>
      <li>
        Envíe su comprobante (PDF, JPG o PNG) con su nombre y el curso a <TeachingOfficeContact details={details} />.
      </li>
      <li>
        La Dirección de Enseñanza registra su pago y confirma su inscripción; le enviamos por correo electrónico su documento de acceso. No apartamos
        lugar mientras tanto: el lugar presencial se asigna al registrar el pago, si aún hay cupo (si ya no lo hay, quedará inscrito en línea cuando
        el curso lo permita o le devolveremos su pago).
      </li>
    </ol>
  );
}

/** /payment: the choice to pay off-line (a plain form: works without JavaScript). */
export function OfflinePaymentChoice({ modality, bothModalities }: { modality: EnrolmentModality; bothModalities: boolean }) {
  return (
    <section aria-labelledby="payment-offline" className="payment__considerations">
      <h2 id="payment-offline">Pagar por transferencia o en ventanilla</h2>
      <p>
        Si prefiere no pagar con tarjeta, puede pagar por transferencia bancaria o en la ventanilla del banco. Le mostraremos los datos bancarios y la
        referencia que debe indicar. Su lugar no queda apartado hasta que la Dirección de Enseñanza registre su pago.
      </p>
      <Form method="post" action="/payment">
        <input type="hidden" name="intent" value="offline" />
        {bothModalities ? <input type="hidden" name="modality" value={modality} /> : null}
        <SubmitButton formActionPath="/payment" className="button--secondary">
          Pagaré por transferencia o en ventanilla
        </SubmitButton>
      </Form>
    </section>
  );
}

/** /payment after the choice: the details to pay with and what happens next. */
export function OfflinePaymentInstructions({
  details,
  reference,
  amountCentavos,
  cardAvailable,
}: {
  details: OfflinePaymentDetails;
  reference: string | null;
  amountCentavos: number;
  cardAvailable: boolean;
}) {
  return (
    <section aria-labelledby="payment-offline" className="payment__considerations">
      <h2 id="payment-offline">Su pago por transferencia o en ventanilla</h2>
      <p>
        <strong>Esperamos su pago.</strong> Use estos datos:
      </p>
      <BankDetails details={details} reference={reference} amountCentavos={amountCentavos} />
      <h3>Qué sigue</h3>
      <OfflineNextSteps details={details} />
      {cardAvailable ? <p>Si cambia de opinión, todavía puede pagar con tarjeta en esta página.</p> : null}
    </section>
  );
}
