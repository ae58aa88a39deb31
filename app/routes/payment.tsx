import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useRef, useState } from "react";
import { parseUploadForm } from "~/accounts/uploads.server";
import { clearChosenCourse, requireUser } from "~/accounts/session.server";
import { ErrorSummary, Field, FileField, SelectField, type FieldMeta } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { PROFILE_LABELS, formatMoney, priceForProfile } from "~/courses/pricing";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { sendSentToReviewMail, sendEnrolmentConfirmedMail } from "~/enrolment/enrolment-mail.server";
import { startEnrolment } from "~/enrolment/enrolment.server";
import { currentPurchase, seatsLeft } from "~/enrolment/payment-page.server";
import { CFDI_USES, TAX_REGIMES } from "~/payments/invoice-options";
import { createInvoiceRequest, invoiceSchema } from "~/payments/invoices.server";
import { startCardPayment } from "~/payments/payments.server";
import { getPaymentProvider } from "~/payments/provider.server";
import formStyles from "~/styles/forms.css";
import paymentStyles from "~/styles/payment.css";
import { pageMeta, rootOrigin } from "~/utils/seo";
import { redirectWithToast } from "~/utils/toast.server";

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
const MODALITY_LABELS = { presencial: "Presencial", en_linea: "En línea" } as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const purchase = await currentPurchase(db, request, user);
  if (!purchase) throw redirect(CATALOGUE, { status: 303 });
  const provider = await getPaymentProvider(db);
  const { course } = purchase;
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
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

type InvoiceErrors = Partial<Record<"rfc" | "legalName" | "taxRegime" | "postcode" | "cfdiUse" | "constancia", string[]>>;

type ActionResult =
  | { intent: "card"; ok: true; params: string; controlNumber: string }
  | { intent: "card" | "free" | "review"; ok: false; message: string }
  | { intent: "invoice"; ok: false; errors: InvoiceErrors; values: Record<string, string> };

const START_MESSAGES = {
  "course-closed": "Las inscripciones de este curso están cerradas.",
  "already-enrolled": "Ya tiene una inscripción en este curso. Consulte «Mis inscripciones» en su perfil.",
  "no-seats": "Ya no hay lugares presenciales en este curso. Puede inscribirse en la modalidad en línea.",
  "modality-unavailable": "Este curso no se imparte en esa modalidad.",
  "not-a-card-payment": "Este curso no requiere pago con tarjeta para su perfil.",
  "awaiting-bank":
    "El banco no respondió a su pago anterior y todavía no sabemos si se hizo el cargo. Para no cobrarle dos veces, no puede pagar de nuevo hasta que lo confirmemos.",
} as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const purchase = await currentPurchase(db, request, user);
  if (!purchase) throw redirect(CATALOGUE, { status: 303 });
  const parsed = await parseUploadForm(request, ["constancia"]);
  if (!parsed.ok) return data({ intent: "card", ok: false, message: "No pudimos leer el formulario. Intente de nuevo." } satisfies ActionResult, { status: 400 });
  const intent = String(parsed.fields.get("intent") ?? "");
  const requested = String(parsed.fields.get("modality") ?? "");
  // Only a course with both modalities lets the participant switch (e.g. to en línea when seats run out).
  const modality = purchase.bothModalities && (requested === "presencial" || requested === "en_linea") ? requested : purchase.modality;
  const enrolmentInput = { participantId: user.id, profile: user.profile, courseId: purchase.course.course_id, modality };
  const noStore = { "Cache-Control": "private, no-store" };

  if (intent === "card") {
    const provider = await getPaymentProvider(db);
    const outcome = await startCardPayment(db, provider, enrolmentInput);
    if (!outcome.ok) return data({ intent, ok: false, message: START_MESSAGES[outcome.reason] } satisfies ActionResult, { status: 409, headers: noStore });
    return data({ intent, ok: true, params: outcome.params, controlNumber: outcome.controlNumber } satisfies ActionResult, { headers: noStore });
  }

  if (intent === "free" || intent === "review") {
    if (purchase.path !== intent) throw new Response("Solicitud no válida", { status: 400 });
    const outcome = await startEnrolment(db, enrolmentInput);
    if (!outcome.ok) return data({ intent, ok: false, message: START_MESSAGES[outcome.reason] } satisfies ActionResult, { status: 409 });
    const cookie = await clearChosenCourse(request);
    const init = cookie ? { headers: { "Set-Cookie": cookie } } : undefined;
    if (intent === "free") {
      await sendEnrolmentConfirmedMail(db, outcome.enrolmentId, null, readConfig().PUBLIC_URL ?? new URL(request.url).origin);
      return redirectWithToast("/profile#mis-inscripciones", { type: "success", title: "Inscripción confirmada", description: "Le enviamos la confirmación por correo electrónico." }, init);
    }
    await sendSentToReviewMail(db, outcome.enrolmentId);
    return redirectWithToast(
      "/profile#mis-inscripciones",
      {
        type: "success",
        title: "Documentación enviada a revisión",
        description: "Cuando la Dirección de Enseñanza revise sus documentos le enviaremos por correo electrónico los datos de acceso.",
      },
      init,
    );
  }

  if (intent === "invoice") {
    const values = Object.fromEntries([...parsed.fields].map(([k, v]) => [k, String(v)]));
    const result = invoiceSchema.safeParse(values);
    const errors: InvoiceErrors = {};
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path[0] as keyof InvoiceErrors;
        (errors[key] ??= []).push(issue.message);
      }
    }
    const constancia = parsed.files.get("constancia");
    if (parsed.fileErrors.constancia) errors.constancia = parsed.fileErrors.constancia;
    else if (!constancia) errors.constancia = ["Adjunte su constancia de situación fiscal en PDF."];
    else if (constancia.contentType !== "application/pdf") errors.constancia = ["La constancia debe ser un archivo PDF."];
    if (!result.success || Object.keys(errors).length > 0 || !constancia) {
      return data({ intent, ok: false, errors, values } satisfies ActionResult, { status: 400 });
    }
    if (purchase.path !== "card") throw new Response("Solicitud no válida", { status: 400 });
    const enrolment = await startEnrolment(db, enrolmentInput);
    if (!enrolment.ok) return data({ intent: "card", ok: false, message: START_MESSAGES[enrolment.reason] } satisfies ActionResult, { status: 409 });
    await createInvoiceRequest(db, enrolment.enrolmentId, result.data, constancia);
    return redirectWithToast("/payment", {
      type: "success",
      title: "Solicitud de factura recibida",
      description: "El área de finanzas emitirá su CFDI con los datos que envió.",
    });
  }

  throw new Response("Solicitud no válida", { status: 400 });
}

function meta_(name: string, errors?: string[], initialValue?: string): FieldMeta {
  return { id: `invoice-${name}`, name, errorId: `invoice-${name}-error`, descriptionId: `invoice-${name}-hint`, errors, initialValue };
}

export default function PaymentPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const { course } = page;
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
          <dd>{MODALITY_LABELS[page.modality]}</dd>
          {page.seatsLeft !== null ? (
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

      <section aria-labelledby="payment-action" className="payment__action">
        <h2 id="payment-action">{page.path === "card" ? "Pago con tarjeta" : page.path === "free" ? "Inscripción" : "Revisión de documentos"}</h2>
        {result && "message" in result ? (
          <div className="payment__problem" role="alert">
            <p>{result.message}</p>
            {page.bothModalities && page.modality === "presencial" && result.message === START_MESSAGES["no-seats"] ? (
              <Form method="post">
                <input type="hidden" name="intent" value={page.path} />
                <input type="hidden" name="modality" value="en_linea" />
                <button type="submit" className="button">
                  Continuar en la modalidad en línea
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
        {page.path === "card" ? <CardPayment result={result} scriptUrls={page.scriptUrls} /> : null}
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

      <PaymentConsiderations />
      {page.path === "card" ? <InvoiceForm result={result} /> : null}
    </div>
  );
}

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

function CardPayment({ result, scriptUrls }: { result: ActionResult | undefined; scriptUrls: string[] }) {
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const finished = useRef(false);
  const started = result && result.intent === "card" && result.ok ? result : null;

  async function openLightbox() {
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
        body: JSON.stringify({ kind, controlNumber: started.controlNumber, response: response ?? null }),
      }).catch(() => null);
      if (finished.current) return;
      finished.current = true;
      navigate(`/payment/resultado/${started.controlNumber}`);
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

  return (
    <>
      <p>El cobro se hace en la ventana segura del banco. Es posible que su banco le pida un código de seguridad.</p>
      <noscript>
        <p className="payment__noscript">
          El pago con tarjeta necesita JavaScript activado en su navegador. Si no puede activarlo, use una de las formas de pago sin tarjeta
          que se describen abajo.
        </p>
      </noscript>
      {started ? (
        <div className="payment__start">
          <p>
            Número de control: <strong>{started.controlNumber}</strong>
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
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="card" />
          <SubmitButton formActionPath="/payment" pendingLabel="Preparando el pago…">
            Pagar con tarjeta
          </SubmitButton>
        </Form>
      )}
    </>
  );
}

function PaymentConsiderations() {
  return (
    <section aria-labelledby="payment-considerations" className="payment__considerations">
      <h2 id="payment-considerations">Consideraciones de pago</h2>
      <ul>
        <li>Los pagos en línea pueden tardar hasta 72 horas hábiles en reflejarse en el banco.</li>
        <li>Su banco puede pedirle un código de seguridad (por ejemplo, por SMS o en su aplicación) para autorizar el cargo.</li>
        <li>El monto lo calcula el hospital según su perfil; la ventana del banco solo muestra ese monto.</li>
      </ul>
      <h3>Otras formas de pago</h3>
      <ul>
        <li>Transferencia bancaria a la CLABE del hospital.</li>
        <li>Pago en tiendas de conveniencia con referencia.</li>
        <li>Pago en efectivo en la ventanilla del banco.</li>
        <li>Referencias de pago emitidas por la Dirección de Enseñanza.</li>
      </ul>
      <p>Para pagar por estos medios, solicite los datos y su referencia a la Dirección de Enseñanza.</p>
    </section>
  );
}

function InvoiceForm({ result }: { result: ActionResult | undefined }) {
  const invoice = result && result.intent === "invoice" && !result.ok ? result : null;
  const errors = invoice?.errors ?? {};
  const values = invoice?.values ?? {};
  const fields: { key: keyof InvoiceErrors; label: string }[] = [
    { key: "rfc", label: "RFC" },
    { key: "legalName", label: "Nombre o razón social" },
    { key: "taxRegime", label: "Régimen fiscal" },
    { key: "postcode", label: "Código postal fiscal" },
    { key: "cfdiUse", label: "Uso del CFDI" },
    { key: "constancia", label: "Constancia de situación fiscal" },
  ];
  return (
    <section aria-labelledby="payment-invoice" className="payment__invoice">
      <h2 id="payment-invoice">Facturación</h2>
      <p>Si necesita factura (CFDI), envíe sus datos fiscales. El área de finanzas la emitirá con su pago.</p>
      <Form method="post" encType="multipart/form-data" noValidate>
        {invoice ? (
          <ErrorSummary
            title="Revise los datos de facturación"
            errors={fields.filter((f) => errors[f.key]?.length).map((f) => ({ fieldId: `invoice-${f.key}`, message: errors[f.key]!.join(" ") }))}
            focusKey={invoice}
          />
        ) : null}
        <input type="hidden" name="intent" value="invoice" />
        <Field meta={meta_("rfc", errors.rfc, values.rfc)} label="RFC" hint="12 caracteres (persona moral) o 13 (persona física)." autoComplete="off" required />
        <Field meta={meta_("legalName", errors.legalName, values.legalName)} label="Nombre o razón social" autoComplete="organization" required />
        <SelectField meta={meta_("taxRegime", errors.taxRegime, values.taxRegime)} label="Régimen fiscal" options={TAX_REGIMES} required />
        <Field
          meta={meta_("postcode", errors.postcode, values.postcode)}
          label="Código postal fiscal"
          inputMode="numeric"
          autoComplete="postal-code"
          required
        />
        <SelectField meta={meta_("cfdiUse", errors.cfdiUse, values.cfdiUse)} label="Uso del CFDI" options={CFDI_USES} required />
        <FileField meta={meta_("constancia", errors.constancia)} label="Constancia de situación fiscal" hint="PDF, máximo 1 MB." required />
        <SubmitButton formActionPath="/payment" className="button--secondary">
          Enviar datos de facturación
        </SubmitButton>
      </Form>
    </section>
  );
}
