import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { CheckedUpload } from "~/accounts/uploads.server";
import type { DB } from "~/db.server";
import { storeFile } from "~/files/files.server";
import { cleanText } from "~/utils/text";
import { CFDI_USES, TAX_REGIMES } from "./invoice-options";

// RFC: 3 letters (companies) or 4 (people), the date YYMMDD, and a 3-character homoclave.
const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z0-9]{2}[0-9A]$/;

export const invoiceSchema = z.object({
  rfc: z
    .string({ error: "Escriba su RFC." })
    .trim()
    .toUpperCase()
    .min(1, "Escriba su RFC.")
    .regex(RFC_PATTERN, "Escriba un RFC válido, de 12 o 13 caracteres, por ejemplo XAXX010101000."),
  // Control and invisible characters (U+202E, zero-width spaces, NUL) are refused, not stored (issue 8).
  legalName: cleanText({
    required: "Escriba el nombre o la razón social.",
    max: 254,
    tooLong: "Escriba el nombre o la razón social en 254 caracteres como máximo.",
  }),
  taxRegime: z.enum(TAX_REGIMES.map((r) => r.value) as [string, ...string[]], { error: "Elija el régimen fiscal." }),
  postcode: z
    .string({ error: "Escriba el código postal fiscal." })
    .trim()
    .regex(/^\d{5}$/, "Escriba el código postal fiscal de 5 dígitos."),
  cfdiUse: z.enum(CFDI_USES.map((u) => u.value) as [string, ...string[]], { error: "Elija el uso del CFDI." }),
});

export type InvoiceInput = z.infer<typeof invoiceSchema>;

/** Records an invoice request with its constancia (a private file) for the finance team. */
export async function createInvoiceRequest(db: Kysely<DB>, enrolmentId: number, input: InvoiceInput, constancia: CheckedUpload) {
  return db.transaction().execute((trx) => createInvoiceRequestIn(trx, enrolmentId, input, constancia));
}

/** createInvoiceRequest inside the caller's transaction. */
export async function createInvoiceRequestIn(trx: Transaction<DB>, enrolmentId: number, input: InvoiceInput, constancia: CheckedUpload) {
  const fileId = await storeFile(trx, { fileName: constancia.fileName, contentType: constancia.contentType, data: constancia.data }, "private");
  const attempt = await trx
    .selectFrom("payment_attempts")
    .select("id")
    .where("enrolment_id", "=", enrolmentId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  return trx
    .insertInto("invoice_requests")
    .values({
      enrolment_id: enrolmentId,
      payment_attempt_id: attempt?.id ?? null,
      rfc: input.rfc,
      legal_name: input.legalName,
      tax_regime: input.taxRegime,
      postcode: input.postcode,
      cfdi_use: input.cfdiUse,
      constancia_file_id: fileId,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}
