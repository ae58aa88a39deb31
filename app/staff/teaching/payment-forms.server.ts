import { z } from "zod";
import { pesosToCentavos } from "~/courses/course-form";

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
