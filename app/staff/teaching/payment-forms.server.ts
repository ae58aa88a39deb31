import { parseWithZod } from "@conform-to/zod/v4";
import { z } from "zod";
import { pesosToCentavos } from "~/courses/course-form";
import { parseAdminForm, RECEIPT_MESSAGES, RECEIPT_RULES } from "./admin-uploads.server";
import { mergeErrors } from "./route-helpers.server";
import { hasForbiddenCharacters, INVISIBLE_CHARACTERS_MESSAGE } from "~/utils/text-checks";

// The forms of an enrolment's payments page (/admin/pagos/:enrolmentId), read by its action.

/** An amount in pesos, as centavos: more than zero, at most two decimals. */
const amount = z.string({ error: "Escriba el monto en pesos." }).transform((value, ctx) => {
  const centavos = pesosToCentavos(value);
  if (centavos === null || centavos === 0) {
    ctx.addIssue({ code: "custom", message: "Escriba el monto en pesos, mayor que cero y con hasta dos decimales, por ejemplo 1500.50." });
    return z.NEVER;
  }
  return centavos;
});

/** «Registrar un pago fuera de línea» (with its receipt, checked by the upload rule). */
export const offlinePaymentSchema = z.object({
  method: z.enum(["transferencia", "tienda", "ventanilla", "referencia_ensenanza"], { error: "Elija cómo se pagó." }),
  amount,
  paid_on: z
    .string({ error: "Escriba la fecha del pago." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Escriba la fecha del pago con el formato AAAA-MM-DD.")
    .refine(
      (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      "Escriba una fecha válida.",
    ),
  reference: z
    .string({ error: "Escriba la referencia o folio del comprobante." })
    .trim()
    .min(1, "Escriba la referencia o folio del comprobante.")
    .max(100, "La referencia es demasiado larga (máximo 100 caracteres).")
    .regex(/^[^\u0000-\u001f\u007f]*$/, "Quite los caracteres de control de la referencia."),
  /** Only when the amount is below the price: why it is accepted (checked by the domain). */
  below_price_reason: z
    .string()
    .trim()
    .max(500, "El motivo es demasiado largo (máximo 500 caracteres).")
    .refine((value) => !hasForbiddenCharacters(value, true), INVISIBLE_CHARACTERS_MESSAGE)
    .optional(),
});

/**
 * «Inscribir con pago fuera de línea» on a participant's page (issue 19): the course and the
 * modality, then the same payment fields (the receipt is checked by the upload rule).
 */
export const enrolWithPaymentSchema = offlinePaymentSchema.extend({
  course_id: z.number({ error: "Elija el curso." }).int("Elija el curso.").positive("Elija el curso.").max(999_999_999, "Elija el curso."),
  modality: z.enum(["presencial", "en_linea"], { error: "Elija la modalidad." }),
});

/** «Registrar un reembolso» of one card or off-line payment. */
export const refundSchema = z.object({
  payment: z.string({ error: "Elija el pago que se reembolsa." }).regex(/^(tarjeta|fuera_de_linea)-\d{1,12}$/, "Elija el pago que se reembolsa."),
  amount,
  reason: z
    .string({ error: "Escriba el motivo del reembolso." })
    .trim()
    .min(1, "Escriba el motivo del reembolso.")
    .max(500, "El motivo es demasiado largo (máximo 500 caracteres)."),
});

/** «Registrar reembolso» of a donation (/admin/donativos/:id): its one card payment, so no choice of payment. */
export const donationRefundSchema = refundSchema.omit({ payment: true });

type PaymentSchema = typeof offlinePaymentSchema | typeof enrolWithPaymentSchema;

/**
 * Reads a multipart payment form (fields and the receipt, checked by content and size): the
 * parsed values and the receipt, or the reply to give with its status (nothing stored).
 */
export async function readOfflinePaymentForm<S extends PaymentSchema>(request: Request, schema: S) {
  const form = await parseAdminForm(request, RECEIPT_RULES);
  if (!form.ok) {
    const result = parseWithZod(new FormData(), { schema }).reply({
      formErrors: [form.status === 413 ? RECEIPT_MESSAGES.tooLarge : "No pudimos leer el formulario. Vuelva a intentarlo."],
    });
    return { ok: false as const, status: form.status === 413 ? (413 as const) : (400 as const), result };
  }
  const submission = parseWithZod(form.fields, { schema });
  const receipt = form.files.get("receipt");
  const fileErrors = { ...form.fileErrors, ...(!receipt && !form.fileErrors.receipt ? { receipt: [RECEIPT_MESSAGES.missing] } : {}) };
  if (submission.status !== "success" || !receipt) {
    const result = submission.reply({ fieldErrors: mergeErrors(submission.status === "success" ? {} : submission.error, fileErrors) });
    return { ok: false as const, status: 400 as const, result };
  }
  return { ok: true as const, submission, value: submission.value as z.output<S>, receipt };
}
