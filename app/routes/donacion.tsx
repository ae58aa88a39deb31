import type { ActionFunctionArgs, HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { MAX_REQUEST_BYTES, REQUEST_TOO_LARGE_MESSAGE, type CheckedUpload } from "~/accounts/uploads.server";
import { refuse, tooManyAttempts } from "~/actions/outcome";
import { publicAction, uploadBody, type BodyReader } from "~/actions/pipeline.server";
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

const TAX_CERTIFICATE_MISSING = "Adjunte su constancia de situación fiscal en PDF para recibir la factura.";

/** The multipart form with its two file rules; a constancia attached means a tax receipt is wanted, even with the box left unticked. */
const donationBody: BodyReader = async (request) => {
  const reading = await uploadBody(DONATION_FILE_RULES, { maxBytes: MAX_REQUEST_BYTES, tooLarge: REQUEST_TOO_LARGE_MESSAGE })(request);
  if (reading.ok && (reading.body.files.has(F.taxCertificate) || reading.body.fileErrors[F.taxCertificate]))
    reading.body.fields.set(F.wantsInvoice, "si");
  return reading;
};

/**
 * The pipeline (decision 0047) answers every problem at once (400, typed values kept, files
 * never; parseDonation has the amount and the CFDI data), every answer private and no-store; then
 * startDonation's two halves: the throttle (admitDonation, before the work) and the one
 * transaction (createDonation). Without JavaScript a valid form stores nothing and the page
 * explains that the card step needs it (and the transfer option).
 */
export const action = (args: ActionFunctionArgs) =>
  publicAction({
    read: donationBody,
    headers: NO_STORE,
    schema: donationSchema,
    precheck: (fields, _args, { files, fileErrors }) => {
      const errors = parseDonation(fields).errors;
      const missing = fields.get(F.wantsInvoice) === "si" && !files.has(F.taxCertificate) && !fileErrors[F.taxCertificate];
      return missing ? { ...errors, [F.taxCertificate]: [TAX_CERTIFICATE_MISSING] } : errors;
    },
    step: async (ctx, { fields, files }) => {
      const honeypot = fields.get(F.honeypot);
      if (typeof honeypot === "string" && honeypot.trim() !== "") return refuse(400, HONEYPOT_MESSAGE);
      const value = parseDonation(fields).value;
      if (!value) return refuse(400, "No pudimos leer el formulario. Vuelva a intentarlo.");
      // Only the page script sends js=1 (card-checkout.ts): without JavaScript the lightbox cannot
      // open, so nothing is created for that browser.
      if (fields.get("js") !== "1") return { ok: true, started: null };
      // The file rules (DONATION_FILE_RULES) admit only these types.
      const upload = (name: string) => (files.get(name) as CheckedUpload | undefined) ?? null;
      const taxCertificate = upload(F.taxCertificate);
      const input = {
        amountCentavos: value.amountCentavos,
        donorName: value.donorName,
        donorEmail: value.donorEmail,
        invoice: value.invoice,
        letter: upload(F.letter),
        taxCertificate: value.invoice ? taxCertificate : null,
        clientAddress: ctx.clientAddress === "unknown" ? "" : ctx.clientAddress,
      };
      const admission = await admitDonation(db, input);
      if (!admission.allowed) return tooManyAttempts(admission.message, admission.retryAfterSeconds);
      const outcome = await createDonation(db, await getPaymentProvider(db), input);
      return outcome.ok ? { ok: true, started: outcome } : outcome;
    },
    done: async ({ started }, { reply }) => {
      if (!started) return data({ step: "needs-js", result: reply() } satisfies DonationActionResult, { headers: NO_STORE });
      const headers = new Headers(NO_STORE);
      headers.append("Set-Cookie", await donationTokenCookie.serialize(started.relayToken));
      const { params, controlNumber, relayToken, amountCentavos } = started;
      return data({ step: "card", started: { params, controlNumber, relayToken }, amountCentavos } satisfies DonationActionResult, { headers });
    },
  })(args);

export default function DonationPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as DonationActionResult | undefined;
  return <DonationView page={page} actionData={actionData} />;
}
