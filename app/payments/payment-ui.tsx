import { useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { ErrorSummary, Field, FileField, SelectField, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { useHydrated } from "~/courses/course-ui";
import { CFDI_USES, TAX_REGIMES } from "./invoice-options";
import { fileLimits } from "~/files/file-limits";

// The /payment page's parts (app/routes/payment.tsx composes them).

declare global {
  interface Window {
    Payment?: {
      setEnv(env: string): void;
      startPayment(options: {
        Params: string;
        onSuccess: (response: unknown) => void;
        onError: (response: unknown) => void;
        onCancel: (response: unknown) => void;
        onClosed: (response: unknown) => void;
      }): void;
    };
  }
}

function loadScript(src: string): Promise<void> {
  if (document.querySelector(`script[data-payment-src="${src}"]`)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.dataset.paymentSrc = src;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`No se pudo cargar ${src}`));
    document.head.append(script);
  });
}

/** What the server hands the page that started a card payment: never an amount, never a key. */
export type StartedCardPayment = { params: string; controlNumber: string; relayToken: string };

/**
 * Opens the bank's lightbox for a started payment and relays each callback, untouched, with the
 * attempt's secret token to /payment/relay; then shows the server's verdict at `resultPath`.
 * Shared by course payments and donations.
 */
export function useLightbox(started: StartedCardPayment | null, scriptUrls: string[], resultPath: (controlNumber: string) => string) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const finished = useRef(false);

  async function open() {
    if (!started) return;
    setProblem(null);
    finished.current = false;
    try {
      for (const src of scriptUrls) await loadScript(src);
    } catch {
      setProblem("No se pudo abrir la ventana de pago. Revise su conexión o use una de las formas de pago sin tarjeta.");
      return;
    }
    const Payment = window.Payment;
    if (!Payment) return setProblem("No se pudo abrir la ventana de pago.");
    // Each callback's argument goes to our server untouched; the server decides the outcome.
    const relay = (kind: "success" | "error" | "cancel" | "closed") => async (response: unknown) => {
      await fetch("/payment/relay", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ kind, controlNumber: started.controlNumber, token: started.relayToken, response: response ?? null }),
      }).catch(() => null);
      if (finished.current) return;
      finished.current = true;
      navigate(resultPath(started.controlNumber));
    };
    Payment.setEnv("pro");
    Payment.startPayment({
      Params: started.params,
      onSuccess: relay("success"),
      onError: relay("error"),
      onCancel: relay("cancel"),
      onClosed: relay("closed"),
    });
  }
  return { open, problem };
}

/**
 * The card step. Card payment happens in the bank's lightbox, which needs JavaScript: without it
 * the page says so and offers no button, so nothing is created for a browser that could never
 * use it (the server also refuses a card post that lacks the field only the hydrated page sends).
 */
export function CardPayment({ started, scriptUrls }: { started: StartedCardPayment | null; scriptUrls: string[] }) {
  const hydrated = useHydrated();
  const { open: openLightbox, problem } = useLightbox(started, scriptUrls, (controlNumber) => `/payment/resultado/${controlNumber}`);

  return (
    <>
      <p>El cobro se hace en la ventana segura del banco. Es posible que su banco le pida un código de seguridad.</p>
      {started ? (
        <div className="payment__start">
          <p>
            Número de control: <strong className="payment__control">{started.controlNumber}</strong>
          </p>
          <button type="button" className="button" onClick={openLightbox}>
            Abrir la ventana de pago
          </button>
          {problem ? (
            <p className="payment__problem" role="alert">
              {problem}
            </p>
          ) : null}
        </div>
      ) : hydrated ? (
        <Form method="post">
          <input type="hidden" name="intent" value="card" />
          <input type="hidden" name="js" value="1" />
          <SubmitButton formActionPath="/payment" pendingLabel="Preparando el pago…">
            Pagar con tarjeta
          </SubmitButton>
        </Form>
      ) : (
        // Server HTML and browsers without JavaScript: a plain paragraph (not <noscript>, which a
        // browser that merely blocks scripts does not show), replaced by the button once hydrated.
        <p className="payment__noscript">
          El pago con tarjeta necesita JavaScript activado en su navegador. Si no puede activarlo, use una de las formas de pago sin tarjeta que se
          describen abajo.
        </p>
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
  const [form, fields] = useForm<InvoiceFields>({ id: "factura", lastResult, shouldValidate: "onSubmit" });
  const errors = summaryErrors([fields.rfc, fields.legalName, fields.taxRegime, fields.postcode, fields.cfdiUse, fields.constancia]);
  return (
    <section aria-labelledby="payment-invoice" className="payment__invoice">
      <h2 id="payment-invoice">Facturación</h2>
      <p>Si necesita factura (CFDI), envíe sus datos fiscales. El área de finanzas la emitirá con su pago.</p>
      <Form method="post" encType="multipart/form-data" {...formProps(form)}>
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
