import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { pageMeta, rootOrigin } from "~/utils/seo";

// The card-payment result pages (/payment/resultado/… for a course, /donacion/resultado/… for a
// donation) share their head, their header and the one reading of the attempt's status below.

/** The result pages answer `private, no-store` from their loader; this passes it on. */
export const paymentResultHeaders: HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers();
  const value = loaderHeaders.get("Cache-Control");
  if (value) headers.set("Cache-Control", value);
  return headers;
};

/** The result page's meta: never indexed; `basePath` is "/payment/resultado" or "/donacion/resultado". */
export function paymentResultMeta(title: string, description: string, basePath: string): MetaFunction {
  return ({ matches, params }) =>
    pageMeta({ title, description, path: `${basePath}/${params.controlNumber ?? ""}`, origin: rootOrigin(matches), noindex: true });
}

/** What the page tells about one attempt: failed covers every status the page does not know. */
export type PaymentOutcomeKind = "approved" | "in_verification" | "declined" | "cancelled" | "no_answer" | "pending" | "failed";

/** The one status → outcome mapping of a card payment attempt (payment_attempts.status). */
export function paymentOutcomeKind(status: string): PaymentOutcomeKind {
  switch (status) {
    case "approved":
    case "in_verification":
    case "no_answer":
    case "pending":
      return status;
    case "declined":
    case "rejected":
      return "declined";
    case "cancelled":
    case "closed":
      return "cancelled";
    default:
      return "failed";
  }
}

export type PaymentOutcome = { title: string; lead?: string; tone: "success" | "error" | "info"; body: string };

const OUTCOME_HEADINGS: Record<PaymentOutcomeKind, Pick<PaymentOutcome, "title" | "tone">> = {
  approved: { title: "Pago aprobado", tone: "success" },
  in_verification: { title: "Pago recibido: lo estamos confirmando con el banco", tone: "info" },
  declined: { title: "Pago rechazado", tone: "error" },
  cancelled: { title: "Operación cancelada", tone: "info" },
  no_answer: { title: "Sin respuesta del banco", tone: "error" },
  pending: { title: "Pago en proceso", tone: "info" },
  failed: { title: "El pago no se completó", tone: "error" },
};

const PENDING_BODY = "Aún no recibimos la respuesta del banco. Vuelva a cargar esta página en unos momentos.";

/**
 * The heading, tone and text for an attempt's status: the shared heading and tone, the page's own text
 * (`bodies`; «en proceso» has a shared one) and, where a page words it otherwise, its `overrides`.
 */
export function describePaymentOutcome(
  status: string,
  bodies: Record<Exclude<PaymentOutcomeKind, "pending">, string> & { pending?: string },
  overrides: Partial<Record<PaymentOutcomeKind, Partial<PaymentOutcome>>> = {},
): PaymentOutcome {
  const kind = paymentOutcomeKind(status);
  return { ...OUTCOME_HEADINGS[kind], body: bodies[kind] ?? PENDING_BODY, ...overrides[kind] };
}

/** The top of a result page: the test-mode note, the outcome as the heading and its text. */
export function PaymentResultHeader({ mode, outcome }: { mode: string; outcome: PaymentOutcome }) {
  return (
    <>
      {mode !== "PRD" ? (
        <p className="payment-test-banner" role="note">
          <strong>Modo de prueba.</strong> Este pago fue simulado: no se cobró ninguna tarjeta.
        </p>
      ) : null}
      <h1>{outcome.title}</h1>
      <div className={`payment-outcome payment-outcome--${outcome.tone}`}>
        {outcome.lead ? (
          <p>
            <strong>{outcome.lead}</strong>
          </p>
        ) : null}
        <p>{outcome.body}</p>
      </div>
    </>
  );
}
