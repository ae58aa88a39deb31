import type { SubmissionResult } from "@conform-to/react";
import { Form, type useLoaderData } from "@remix-run/react";
import { SubmitButton } from "~/components/submit-button";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { formatMoney } from "~/courses/pricing";
import { EnrolmentNotice } from "~/enrolment/enrolment-notice";
import type { loader } from "~/routes/payment";
import { OfflinePaymentChoice, OfflinePaymentInstructions } from "./offline-payment-ui";
import { PAYMENT_START_MESSAGES } from "./payment-messages";
import { AwaitingBank, CardPayment, InvoiceForm, PaymentConsiderations } from "./payment-ui";

// The /payment page as the server renders it (app/routes/payment.tsx loads and acts; the page does
// not hydrate: its card step is app/enhance/card-checkout.ts, decision 0039).

export type PaymentPageData = ReturnType<typeof useLoaderData<typeof loader>>;

/** What the /payment action answers when it does not redirect: the action pipeline's refusal (app/actions/reply.server.ts). */
export interface PaymentActionResult {
  intent: string | null;
  result: SubmissionResult<string[]>;
}

export { PAYMENT_START_MESSAGES } from "./payment-messages";

export const NO_SCRIPT_MESSAGE =
  "El pago con tarjeta necesita JavaScript activado en su navegador. Use una de las formas de pago sin tarjeta que se describen en esta página.";

/** The course, its price for the participant's profile, and what can be done next. */
export function PaymentView({ page, result }: { page: PaymentPageData; result: PaymentActionResult | undefined }) {
  const { course } = page;
  const started = page.started;
  // A form-level refusal (the domain's, no seats, no JavaScript) shows above the forms; the invoice
  // form's own field messages show in it.
  const formErrors = result?.result.error?.[""] ?? null;
  const message = formErrors?.length ? formErrors.join(" ") : null;
  const invoiceResult = result && result.intent === "invoice" && !message ? result.result : undefined;
  return (
    <div className="container page payment">
      <h1>Pago e inscripción</h1>
      {page.testMode ? (
        <p className="payment-test-banner" role="note">
          <strong>Modo de prueba.</strong> Los pagos de esta página son simulados: no se cobra ninguna tarjeta.
        </p>
      ) : null}

      <section aria-labelledby="payment-course" className="payment__summary">
        <h2 id="payment-course">Su curso</h2>
        <dl className="payment__facts">
          <dt>Curso</dt>
          <dd>{course.name}</dd>
          <dt>Fechas</dt>
          <dd>
            Del {course.start} al {course.finish}
          </dd>
          <dt>Modalidad</dt>
          <dd>{ENROLMENT_MODALITY_LABELS[page.modality]}</dd>
          {page.seatsLeft !== null && !page.enrolment ? (
            <>
              <dt>Lugares presenciales disponibles</dt>
              <dd>
                {page.seatsLeft}
                {page.seatsLeft === 0 ? (
                  <>
                    {" "}
                    <a href={`/lista-de-espera/${course.id}`}>Unirme a la lista de espera</a>
                  </>
                ) : null}
              </dd>
            </>
          ) : null}
          <dt>Perfil</dt>
          <dd>{page.profileLabel}</dd>
          <dt>Precio para su perfil</dt>
          <dd className="payment__price">{page.price === 0 ? "Gratuito" : `${formatMoney(page.price)} MXN`}</dd>
        </dl>
      </section>

      {page.enrolment ? (
        // Already enrolled (or in review, or suspended): nothing to buy and no invoice form.
        <section aria-labelledby="payment-enrolment" className="payment__action">
          <h2 id="payment-enrolment">Su inscripción</h2>
          <EnrolmentNotice enrolment={page.enrolment} contact={page.contact} />
        </section>
      ) : (
        <>
          <section aria-labelledby="payment-action" className="payment__action">
            <h2 id="payment-action">{page.path === "card" ? "Pago con tarjeta" : page.path === "free" ? "Inscripción" : "Revisión de documentos"}</h2>
            {message ? (
              <div className="payment__problem" role="alert">
                <p>{message}</p>
                {message === PAYMENT_START_MESSAGES["no-seats"] ? <a href={`/lista-de-espera/${course.id}`}>Unirme a la lista de espera</a> : null}
                {page.bothModalities && page.modality === "presencial" && message === PAYMENT_START_MESSAGES["no-seats"] ? (
                  // A card payment in the other modality: the page script adds js=1, as on «Pagar con tarjeta».
                  <Form method="post" data-card-form={page.path === "card" ? "" : undefined}>
                    <input type="hidden" name="intent" value={page.path} />
                    <input type="hidden" name="modality" value="en_linea" />
                    <button type="submit" className="button">
                      Continuar en la modalidad en línea
                    </button>
                  </Form>
                ) : null}
              </div>
            ) : null}
            {page.path === "card" ? (
              page.awaitingBank ? (
                <AwaitingBank contact={page.contact} inVerification={page.inVerification} />
              ) : (
                <CardPayment started={started} scriptUrls={page.scriptUrls} />
              )
            ) : null}
            {page.path === "free" ? (
              <Form method="post">
                <p>Este curso es gratuito. Su inscripción queda confirmada en cuanto la envíe.</p>
                <input type="hidden" name="intent" value="free" />
                <SubmitButton formActionPath="/payment">Inscripción gratuita</SubmitButton>
              </Form>
            ) : null}
            {page.path === "review" ? (
              <Form method="post">
                <p>
                  Para su perfil este curso no tiene costo. La Dirección de Enseñanza revisará la documentación de su perfil; cuando la apruebe,
                  recibirá por correo electrónico los datos de acceso al curso.
                </p>
                <input type="hidden" name="intent" value="review" />
                <SubmitButton formActionPath="/payment">Mandar documentación a revisión</SubmitButton>
              </Form>
            ) : null}
          </section>

          {page.path === "card" ? (
            page.offlineIntent ? (
              <OfflinePaymentInstructions
                details={page.offline}
                reference={page.offlineIntent.reference}
                amountCentavos={page.offlineIntent.amountCentavos}
                cardAvailable={!page.awaitingBank}
              />
            ) : (
              <OfflinePaymentChoice modality={page.modality} bothModalities={page.bothModalities} />
            )
          ) : null}
          <PaymentConsiderations />
          {page.path === "card" ? <InvoiceForm lastResult={invoiceResult} /> : null}
        </>
      )}
    </div>
  );
}
