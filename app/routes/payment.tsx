import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { problemMessages, type Refusal } from "~/actions/outcome";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseUploadForm, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE_MESSAGE } from "~/accounts/uploads.server";
import { clearChosenCourse, flashStartedCardPayment, requireUser, takeStartedCardPayment } from "~/accounts/session.server";
import { PROFILE_LABELS, priceForProfile } from "~/courses/pricing";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { currentPurchase, seatsLeft } from "~/enrolment/payment-page.server";
import { chooseOfflinePayment, enrolFree, paymentPageState, requestInvoice, sendEnrolmentToReview } from "~/payments/checkout.server";
import { invoiceSchema } from "~/payments/invoices.server";
import { NO_SCRIPT_MESSAGE, PaymentView, type PaymentActionResult } from "~/payments/payment-page";
import { startCardPayment } from "~/payments/payments.server";
import { getPaymentProvider } from "~/payments/provider.server";
import { loadAsDocument } from "~/enhance/document-navigation";
import type { PageHandle } from "~/enhance/page-handle";
import formStyles from "~/styles/forms.css";
import paymentStyles from "~/styles/payment.css";
import { pageMeta, rootOrigin } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = MAX_REQUEST_BYTES;
export const bodyTooLargeMessage = REQUEST_TOO_LARGE_MESSAGE;

// No React in the browser (issue 22): the forms post as plain HTML and the page script opens the
// bank's lightbox (app/enhance/card-checkout.ts, decision 0039).
export const handle: PageHandle = { hydrate: false };
// Reached from a hydrated page (a link, a redirect): load the document, so the page script runs.
export const clientLoader = loadAsDocument;

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
        id: course.course_id,
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
      parsed.status === 413
        ? "El formulario pesa más de 5 MB. Adjunte una constancia más ligera."
        : "No pudimos leer el formulario. Intente de nuevo.";
    return data({ intent: "invoice", message } satisfies PaymentActionResult, {
      status: parsed.status === 413 ? 413 : 400,
      headers: noStore,
    });
  }
  const intent = String(parsed.fields.get("intent") ?? "");
  const requested = String(parsed.fields.get("modality") ?? "");
  // Only a course with both modalities lets the participant switch (e.g. to en línea when seats run out).
  const modality = purchase.bothModalities && (requested === "presencial" || requested === "en_linea") ? requested : purchase.modality;
  const enrolmentInput = { participantId: user.id, profile: user.profile, courseId: purchase.course.course_id, modality };
  const refused = (which: PaymentActionResult["intent"], refusal: Refusal) =>
    data({ intent: which, message: problemMessages(refusal).join(" ") } satisfies PaymentActionResult, { status: refusal.status, headers: noStore });

  if (intent === "card") {
    // Only the page script sends js=1 (card-checkout.ts): without JavaScript the lightbox cannot
    // open, so nothing is created for that browser.
    if (parsed.fields.get("js") !== "1")
      return data({ intent, message: NO_SCRIPT_MESSAGE } satisfies PaymentActionResult, { status: 400, headers: noStore });
    const provider = await getPaymentProvider(db);
    const outcome = await startCardPayment(db, provider, enrolmentInput);
    if (!outcome.ok) return refused(intent, outcome);
    // Written: answer 303 at once, never a render that could fail after the commit (decision 0031).
    // The page it leads to reads the started payment once from this browser's session.
    return redirect("/payment", { status: 303, headers: { "Set-Cookie": await flashStartedCardPayment(request, outcome) } });
  }

  if (intent === "free" || intent === "review") {
    const outcome =
      intent === "free" ? await enrolFree(db, enrolmentInput, { origin: siteOrigin() }) : await sendEnrolmentToReview(db, enrolmentInput);
    if (!outcome.ok) return refused(intent, outcome);
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
    if (!outcome.ok) return refused(intent, outcome);
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
      return data({ intent, result } satisfies PaymentActionResult, { status: 400, headers: noStore });
    }
    const outcome = await requestInvoice(db, { enrolment: enrolmentInput, invoice: submission.value, constancia });
    if (!outcome.ok) return refused(intent, outcome);
    return redirectWithToast("/payment", {
      type: "success",
      title: "Solicitud de factura recibida",
      description: "El área de finanzas emitirá su CFDI con los datos que envió.",
    });
  }

  return data({ intent: "card", message: "Solicitud no válida: vuelva a cargar la página." } satisfies PaymentActionResult, {
    status: 400,
    headers: noStore,
  });
}

export default function PaymentPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as PaymentActionResult | undefined;
  return <PaymentView page={page} result={result} />;
}
