import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { parseFormWithFiles, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE_MESSAGE } from "~/accounts/uploads.server";
import { ErrorSummary, Field, FileField, RadioGroup, SelectField, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney } from "~/courses/pricing";
import { useHydrated } from "~/courses/course-ui";
import { db } from "~/db.server";
import { donationSchema, parseDonation } from "~/donations/donation-form.server";
import { DONATION_FIELDS as F, MAX_DONATION_CENTAVOS, MIN_DONATION_CENTAVOS, OTHER_AMOUNT, SUGGESTED_AMOUNTS } from "~/donations/donation-options";
import { DONATION_FILE_RULES } from "~/donations/donation-rules.server";
import { donationTokenCookie } from "~/donations/donation-cookie.server";
import { startDonation } from "~/donations/donations.server";
import { CFDI_USES, TAX_REGIMES } from "~/payments/invoice-options";
import { useLightbox, type StartedCardPayment } from "~/payments/payment-ui";
import { getPaymentProvider } from "~/payments/provider.server";
import { getSettings } from "~/settings/settings.server";
import formStyles from "~/styles/forms.css";
import paymentStyles from "~/styles/payment.css";
import { pageMeta, rootOrigin } from "~/utils/seo";
import { DOCUMENT_LIMITS } from "~/accounts/documents";
import { fileLimits } from "~/files/file-limits";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = MAX_REQUEST_BYTES;
export const bodyTooLargeMessage = REQUEST_TOO_LARGE_MESSAGE;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: paymentStyles },
];

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const headers = new Headers();
  const value = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (value) headers.set("Cache-Control", value);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Donativos",
    description: "Done al Hospital Infantil de México Federico Gómez con tarjeta o por transferencia bancaria.",
    path: "/donacion",
    origin: rootOrigin(matches),
  });

export async function loader(_args: LoaderFunctionArgs) {
  const settings = await getSettings(db);
  const provider = await getPaymentProvider(db);
  return data({
    testMode: provider.mode !== "PRD",
    scriptUrls: provider.scriptUrls,
    transfer: {
      bank: settings.donationBankName,
      holder: settings.donationAccountHolder,
      clabe: settings.donationClabe,
    },
    contact: { phone: settings.phone, email: settings.email },
  });
}

type ActionResult =
  | { step: "form"; result: SubmissionResult<string[]> }
  | { step: "needs-js"; result: SubmissionResult<string[]> }
  | { step: "card"; started: StartedCardPayment; amountCentavos: number };

const NO_STORE = { "Cache-Control": "private, no-store" };
const HONEYPOT_MESSAGE = "No pudimos procesar el formulario. Si es una persona, deje vacío el campo oculto «Sitio web» y vuelva a enviarlo.";

/**
 * The route parses (multipart with the two file rules, zod through conform), answers every
 * problem at once (400, typed values kept, files never), then calls startDonation, which owns
 * the limits and the one transaction. Without JavaScript a valid form stores nothing and the page
 * explains that the card step needs it (and the transfer option).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await parseFormWithFiles(request, DONATION_FILE_RULES, MAX_REQUEST_BYTES);
  if (!form.ok) {
    const message = form.reason === "too-large" ? REQUEST_TOO_LARGE_MESSAGE : "No pudimos leer el formulario. Vuelva a intentarlo.";
    const result = parseWithZod(new FormData(), { schema: donationSchema }).reply({ formErrors: [message] });
    return data({ step: "form", result } satisfies ActionResult, { status: form.reason === "too-large" ? 413 : 400, headers: NO_STORE });
  }
  const honeypot = form.fields.get(F.honeypot);
  const letter = form.files.get(F.letter) ?? null;
  const taxCertificate = form.files.get(F.taxCertificate) ?? null;
  // A constancia attached means a tax receipt is wanted, even with the box left unticked.
  if (taxCertificate || form.fileErrors[F.taxCertificate]) form.fields.set(F.wantsInvoice, "si");
  // conform's submission carries the typed values back (never files); parseDonation has every error.
  const submission = parseWithZod(form.fields, { schema: donationSchema });
  const parsed = parseDonation(form.fields);
  const fieldErrors: Record<string, string[]> = { ...parsed.errors, ...form.fileErrors };
  if (form.fields.get(F.wantsInvoice) === "si" && !taxCertificate && !fieldErrors[F.taxCertificate]) {
    fieldErrors[F.taxCertificate] = ["Adjunte su constancia de situación fiscal en PDF para recibir la factura."];
  }
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return data({ step: "form", result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }) } satisfies ActionResult, {
      status: 400,
      headers: NO_STORE,
    });
  }
  if (!parsed.value || Object.keys(fieldErrors).length > 0) {
    return data({ step: "form", result: submission.reply({ fieldErrors }) } satisfies ActionResult, { status: 400, headers: NO_STORE });
  }
  // Only the hydrated page sends js=1: without JavaScript the lightbox cannot open, so nothing is
  // created for that browser.
  if (form.fields.get("js") !== "1") {
    return data({ step: "needs-js", result: submission.reply() } satisfies ActionResult, { headers: NO_STORE });
  }
  const value = parsed.value;
  const provider = await getPaymentProvider(db);
  const outcome = await startDonation(db, provider, {
    amountCentavos: value.amountCentavos,
    donorName: value.donorName,
    donorEmail: value.donorEmail,
    invoice: value.invoice,
    letter,
    taxCertificate: value.invoice ? taxCertificate : null,
    clientAddress: typeof context.clientAddress === "string" ? context.clientAddress : "",
  });
  if (!outcome.ok) {
    const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
    const message =
      outcome.reason === "declined-burst"
        ? `El banco rechazó varios pagos hechos desde su conexión en la última hora. Por seguridad, espere ${minutes} minutos antes de intentarlo de nuevo, o haga su donativo por transferencia bancaria.`
        : `Se hicieron demasiados intentos de donativo desde su conexión o con su correo. Espere ${minutes} minutos e inténtelo de nuevo, o haga su donativo por transferencia bancaria.`;
    return data({ step: "form", result: submission.reply({ formErrors: [message] }) } satisfies ActionResult, {
      status: 429,
      headers: { ...NO_STORE, "Retry-After": String(outcome.retryAfterSeconds) },
    });
  }
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", await donationTokenCookie.serialize(outcome.relayToken));
  return data(
    {
      step: "card",
      started: { params: outcome.params, controlNumber: outcome.controlNumber, relayToken: outcome.relayToken },
      amountCentavos: outcome.amountCentavos,
    } satisfies ActionResult,
    { headers },
  );
}

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

export default function DonationPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const hydrated = useHydrated();
  const lastResult = actionData && actionData.step !== "card" ? actionData.result : undefined;
  const [form, fields] = useForm<DonationFields>({ id: "donativo", lastResult, shouldValidate: "onSubmit" });
  const [wantsInvoice, setWantsInvoice] = useState(fields.factura.initialValue === "si");
  const started = actionData?.step === "card" ? actionData : null;
  const lightbox = useLightbox(started?.started ?? null, page.scriptUrls, (controlNumber) => `/donacion/resultado/${controlNumber}`);
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
  const showInvoice = wantsInvoice || !hydrated;

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
          <dl className="payment__facts">
            <dt>Monto del donativo</dt>
            <dd className="payment__price">{formatMoney(started.amountCentavos)} MXN</dd>
            <dt>Folio</dt>
            <dd className="payment__control">{started.started.controlNumber}</dd>
          </dl>
          <p>El cobro se hace en la ventana segura del banco. Es posible que su banco le pida un código de seguridad.</p>
          <button type="button" className="button" onClick={lightbox.open}>
            Abrir la ventana de pago
          </button>
          {lightbox.problem ? (
            <p className="payment__problem" role="alert">
              {lightbox.problem}
            </p>
          ) : null}
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
          <Form method="post" encType="multipart/form-data" {...formProps(form)}>
            <ErrorSummary title="Revise los datos de su donativo" errors={errors} formErrors={form.errors} focusKey={lastResult} />
            {hydrated ? <input type="hidden" name="js" value="1" /> : null}
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
              <input
                type="checkbox"
                id="donativo-factura"
                name={F.wantsInvoice}
                value="si"
                defaultChecked={fields.factura.initialValue === "si"}
                onChange={(event) => setWantsInvoice(event.currentTarget.checked)}
              />
              <label htmlFor="donativo-factura">Quiero factura (CFDI) de mi donativo</label>
            </div>
            {showInvoice ? (
              <fieldset className="payment__invoice">
                <legend>Datos de facturación {hydrated ? null : "(solo si marcó «Quiero factura»)"}</legend>
                <Field meta={fields.rfc} label="RFC" hint="12 caracteres (persona moral) o 13 (persona física)." autoComplete="off" />
                <Field meta={fields.legalName} label="Nombre o razón social" autoComplete="organization" />
                <SelectField meta={fields.taxRegime} label="Régimen fiscal" options={TAX_REGIMES} />
                <Field meta={fields.postcode} label="Código postal fiscal" inputMode="numeric" autoComplete="postal-code" />
                <SelectField meta={fields.cfdiUse} label="Uso del CFDI" options={CFDI_USES} />
                <FileField meta={fields.donativo_facturacion} label="Constancia de situación fiscal" hint={`${fileLimits(["PDF"], 1)}.`} />
              </fieldset>
            ) : null}
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
          {hydrated ? null : (
            // Server HTML and browsers without JavaScript (not <noscript> only: a browser that merely
            // blocks scripts does not show it).
            <p className="payment__noscript">
              El pago con tarjeta necesita JavaScript activado. Sin él, puede revisar sus datos con este formulario y donar por transferencia
              bancaria.
            </p>
          )}
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
