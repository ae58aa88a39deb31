import type { SubmissionResult } from "@conform-to/react";
import { usePlainForm } from "~/components/plain-form";
import { Form, Link, type useLoaderData } from "@remix-run/react";
import { DOCUMENT_LIMITS } from "~/accounts/documents";
import { ErrorSummary, Field, FileField, RadioGroup, SelectField, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney } from "~/courses/pricing";
import { fileLimits } from "~/files/file-limits";
import { CFDI_USES, TAX_REGIMES } from "~/payments/invoice-options";
import { CardCheckout, type StartedCardPayment } from "~/payments/payment-ui";
import type { loader } from "~/routes/donacion";
import { DONATION_FIELDS as F, MAX_DONATION_CENTAVOS, MIN_DONATION_CENTAVOS, OTHER_AMOUNT, SUGGESTED_AMOUNTS } from "./donation-options";

// The /donacion page as the server renders it (app/routes/donacion.tsx loads and acts). It does not
// hydrate: the page script adds the browser's checks (form[data-checks]), shows the invoice fields
// while «Quiero factura» is ticked (data-show-if) and runs the card step (card-checkout.ts,
// decision 0039).

export type DonationPageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** What the /donacion action answers (the card step also to /donacion.data, as JSON). */
export type DonationActionResult =
  // A refusal: the action pipeline's reply (app/actions/reply.server.ts).
  | { step?: undefined; intent: string | null; result: SubmissionResult<string[]> }
  | { step: "needs-js"; result: SubmissionResult<string[]> }
  | { step: "card"; started: StartedCardPayment; amountCentavos: number };

type DonationFields = {
  [F.amount]: string;
  [F.otherAmount]: string;
  [F.name]: string;
  [F.email]: string;
  [F.wantsInvoice]: string;
  rfc: string;
  legalName: string;
  taxRegime: string;
  postcode: string;
  cfdiUse: string;
  [F.letter]: File;
  [F.taxCertificate]: File;
};

const AMOUNT_OPTIONS = [
  ...SUGGESTED_AMOUNTS.map((value) => ({ value, label: formatMoney(Math.round(Number(value) * 100)) })),
  { value: OTHER_AMOUNT, label: "Otra cantidad" },
];

/** The donation form, or after a valid post the started card payment; and the bank transfer. */
export function DonationView({ page, actionData }: { page: DonationPageData; actionData: DonationActionResult | undefined }) {
  const lastResult = actionData && actionData.step !== "card" ? actionData.result : undefined;
  const [form, fields] = usePlainForm<DonationFields>({ id: "donativo", lastResult, shouldValidate: "onSubmit" });
  const started = actionData?.step === "card" ? actionData : null;
  const errors = summaryErrors([
    fields.Amount,
    fields.otra_cantidad,
    fields.donativo_nombre,
    fields.donativo_correo,
    fields.donativo_carta_motivo,
    fields.rfc,
    fields.legalName,
    fields.taxRegime,
    fields.postcode,
    fields.cfdiUse,
    fields.donativo_facturacion,
  ]);

  return (
    <div className="container page payment donation">
      <h1>Donativos</h1>
      <p>
        Su donativo ayuda al Hospital Infantil de México Federico Gómez a atender a niñas, niños y adolescentes de todo el país. Puede donar con
        tarjeta de crédito o débito desde {formatMoney(MIN_DONATION_CENTAVOS)} hasta {formatMoney(MAX_DONATION_CENTAVOS)}, o por transferencia
        bancaria.
      </p>
      {page.testMode ? (
        <p className="payment-test-banner" role="note">
          <strong>Modo de prueba.</strong> Los pagos de esta página son simulados: no se cobra ninguna tarjeta.
        </p>
      ) : null}

      {started ? (
        <section aria-labelledby="donation-card" className="payment__action">
          <h2 id="donation-card">Pago con tarjeta</h2>
          <CardCheckout started={started.started} scriptUrls={page.scriptUrls} resultPath={`/donacion/resultado/${started.started.controlNumber}`}>
            <dl className="payment__facts">
              <dt>Monto del donativo</dt>
              <dd className="payment__price">{formatMoney(started.amountCentavos)} MXN</dd>
              <dt>Folio</dt>
              <dd className="payment__control">{started.started.controlNumber}</dd>
            </dl>
            <p>El cobro se hace en la ventana segura del banco. Es posible que su banco le pida un código de seguridad.</p>
          </CardCheckout>
        </section>
      ) : (
        <section aria-labelledby="donation-form" className="payment__action">
          <h2 id="donation-form">Donar con tarjeta</h2>
          {actionData?.step === "needs-js" ? (
            <div className="payment__problem" role="status">
              <p>
                <strong>Sus datos están completos.</strong> El pago con tarjeta se hace en la ventana segura del banco, que necesita JavaScript
                activado en su navegador. Actívelo y vuelva a enviar el formulario, o haga su donativo por transferencia bancaria con los datos que
                aparecen abajo. No guardamos nada todavía.
              </p>
            </div>
          ) : null}
          {/* data-card-form: the page script adds js=1, the server's sign that the lightbox can open. */}
          <Form method="post" encType="multipart/form-data" className="form" {...formProps(form)} data-checks="" data-card-form="">
            <ErrorSummary title="Revise los datos de su donativo" errors={errors} formErrors={form.errors} focusKey={lastResult} />
            <RadioGroup
              meta={fields.Amount}
              legend="Monto del donativo (MXN)"
              hint={`Elija un monto o escriba otra cantidad, de ${formatMoney(MIN_DONATION_CENTAVOS)} a ${formatMoney(MAX_DONATION_CENTAVOS)}.`}
              options={AMOUNT_OPTIONS}
              inline
              required
            />
            <Field
              meta={fields.otra_cantidad}
              label="Otra cantidad (pesos)"
              hint="Solo si eligió «Otra cantidad». Por ejemplo 350 o 350.50."
              inputMode="decimal"
              autoComplete="off"
            />
            <Field meta={fields.donativo_nombre} label="Nombre del donante" hint="Persona u organización." autoComplete="name" required />
            <Field
              meta={fields.donativo_correo}
              label="Correo electrónico"
              hint="Ahí le enviaremos su recibo."
              type="email"
              autoComplete="email"
              required
            />
            <FileField meta={fields.donativo_carta_motivo} label="Carta de motivos (opcional)" hint={`${DOCUMENT_LIMITS}.`} />
            <div className="field field--checkbox">
              <input type="checkbox" id="donativo-factura" name={F.wantsInvoice} value="si" defaultChecked={fields.factura.initialValue === "si"} />
              <label htmlFor="donativo-factura">Quiero factura (CFDI) de mi donativo</label>
            </div>
            {/* Shown by the page script only while «Quiero factura» is ticked; always without it. */}
            <fieldset className="form-section" data-show-if={F.wantsInvoice}>
              <legend>Datos de facturación (solo si marcó «Quiero factura»)</legend>
              <Field meta={fields.rfc} label="RFC" hint="12 caracteres (persona moral) o 13 (persona física)." autoComplete="off" />
              <Field meta={fields.legalName} label="Nombre o razón social" autoComplete="organization" />
              <SelectField meta={fields.taxRegime} label="Régimen fiscal" options={TAX_REGIMES} />
              <Field meta={fields.postcode} label="Código postal fiscal" inputMode="numeric" autoComplete="postal-code" />
              <SelectField meta={fields.cfdiUse} label="Uso del CFDI" options={CFDI_USES} />
              <FileField meta={fields.donativo_facturacion} label="Constancia de situación fiscal" hint={`${fileLimits(["PDF"], 1)}.`} />
            </fieldset>
            {/* Honeypot: hidden from people (and from assistive technology); bots fill it in. */}
            <div className="donation__trap">
              <label htmlFor="donativo-sitio-web">Sitio web (deje este campo vacío)</label>
              <input type="text" id="donativo-sitio-web" name={F.honeypot} tabIndex={-1} autoComplete="off" />
            </div>
            <p className="donation__privacy">
              Usamos sus datos solo para registrar su donativo, enviarle el recibo y, si la pide, emitir su factura. Consulte el{" "}
              <Link to="/avisos-de-privacidad">aviso de privacidad de donativos</Link>.
            </p>
            <SubmitButton formActionPath="/donacion" pendingLabel="Preparando el pago…">
              Continuar al pago con tarjeta
            </SubmitButton>
          </Form>
          {/* Not <noscript> only: a browser that merely blocks scripts does not show it. The page
              script removes it. */}
          <p className="payment__noscript" data-card-noscript="">
            El pago con tarjeta necesita JavaScript activado. Sin él, puede revisar sus datos con este formulario y donar por transferencia bancaria.
          </p>
        </section>
      )}

      <section aria-labelledby="donation-transfer" className="payment__considerations">
        <h2 id="donation-transfer">Donar por transferencia bancaria</h2>
        <noscript>
          <p>
            <strong>Su navegador no tiene JavaScript activado:</strong> el pago con tarjeta no está disponible, pero puede donar por transferencia.
          </p>
        </noscript>
        <p>Para donativos mayores a {formatMoney(MAX_DONATION_CENTAVOS)}, o si prefiere no usar tarjeta:</p>
        <dl className="payment__facts">
          {page.transfer.holder ? (
            <>
              <dt>Beneficiario</dt>
              <dd>{page.transfer.holder}</dd>
            </>
          ) : null}
          {page.transfer.bank ? (
            <>
              <dt>Banco</dt>
              <dd>{page.transfer.bank}</dd>
            </>
          ) : null}
          <dt>CLABE</dt>
          <dd>{page.transfer.clabe || "Solicítela al área de finanzas (datos abajo)."}</dd>
        </dl>
        <p>
          Después de transferir, envíe su comprobante, su nombre y, si necesita factura, su constancia de situación fiscal a{" "}
          <a href={`mailto:${page.contact.email}`}>{page.contact.email}</a> o llame al{" "}
          <a href={`tel:${page.contact.phone.replace(/[^\d+]/g, "")}`}>{page.contact.phone}</a>.
        </p>
      </section>
    </div>
  );
}
