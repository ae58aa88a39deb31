import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { parseUploadForm, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE_MESSAGE } from "~/accounts/uploads.server";
import { clearChosenCourse, flashStartedCardPayment, requireUser, takeStartedCardPayment } from "~/accounts/session.server";
import { SubmitButton } from "~/components/submit-button";
import { ENROLMENT_MODALITY_LABELS } from "~/courses/modality";
import { PROFILE_LABELS, formatMoney, priceForProfile } from "~/courses/pricing";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { EnrolmentNotice } from "~/enrolment/enrolment-notice";
import { currentPurchase, seatsLeft } from "~/enrolment/payment-page.server";
import { chooseOfflinePayment, enrolFree, paymentPageState, requestInvoice, sendEnrolmentToReview } from "~/payments/checkout.server";
import { invoiceSchema } from "~/payments/invoices.server";
import { OfflinePaymentChoice, OfflinePaymentInstructions } from "~/payments/offline-payment-ui";
import { AwaitingBank, CardPayment, InvoiceForm, PaymentConsiderations } from "~/payments/payment-ui";
import { startCardPayment } from "~/payments/payments.server";
import { getPaymentProvider } from "~/payments/provider.server";
import formStyles from "~/styles/forms.css";
import paymentStyles from "~/styles/payment.css";
import { pageMeta, rootOrigin } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = MAX_REQUEST_BYTES;
export const bodyTooLargeMessage = REQUEST_TOO_LARGE_MESSAGE;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: formStyles },
  { rel: "stylesheet", href: paymentStyles },
];

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers();
  const value = actionHeaders.get("Cache-Control") ?? loaderHeaders.get("Cache-Control");
  if (value) headers.set("Cache-Control", value);
  return headers;
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Pago e inscripción",
    description: "Confirme su inscripción al curso elegido.",
    path: "/payment",
    origin: rootOrigin(matches),
    noindex: true,
  });

const CATALOGUE = "/ensenanza/offer";
const dateFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "UTC" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const purchase = await currentPurchase(db, request, user);
  if (!purchase) throw redirect(CATALOGUE, { status: 303 });
  const provider = await getPaymentProvider(db);
  const { course } = purchase;
  const state = await paymentPageState(db, user.id, course.course_id);
  // The card payment the action just started (once: a reload starts a new attempt on the same hold).
  const { started, cookie } = await takeStartedCardPayment(request);
  return data(
    {
      course: {
        name: course.course_name,
        start: dateFormat.format(new Date(`${course.course_start_date}T00:00:00Z`)),
        finish: dateFormat.format(new Date(`${course.course_finish_date}T00:00:00Z`)),
        venue: course.venue,
      },
      profileLabel: PROFILE_LABELS[user.profile],
      price: priceForProfile(course, user.profile),
      modality: purchase.modality,
      bothModalities: purchase.bothModalities,
      path: purchase.path,
      seatsLeft: await seatsLeft(db, purchase),
      testMode: provider.mode !== "PRD",
      scriptUrls: provider.scriptUrls,
      started,
      ...state,
    },
    { headers: { "Cache-Control": "private, no-store", ...(cookie ? { "Set-Cookie": cookie } : {}) } },
  );
}

type ActionResult =
  | { intent: "card" | "free" | "review" | "invoice" | "offline"; ok: false; message: string }
  | { intent: "invoice"; ok: false; result: SubmissionResult<string[]> };

const START_MESSAGES = {
  "course-closed": "Las inscripciones de este curso están cerradas.",
  "already-enrolled": "Ya tiene una inscripción en este curso. Consulte «Mis inscripciones» en su perfil.",
  "no-seats": "Ya no hay lugares presenciales en este curso. Puede inscribirse en la modalidad en línea.",
  "modality-unavailable": "Este curso no se imparte en esa modalidad.",
  "not-a-card-payment": "Este curso no requiere pago con tarjeta para su perfil.",
  "wrong-path": "Esta forma de inscripción no corresponde a su perfil. Vuelva a cargar la página.",
  "awaiting-bank":
    "El banco no respondió a su pago anterior y todavía no sabemos si se hizo el cargo. Para no cobrarle dos veces, no puede pagar de nuevo hasta que lo confirmemos.",
} as const;

const NO_SCRIPT_MESSAGE =
  "El pago con tarjeta necesita JavaScript activado en su navegador. Use una de las formas de pago sin tarjeta que se describen en esta página.";

/**
 * The five intents of the page (offline: «Pagaré por transferencia o en ventanilla», issue 19).
 * The route authorises (signed in, the chosen course), parses and maps outcomes to HTTP; each
 * intent is one domain function (app/payments/checkout.server.ts, startCardPayment) that owns its
 * transaction and its mail.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const purchase = await currentPurchase(db, request, user);
  if (!purchase) throw redirect(CATALOGUE, { status: 303 });
  const noStore = { "Cache-Control": "private, no-store" };
  const parsed = await parseUploadForm(request, ["constancia"]);
  if (!parsed.ok) {
    const message =
      parsed.reason === "too-large"
        ? "El formulario pesa más de 5 MB. Adjunte una constancia más ligera."
        : "No pudimos leer el formulario. Intente de nuevo.";
    return data({ intent: "invoice", ok: false, message } satisfies ActionResult, {
      status: parsed.reason === "too-large" ? 413 : 400,
      headers: noStore,
    });
  }
  const intent = String(parsed.fields.get("intent") ?? "");
  const requested = String(parsed.fields.get("modality") ?? "");
  // Only a course with both modalities lets the participant switch (e.g. to en línea when seats run out).
  const modality = purchase.bothModalities && (requested === "presencial" || requested === "en_linea") ? requested : purchase.modality;
  const enrolmentInput = { participantId: user.id, profile: user.profile, courseId: purchase.course.course_id, modality };
  const refuse = (which: ActionResult["intent"], reason: keyof typeof START_MESSAGES, status = 409) =>
    data({ intent: which, ok: false, message: START_MESSAGES[reason] } satisfies ActionResult, { status, headers: noStore });

  if (intent === "card") {
    // Only the hydrated page sends js=1: without JavaScript the lightbox cannot open, so nothing
    // is created for that browser.
    if (parsed.fields.get("js") !== "1")
      return data({ intent, ok: false, message: NO_SCRIPT_MESSAGE } satisfies ActionResult, { status: 400, headers: noStore });
    const provider = await getPaymentProvider(db);
    const outcome = await startCardPayment(db, provider, enrolmentInput);
    if (!outcome.ok) return refuse(intent, outcome.reason);
    // Written: answer 303 at once, never a render that could fail after the commit (decision 0031).
    // The page it leads to reads the started payment once from this browser's session.
    return redirect("/payment", { status: 303, headers: { "Set-Cookie": await flashStartedCardPayment(request, outcome) } });
  }

  if (intent === "free" || intent === "review") {
    const outcome =
      intent === "free" ? await enrolFree(db, enrolmentInput, { origin: siteOrigin() }) : await sendEnrolmentToReview(db, enrolmentInput);
    if (!outcome.ok) return refuse(intent, outcome.reason, outcome.reason === "wrong-path" ? 400 : 409);
    const cookie = await clearChosenCourse(request);
    const init = cookie ? { headers: { "Set-Cookie": cookie } } : undefined;
    return intent === "free"
      ? redirectWithToast(
          "/profile#mis-inscripciones",
          { type: "success", title: "Inscripción confirmada", description: "Le enviamos la confirmación por correo electrónico." },
          init,
        )
      : redirectWithToast(
          "/profile#mis-inscripciones",
          {
            type: "success",
            title: "Documentación enviada a revisión",
            description: "Cuando la Dirección de Enseñanza revise sus documentos le enviaremos por correo electrónico los datos de acceso.",
          },
          init,
        );
  }

  if (intent === "offline") {
    // A plain form: works without JavaScript. No seat is held (chooseOfflinePayment says why).
    const outcome = await chooseOfflinePayment(db, enrolmentInput);
    if (!outcome.ok) return refuse(intent, outcome.reason, outcome.reason === "wrong-path" ? 400 : 409);
    return redirectWithToast("/payment#payment-offline", {
      type: "success",
      title: "Esperamos su pago",
      description: "Abajo están los datos bancarios y la referencia que debe indicar al pagar.",
    });
  }

  if (intent === "invoice") {
    const submission = parseWithZod(parsed.fields, { schema: invoiceSchema });
    const constancia = parsed.files.get("constancia");
    const fileErrors =
      parsed.fileErrors.constancia ??
      (!constancia
        ? ["Adjunte su constancia de situación fiscal en PDF."]
        : constancia.contentType !== "application/pdf"
          ? ["La constancia debe ser un archivo PDF."]
          : null);
    if (submission.status !== "success" || fileErrors || !constancia) {
      const result = submission.reply({ fieldErrors: fileErrors ? { constancia: fileErrors } : {} });
      return data({ intent, ok: false, result } satisfies ActionResult, { status: 400, headers: noStore });
    }
    const outcome = await requestInvoice(db, { enrolment: enrolmentInput, invoice: submission.value, constancia });
    if (!outcome.ok) return refuse(intent, outcome.reason, outcome.reason === "wrong-path" ? 400 : 409);
    return redirectWithToast("/payment", {
      type: "success",
      title: "Solicitud de factura recibida",
      description: "El área de finanzas emitirá su CFDI con los datos que envió.",
    });
  }

  return data({ intent: "card", ok: false, message: "Solicitud no válida: vuelva a cargar la página." } satisfies ActionResult, {
    status: 400,
    headers: noStore,
  });
}

export default function PaymentPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { course } = page;
  const started = page.started;
  const invoiceResult = result && result.intent === "invoice" && "result" in result ? result.result : undefined;
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
              <dd>{page.seatsLeft}</dd>
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
            {result && "message" in result ? (
              <div className="payment__problem" role="alert">
                <p>{result.message}</p>
                {page.bothModalities && page.modality === "presencial" && result.message === START_MESSAGES["no-seats"] ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value={page.path} />
                    <input type="hidden" name="js" value="1" />
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
