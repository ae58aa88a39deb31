import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { refuse } from "~/actions/outcome";
import type { ParticipantContext } from "~/actions/context";
import { participantAction, participantIntent, uploadBody, type BodyReader } from "~/actions/pipeline.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { documentRules, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE_MESSAGE, type CheckedUpload } from "~/accounts/uploads.server";
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
const NO_STORE = { "Cache-Control": "private, no-store" };
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
    { headers: { ...NO_STORE, ...(cookie ? { "Set-Cookie": cookie } : {}) } },
  );
}

const PAID_TOAST = { type: "success", title: "Inscripción confirmada", description: "Le enviamos la confirmación por correo electrónico." } as const;
const REVIEW_TOAST = {
  type: "success",
  title: "Documentación enviada a revisión",
  description: "Cuando la Dirección de Enseñanza revise sus documentos le enviaremos por correo electrónico los datos de acceso.",
} as const;

// Every intent may name the modality: only a course with both lets the participant switch (e.g. to en línea when seats run out).
const enrolmentSchema = z.object({ modality: z.string().optional(), js: z.string().optional() });

/** The signed-in participant's chosen course as the domain functions take it; none chosen → the catalogue. */
async function enrolmentOf(ctx: ParticipantContext, request: Request, requested: string | undefined) {
  const purchase = await currentPurchase(db, request, ctx.participant);
  if (!purchase) throw redirect(CATALOGUE, { status: 303 });
  const modality = purchase.bothModalities && (requested === "presencial" || requested === "en_linea") ? requested : purchase.modality;
  return { participantId: ctx.participant.id, profile: ctx.participant.profile, courseId: purchase.course.course_id, modality };
}

/**
 * Without a chosen course there is nothing to pay: the catalogue, before the body is read (as the
 * page's loader). The reader is built here, not at module level: a `.server` call at the top of a
 * route module runs, and fails, in the browser bundle (the route would not load there).
 */
const paymentBody: BodyReader = async (request) => {
  if (!(await currentPurchase(db, request, await requireUser(request)))) throw redirect(CATALOGUE, { status: 303 });
  return uploadBody(documentRules(["constancia"]), {
    maxBytes: MAX_REQUEST_BYTES,
    tooLarge: "El formulario pesa más de 5 MB. Adjunte una constancia más ligera.",
  })(request);
};

/**
 * The five intents of the page (offline: «Pagaré por transferencia o en ventanilla», issue 19) on
 * the action pipeline (decision 0047): signed in (participantAction), the chosen course, then one
 * domain function per intent (app/payments/checkout.server.ts, startCardPayment) that owns its
 * transaction and its mail; the server decides every amount. Every refusal is private, no-store.
 */
export const action = (args: ActionFunctionArgs) =>
  participantAction({
    read: paymentBody,
    headers: NO_STORE,
    intents: {
      card: participantIntent({
        schema: enrolmentSchema,
        step: async (ctx, { value, args: { request } }) => {
          const enrolment = await enrolmentOf(ctx, request, value.modality);
          // Only the page script sends js=1 (card-checkout.ts): without JavaScript the lightbox cannot
          // open, so nothing is created for that browser.
          if (value.js !== "1") return refuse(400, NO_SCRIPT_MESSAGE);
          return startCardPayment(db, await getPaymentProvider(db), enrolment);
        },
        // Written: answer 303 at once, never a render that could fail after the commit (decision 0031).
        // The page it leads to reads the started payment once from this browser's session.
        done: async (started, { args: { request } }) =>
          redirect("/payment", { status: 303, headers: { "Set-Cookie": await flashStartedCardPayment(request, started) } }),
      }),
      free: participantIntent({
        schema: enrolmentSchema,
        step: async (ctx, { value, args: { request } }) => enrolFree(db, await enrolmentOf(ctx, request, value.modality), { origin: siteOrigin() }),
        done: async (_, { args: { request } }) => redirectWithToast("/profile#mis-inscripciones", PAID_TOAST, await clearedCourse(request)),
      }),
      review: participantIntent({
        schema: enrolmentSchema,
        step: async (ctx, { value, args: { request } }) => sendEnrolmentToReview(db, await enrolmentOf(ctx, request, value.modality)),
        done: async (_, { args: { request } }) => redirectWithToast("/profile#mis-inscripciones", REVIEW_TOAST, await clearedCourse(request)),
      }),
      // A plain form: works without JavaScript. No seat is held (chooseOfflinePayment says why).
      offline: participantIntent({
        schema: enrolmentSchema,
        step: async (ctx, { value, args: { request } }) => chooseOfflinePayment(db, await enrolmentOf(ctx, request, value.modality)),
        done: () =>
          redirectWithToast("/payment#payment-offline", {
            type: "success",
            title: "Esperamos su pago",
            description: "Abajo están los datos bancarios y la referencia que debe indicar al pagar.",
          }),
      }),
      invoice: participantIntent({
        schema: invoiceSchema.extend(enrolmentSchema.shape),
        requiredFiles: { constancia: "Adjunte su constancia de situación fiscal en PDF." },
        precheck: (_fields, _args, { files }): Record<string, string[]> => {
          const constancia = files.get("constancia");
          return constancia && constancia.contentType !== "application/pdf" ? { constancia: ["La constancia debe ser un archivo PDF."] } : {};
        },
        step: async (ctx, { value: { modality, js: _js, ...invoice }, files, args: { request } }) => {
          const enrolment = await enrolmentOf(ctx, request, modality);
          return requestInvoice(db, { enrolment, invoice, constancia: files.get("constancia") as CheckedUpload });
        },
        done: () =>
          redirectWithToast("/payment", {
            type: "success",
            title: "Solicitud de factura recibida",
            description: "El área de finanzas emitirá su CFDI con los datos que envió.",
          }),
      }),
    },
  })(args);

async function clearedCourse(request: Request) {
  const cookie = await clearChosenCourse(request);
  return cookie ? { headers: { "Set-Cookie": cookie } } : undefined;
}

export default function PaymentPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as PaymentActionResult | undefined;
  return <PaymentView page={page} result={result} />;
}
