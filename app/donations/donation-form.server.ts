import { z } from "zod";
import { refuse, type Outcome } from "~/actions/outcome";
import { formatMoney } from "~/courses/pricing";
import { invoiceSchema, type InvoiceInput } from "~/payments/invoices.server";
import { cleanText } from "~/utils/text";
import { DONATION_FIELDS as F, MAX_DONATION_CENTAVOS, MIN_DONATION_CENTAVOS, OTHER_AMOUNT } from "./donation-options";

// The /donacion form's schema (zod through conform). The server fixes the amount here, from the
// chosen suggestion or the typed "otra cantidad": the browser never sends an amount to the bank.

export const AMOUNT_MESSAGES = {
  missing: "Elija uno de los montos sugeridos o escriba otra cantidad.",
  invalid: "Escriba el monto en pesos, con números y hasta dos decimales, por ejemplo 250 o 250.50.",
  tooSmall: `El donativo mínimo en línea es de ${formatMoney(MIN_DONATION_CENTAVOS)}.`,
  tooLarge: `El donativo máximo en línea es de ${formatMoney(MAX_DONATION_CENTAVOS)}. Para un donativo mayor, haga una transferencia bancaria con los datos que aparecen en esta página.`,
} as const;

/**
 * Pesos as typed ("250", "250.5", "$1,250.50") to centavos, exactly (no floating point).
 * null when it is not a plain amount: no signs, exponents, letters or a third decimal.
 */
export function parsePesos(text: string): number | null {
  const value = text.trim().replace(/^\$\s*/, "");
  const match = /^(\d{1,3}(?:,\d{3})+|\d{1,9})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const pesos = Number.parseInt(match[1]!.replaceAll(",", ""), 10);
  const centavos = Number.parseInt((match[2] ?? "").padEnd(2, "0"), 10);
  const total = pesos * 100 + centavos;
  return Number.isSafeInteger(total) ? total : null;
}

const email = z
  .string({ error: "Escriba su correo electrónico para enviarle el recibo." })
  .trim()
  .min(1, "Escriba su correo electrónico para enviarle el recibo.")
  .max(254, "El correo electrónico es demasiado largo.")
  .pipe(z.email("Escriba un correo electrónico válido, por ejemplo nombre@dominio.com."))
  .transform((value) => value.toLowerCase());

const optionalText = z.string().optional();

/**
 * The form's own fields. The amount and the CFDI data depend on other fields (the chosen radio,
 * the "factura" box), and zod runs an object's refinements only when every field passed, so they
 * are checked by parseDonation below: every problem is reported at once.
 */
export const donationSchema = z.object({
  [F.amount]: optionalText,
  [F.otherAmount]: optionalText,
  [F.name]: cleanText({
    required: "Escriba su nombre o el de la organización que dona.",
    max: 200,
    tooLong: "Escriba el nombre en 200 caracteres como máximo.",
  }),
  [F.email]: email,
  [F.wantsInvoice]: optionalText,
  rfc: optionalText,
  legalName: optionalText,
  taxRegime: optionalText,
  postcode: optionalText,
  cfdiUse: optionalText,
});

export interface DonationFormValue {
  amountCentavos: number;
  donorName: string;
  donorEmail: string;
  invoice: InvoiceInput | null;
}

export type DonationFieldErrors = Record<string, string[]>;

/** The amount the form asks for, in centavos, or a 400 with the message on the field it belongs to. */
export function donationAmount(fields: FormData): Outcome<{ centavos: number }> {
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : "";
  };
  const chosen = text(F.amount).trim();
  const typedOther = chosen === OTHER_AMOUNT;
  const value = typedOther ? text(F.otherAmount) : chosen;
  const field = typedOther ? F.otherAmount : F.amount;
  if (value.trim() === "") return refuse(400, { fields: { [field]: typedOther ? "Escriba la cantidad que desea donar." : AMOUNT_MESSAGES.missing } });
  const centavos = parsePesos(value);
  if (centavos === null) return refuse(400, { fields: { [field]: AMOUNT_MESSAGES.invalid } });
  if (centavos < MIN_DONATION_CENTAVOS) return refuse(400, { fields: { [field]: AMOUNT_MESSAGES.tooSmall } });
  if (centavos > MAX_DONATION_CENTAVOS) return refuse(400, { fields: { [field]: AMOUNT_MESSAGES.tooLarge } });
  return { ok: true, centavos };
}

/**
 * Every check of the form at once: the schema's fields, the amount, and (when a tax receipt is
 * wanted) the CFDI data through the course invoice module's schema. `value` only when all pass.
 */
export function parseDonation(fields: FormData): { errors: DonationFieldErrors; value: DonationFormValue | null } {
  const errors: DonationFieldErrors = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const base = donationSchema.safeParse(Object.fromEntries([...fields].filter(([, v]) => typeof v === "string")));
  if (!base.success) for (const issue of base.error.issues) add(String(issue.path[0] ?? ""), issue.message);
  const amount = donationAmount(fields);
  if (!amount.ok) for (const [field, messages] of Object.entries(amount.problem.fields)) for (const message of messages) add(field, message);
  let invoice: InvoiceInput | null = null;
  if (fields.get(F.wantsInvoice) === "si") {
    const text = (name: string) => (typeof fields.get(name) === "string" ? (fields.get(name) as string) : undefined);
    const parsed = invoiceSchema.safeParse({
      rfc: text("rfc"),
      legalName: text("legalName"),
      taxRegime: text("taxRegime"),
      postcode: text("postcode"),
      cfdiUse: text("cfdiUse"),
    });
    if (parsed.success) invoice = parsed.data;
    else for (const issue of parsed.error.issues) add(String(issue.path[0] ?? ""), issue.message);
  }
  if (!base.success || !amount.ok || Object.keys(errors).length > 0) return { errors, value: null };
  return { errors, value: { amountCentavos: amount.centavos, donorName: base.data[F.name], donorEmail: base.data[F.email], invoice } };
}
