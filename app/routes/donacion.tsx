import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { useActionData, useLoaderData } from "@remix-run/react";
import { parseFormWithFiles, MAX_REQUEST_BYTES, REQUEST_TOO_LARGE_MESSAGE } from "~/accounts/uploads.server";
import { db } from "~/db.server";
import { donationSchema, parseDonation } from "~/donations/donation-form.server";
import { DONATION_FIELDS as F } from "~/donations/donation-options";
import { DonationView, type DonationActionResult } from "~/donations/donation-page";
import { DONATION_FILE_RULES } from "~/donations/donation-rules.server";
import { donationTokenCookie } from "~/donations/donation-cookie.server";
import { admitDonation, createDonation } from "~/donations/donations.server";
import { loadAsDocument } from "~/enhance/document-navigation";
import type { PageHandle } from "~/enhance/page-handle";
import { getPaymentProvider } from "~/payments/provider.server";
import { getSettings } from "~/settings/settings.server";
import formStyles from "~/styles/forms.css";
import paymentStyles from "~/styles/payment.css";
import { pageMeta, rootOrigin } from "~/utils/seo";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = MAX_REQUEST_BYTES;
export const bodyTooLargeMessage = REQUEST_TOO_LARGE_MESSAGE;

// No React in the browser (issue 22): a plain multipart form, enhanced by the page script.
export const handle: PageHandle = { hydrate: false };
// Reached from a hydrated page (a link, a redirect): load the document, so the page script runs.
export const clientLoader = loadAsDocument;

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
    const message = form.status === 413 ? REQUEST_TOO_LARGE_MESSAGE : "No pudimos leer el formulario. Vuelva a intentarlo.";
    const result = parseWithZod(new FormData(), { schema: donationSchema }).reply({ formErrors: [message] });
    return data({ step: "form", result } satisfies DonationActionResult, { status: form.status === 413 ? 413 : 400, headers: NO_STORE });
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
    return data({ step: "form", result: submission.reply({ formErrors: [HONEYPOT_MESSAGE] }) } satisfies DonationActionResult, {
      status: 400,
      headers: NO_STORE,
    });
  }
  if (!parsed.value || Object.keys(fieldErrors).length > 0) {
    return data({ step: "form", result: submission.reply({ fieldErrors }) } satisfies DonationActionResult, { status: 400, headers: NO_STORE });
  }
  // Only the page script sends js=1 (card-checkout.ts): without JavaScript the lightbox cannot
  // open, so nothing is created for that browser.
  if (form.fields.get("js") !== "1") {
    return data({ step: "needs-js", result: submission.reply() } satisfies DonationActionResult, { headers: NO_STORE });
  }
  const value = parsed.value;
  const provider = await getPaymentProvider(db);
  const input = {
    amountCentavos: value.amountCentavos,
    donorName: value.donorName,
    donorEmail: value.donorEmail,
    invoice: value.invoice,
    letter,
    taxCertificate: value.invoice ? taxCertificate : null,
    clientAddress: typeof context.clientAddress === "string" ? context.clientAddress : "",
  };
  const admission = await admitDonation(db, input);
  if (!admission.allowed) {
    return data({ step: "form", result: submission.reply({ formErrors: [admission.message] }) } satisfies DonationActionResult, {
      status: 429,
      headers: { ...NO_STORE, "Retry-After": String(admission.retryAfterSeconds) },
    });
  }
  const outcome = await createDonation(db, provider, input);
  if (!outcome.ok) {
    return data({ step: "form", result: submission.reply({ formErrors: outcome.problem.form }) } satisfies DonationActionResult, {
      status: outcome.status,
      headers: NO_STORE,
    });
  }
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", await donationTokenCookie.serialize(outcome.relayToken));
  return data(
    {
      step: "card",
      started: { params: outcome.params, controlNumber: outcome.controlNumber, relayToken: outcome.relayToken },
      amountCentavos: outcome.amountCentavos,
    } satisfies DonationActionResult,
    { headers },
  );
}

export default function DonationPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DonationActionResult | undefined;
  return <DonationView page={page} actionData={actionData} />;
}
