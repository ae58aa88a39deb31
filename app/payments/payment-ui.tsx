import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorSummary, Field, FileField, SelectField, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { CFDI_USES, TAX_REGIMES } from "./invoice-options";
import { fileLimits } from "~/files/file-limits";

// The /payment page's parts (app/routes/payment.tsx composes them).

/** What the server hands the page that started a card payment: never an amount, never a key. */
export type StartedCardPayment = { params: string; controlNumber: string; relayToken: string };

/** Shown where the lightbox cannot open (the page script removes it when it runs). */
function CardNeedsScript({ children }: { children: ReactNode }) {
  // A plain paragraph, not <noscript>: a browser that merely blocks scripts does not show that.
  return (
    <p className="payment__noscript" data-card-noscript>
      {children}
    </p>
  );
}

/**
 * A started card payment (course or donation): everything the page script's card-checkout
 * (app/enhance/card-checkout.ts) needs, as the server decided it, in data attributes — the
 * encrypted Params, the control number, the attempt's relay token, the result page and the
 * provider's scripts. The button that opens the bank's lightbox appears only when that script runs.
 */
export function CardCheckout({
  started,
  scriptUrls,
  resultPath,
  children,
}: {
  started: StartedCardPayment;
  scriptUrls: string[];
  resultPath: string;
  children?: ReactNode;
}) {
  return (
    <div
      className="payment__start"
      data-card-checkout=""
      data-params={started.params}
      data-control-number={started.controlNumber}
      data-relay-token={started.relayToken}
      data-result-path={resultPath}
      data-script-urls={JSON.stringify(scriptUrls)}
    >
      {children}
      <button type="button" className="button" data-card-open="" hidden>
        Abrir la ventana de pago
      </button>
      <CardNeedsScript>La ventana de pago del banco necesita JavaScript activado en su navegador.</CardNeedsScript>
      {/* Present from the start, so what the script writes into it is announced. */}
      <div role="alert" data-card-problem="" />
    </div>
  );
}

/**
 * The card step of /payment. Card payment happens in the bank's lightbox, which needs JavaScript:
 * the server HTML says so and has no «Pagar con tarjeta» button; the page script adds it (with the
 * `js=1` the server asks for before it creates anything) and removes the note.
 */
export function CardPayment({ started, scriptUrls }: { started: StartedCardPayment | null; scriptUrls: string[] }) {
  return (
    <>
      <p>El cobro se hace en la ventana segura del banco. Es posible que su banco le pida un código de seguridad.</p>
      {started ? (
        <CardCheckout started={started} scriptUrls={scriptUrls} resultPath={`/payment/resultado/${started.controlNumber}`}>
          <p>
            Número de control: <strong className="payment__control">{started.controlNumber}</strong>
          </p>
        </CardCheckout>
      ) : (
        <>
          <form method="post" action="/payment" data-card-form="" data-card-button="Pagar con tarjeta" hidden>
            <input type="hidden" name="intent" value="card" />
          </form>
          <CardNeedsScript>
            El pago con tarjeta necesita JavaScript activado en su navegador. Si no puede activarlo, use una de las formas de pago sin tarjeta que se
            describen abajo.
          </CardNeedsScript>
        </>
      )}
    </>
  );
}

/** After a "T" answer: no card payment until the bank settles it, and whom to call. */
export function AwaitingBank({ contact, inVerification = false }: { contact: { phone: string; email: string }; inVerification?: boolean }) {
  return (
    <div className="payment__problem" role="status">
      {inVerification ? (
        <p>
          <strong>Pago recibido: lo estamos confirmando con el banco.</strong> Su lugar queda apartado y no necesita pagar de nuevo. En cuanto el
          banco lo confirme (normalmente el siguiente día hábil, a más tardar en 72 horas hábiles) le enviaremos por correo la confirmación y su
          documento de acceso.
        </p>
      ) : (
        <p>
          <strong>El banco no respondió a su pago anterior</strong> y todavía no sabemos si se hizo el cargo. Para no cobrarle dos veces, el pago con
          tarjeta no está disponible hasta que el banco lo confirme; le escribiremos en cuanto lo sepamos.
        </p>
      )}
      <p>
        Si tiene dudas, comuníquese al <a href={`tel:${contact.phone.replace(/[^\d+]/g, "")}`}>{contact.phone}</a> o a{" "}
        <a href={`mailto:${contact.email}`}>{contact.email}</a> con su número de control.
      </p>
    </div>
  );
}

export function PaymentConsiderations() {
  return (
    <section aria-labelledby="payment-considerations" className="payment__considerations">
      <h2 id="payment-considerations">Consideraciones de pago</h2>
      <ul>
        <li>Los pagos en línea pueden tardar hasta 72 horas hábiles en reflejarse en el banco.</li>
        <li>Su banco puede pedirle un código de seguridad (por ejemplo, por SMS o en su aplicación) para autorizar el cargo.</li>
        <li>El monto lo calcula el hospital según su perfil; la ventana del banco solo muestra ese monto.</li>
      </ul>
    </section>
  );
}

export interface InvoiceFields {
  rfc: string;
  legalName: string;
  taxRegime: string;
  postcode: string;
  cfdiUse: string;
  constancia: File;
}

/** The invoice (CFDI) form, validated on the server with the zod schema through conform. */
export function InvoiceForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = usePlainForm<InvoiceFields>({ id: "factura", lastResult, shouldValidate: "onSubmit" });
  const errors = summaryErrors([fields.rfc, fields.legalName, fields.taxRegime, fields.postcode, fields.cfdiUse, fields.constancia]);
  return (
    <section aria-labelledby="payment-invoice" className="payment__invoice">
      <h2 id="payment-invoice">Facturación</h2>
      <p>Si necesita factura (CFDI), envíe sus datos fiscales. El área de finanzas la emitirá con su pago.</p>
      <Form method="post" encType="multipart/form-data" {...formProps(form)} data-checks="">
        {lastResult && (errors.length > 0 || form.errors?.length) ? (
          <ErrorSummary title="Revise los datos de facturación" errors={errors} formErrors={form.errors} focusKey={lastResult} />
        ) : null}
        <input type="hidden" name="intent" value="invoice" />
        <Field meta={fields.rfc} label="RFC" hint="12 caracteres (persona moral) o 13 (persona física)." autoComplete="off" required />
        <Field meta={fields.legalName} label="Nombre o razón social" autoComplete="organization" required />
        <SelectField meta={fields.taxRegime} label="Régimen fiscal" options={TAX_REGIMES} required />
        <Field meta={fields.postcode} label="Código postal fiscal" inputMode="numeric" autoComplete="postal-code" required />
        <SelectField meta={fields.cfdiUse} label="Uso del CFDI" options={CFDI_USES} required />
        <FileField meta={fields.constancia} label="Constancia de situación fiscal" hint={`${fileLimits(["PDF"], 1)}.`} required />
        <SubmitButton formActionPath="/payment" className="button--secondary">
          Enviar datos de facturación
        </SubmitButton>
      </Form>
    </section>
  );
}
