import { parseWithZod } from "@conform-to/zod/v4";
import { sql, type Kysely } from "kysely";
import { z } from "zod";
import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import type { DB } from "~/db.server";
import { getStoredFile } from "~/files/files.server";
import { actorLabel, audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { isConstraintError } from "~/utils/sqlite-errors.server";
import { cleanText, strictInteger } from "~/utils/text";
import { INVOICE_STATES, type InvoiceState } from "./finance-labels";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";
import * as clock from "~/utils/clock.server";

/**
 * The invoice-request queue (/admin/facturas): every CFDI request, for a course enrolment or a
 * donation, pending first. The site does not stamp CFDIs (product spec): finance issues them in its
 * own system and records here the folio it got, which closes the request.
 */
export const INVOICES_PAGE_SIZE = 25;

const filterSchema = z.object({
  estado: z.enum(INVOICE_STATES).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

export interface InvoiceQueueFilters {
  state?: InvoiceState;
  page: number;
}

export function parseInvoiceFilters(searchParams: URLSearchParams): InvoiceQueueFilters {
  const raw: Record<string, string> = {};
  for (const key of ["estado", "pagina"]) {
    const value = searchParams.get(key);
    if (value) raw[key] = value;
  }
  const parsed = filterSchema.parse(raw);
  return { state: parsed.estado, page: parsed.pagina };
}

export interface InvoiceQueueRow {
  id: number;
  kind: "inscripcion" | "donativo";
  /** The enrolment's or the donation's id, for the link to its page. */
  ownerId: number;
  /** "Curso …" or "Donativo HIMFG…". */
  concept: string;
  personName: string;
  personEmail: string;
  amountCentavos: number;
  /** The money is in: an approved card attempt or an off-line payment (enrolment), or an approved donation. */
  paid: boolean;
  rfc: string;
  legalName: string;
  taxRegime: string;
  postcode: string;
  cfdiUse: string;
  cfdiFolio: string | null;
  invoicedAt: string | null;
  invoicedBy: string | null;
  createdAt: string;
}

// Paid means the money is in and was not given back, for either owner; one expression so the list
// and the mark agree (a refunded payment is not invoiced).
const paidExpression = sql<number>`CASE
  WHEN i.donation_id IS NOT NULL THEN (SELECT d.status = 'aprobada' FROM donations d WHERE d.id = i.donation_id)
    AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.donation_id = i.donation_id)
  ELSE EXISTS (SELECT 1 FROM payment_attempts a WHERE a.enrolment_id = i.enrolment_id AND a.status = 'approved'
      AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.payment_attempt_id = a.id))
    OR EXISTS (SELECT 1 FROM offline_payments o WHERE o.enrolment_id = i.enrolment_id
      AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.offline_payment_id = o.id))
END`;

function queueQuery(db: Kysely<DB>) {
  return db
    .selectFrom("invoice_requests as i")
    .leftJoin("enrolments as e", "e.id", "i.enrolment_id")
    .leftJoin("courses as c", "c.course_id", "e.course_id")
    .leftJoin("participants as p", "p.id", "e.participant_id")
    .leftJoin("donations as d", "d.id", "i.donation_id");
}

/**
 * One page of the queue: pending requests first (oldest first: the longest wait), then invoiced
 * ones (latest first). Each half is read in its own order from its own partial index
 * (invoice_requests_pending, invoice_requests_invoiced; migration 0035), the counts come from the
 * same indexes, and only the page's requests are joined with their owner and payments.
 */
export async function listInvoiceRequests(db: Kysely<DB>, filters: InvoiceQueueFilters) {
  // Every request is in exactly one of the two partial indexes: the counts are theirs.
  const [pending, invoiced] = await Promise.all([
    db
      .selectFrom("invoice_requests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("cfdi_folio", "is", null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("invoice_requests")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("cfdi_folio", "is not", null)
      .executeTakeFirstOrThrow(),
  ]);
  const pendingCount = Number(pending.n);
  const allCount = pendingCount + Number(invoiced.n);
  const total = filters.state === "pendiente" ? pendingCount : filters.state === "facturada" ? allCount - pendingCount : allCount;
  const offset = (filters.page - 1) * INVOICES_PAGE_SIZE;
  // The pending half comes first (unless only invoiced ones are asked for); the page may straddle both.
  const pendingBefore = filters.state === "facturada" ? 0 : pendingCount;
  const ids: number[] = [];
  if (filters.state !== "facturada" && offset < pendingCount) {
    const rows = await db
      .selectFrom("invoice_requests")
      .select("id")
      .where("cfdi_folio", "is", null)
      .orderBy("created_at")
      .orderBy("id")
      .limit(INVOICES_PAGE_SIZE)
      .offset(offset)
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  if (filters.state !== "pendiente" && ids.length < INVOICES_PAGE_SIZE) {
    const rows = await db
      .selectFrom("invoice_requests")
      .select("id")
      .where("cfdi_folio", "is not", null)
      .orderBy("invoiced_at", "desc")
      .orderBy("id", "desc")
      .limit(INVOICES_PAGE_SIZE - ids.length)
      .offset(Math.max(0, offset - pendingBefore))
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  const details = ids.length
    ? await queueQuery(db)
        .select([
          "i.id",
          "i.enrolment_id",
          "i.donation_id",
          "i.rfc",
          "i.legal_name",
          "i.tax_regime",
          "i.postcode",
          "i.cfdi_use",
          "i.cfdi_folio",
          "i.invoiced_at",
          "i.invoiced_by",
          "i.created_at",
          "c.course_name",
          "p.name as participant_name",
          "p.email as participant_email",
          "e.amount_centavos as enrolment_amount",
          "d.control_number as donation_control",
          "d.donor_name",
          "d.donor_email",
          "d.amount_centavos as donation_amount",
          paidExpression.as("paid"),
        ])
        .where("i.id", "in", ids)
        .execute()
    : [];
  const byId = new Map(details.map((row) => [row.id, row]));
  const rows = ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
  return {
    total,
    pages: Math.max(1, Math.ceil(total / INVOICES_PAGE_SIZE)),
    pendingCount,
    allCount,
    rows: rows.map((row): InvoiceQueueRow => ({
      id: row.id,
      kind: row.donation_id !== null ? "donativo" : "inscripcion",
      ownerId: (row.donation_id ?? row.enrolment_id)!,
      concept: row.donation_id !== null ? `Donativo ${row.donation_control ?? ""}`.trim() : `Curso: ${row.course_name ?? "—"}`,
      personName: (row.donation_id !== null ? row.donor_name : row.participant_name) ?? "—",
      personEmail: (row.donation_id !== null ? row.donor_email : row.participant_email) ?? "",
      amountCentavos: (row.donation_id !== null ? row.donation_amount : row.enrolment_amount) ?? 0,
      paid: Boolean(row.paid),
      rfc: row.rfc,
      legalName: row.legal_name,
      taxRegime: row.tax_regime,
      postcode: row.postcode,
      cfdiUse: row.cfdi_use,
      cfdiFolio: row.cfdi_folio,
      invoicedAt: row.invoiced_at,
      invoicedBy: row.invoiced_by,
      createdAt: row.created_at,
    })),
  };
}

// A CFDI folio as finance copies it from the stamping system: the fiscal UUID (36 characters with
// dashes) or a series-folio such as "A-1024". Letters, digits and dashes only, 64 at most (the column's CHECK).
export const markInvoiceSchema = z.object({
  solicitud: strictInteger({ required: "Falta la solicitud que se marca.", message: "La solicitud no es válida.", maxDigits: 12 }),
  folio: cleanText({
    required: "Escriba el folio del CFDI.",
    max: 64,
    tooLong: "Escriba el folio del CFDI en 64 caracteres como máximo.",
  }).pipe(
    z
      .string({ error: "Escriba el folio del CFDI." })
      .regex(/^[A-Za-z0-9-]+$/, "Escriba el folio del CFDI solo con letras sin acentos, números y guiones, por ejemplo A-1024 o el UUID."),
  ),
});

export type MarkInvoiceInput = { requestId: number; folio: string };

/** The form of «Marcar como facturada» parsed with its schema (zod stays on the server). */
export function parseMarkInvoiceForm(form: FormData) {
  return parseWithZod(form, { schema: markInvoiceSchema });
}

export type MarkInvoiceOutcome = Outcome<{ requestId: number; folio: string }>;

const formatStamp = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: MEXICO_CITY_TIME_ZONE });

const folioTaken = (requestId: number | null): Refusal =>
  refuse(409, {
    fields: {
      folio:
        requestId === null
          ? "Ese folio ya se registró en otra solicitud. Revise el folio del CFDI."
          : `Ese folio ya se registró en la solicitud ${requestId}. Revise el folio del CFDI.`,
    },
  });

/** Another connection (a second process, a script) held the write lock or moved the data under this transaction. */
function isBusy(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: unknown }).code : undefined;
  return code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT";
}

const BUSY_RETRIES = 5;

/**
 * Records that the CFDI of a request was issued, with its folio: once (a second mark is refused,
 * also when two people press at the same moment), only when the money is in, and never with a
 * folio already recorded on another request. The change and its audit row are one transaction.
 *
 * The folio's uniqueness is the database's rule too (invoice_requests_cfdi_folio, migration 0027):
 * a write that reaches that index is a 409 with the reason, never a 500. A writer on another
 * connection makes SQLite answer SQLITE_BUSY (its lock) or SQLITE_BUSY_SNAPSHOT (our reads went
 * stale); the whole transaction is then tried again, and sees the other mark.
 */
export async function markInvoiceIssued(db: Kysely<DB>, ctx: StaffContext, input: MarkInvoiceInput, now = clock.now()): Promise<MarkInvoiceOutcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await markOnce(db, ctx, input, now);
    } catch (error) {
      if (isConstraintError(error, "SQLITE_CONSTRAINT_UNIQUE", "invoice_requests.cfdi_folio")) {
        const holder = await db.selectFrom("invoice_requests").select("id").where("cfdi_folio", "=", input.folio).executeTakeFirst();
        return folioTaken(holder?.id ?? null);
      }
      if (isBusy(error) && attempt < BUSY_RETRIES) {
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
        continue;
      }
      throw error;
    }
  }
}

async function markOnce(db: Kysely<DB>, ctx: StaffContext, input: MarkInvoiceInput, now: Date): Promise<MarkInvoiceOutcome> {
  return db.transaction().execute(async (trx): Promise<MarkInvoiceOutcome> => {
    const request = await trx
      .selectFrom("invoice_requests as i")
      .select(["i.id", "i.cfdi_folio", "i.invoiced_at", "i.invoiced_by", "i.enrolment_id", "i.donation_id", paidExpression.as("paid")])
      .where("i.id", "=", input.requestId)
      .executeTakeFirst();
    if (!request) return refuse(404, "No existe esa solicitud de factura.");
    if (request.cfdi_folio !== null) {
      return refuse(
        409,
        `Esta solicitud ya se marcó como facturada con el folio ${request.cfdi_folio} (${request.invoiced_by}, ${formatStamp.format(new Date(request.invoiced_at!))}). No se puede marcar dos veces.`,
      );
    }
    if (!request.paid) {
      return refuse(409, "No hay un pago aprobado sin reembolso para esta solicitud: no se puede marcar como facturada.");
    }
    const reused = await trx
      .selectFrom("invoice_requests")
      .select("id")
      .where(sql<string>`upper(cfdi_folio)`, "=", input.folio.toUpperCase())
      .executeTakeFirst();
    if (reused) return folioTaken(reused.id);
    const invoicedAt = now.toISOString();
    // The WHERE is the guard against a concurrent mark: only one UPDATE can find the folio still empty.
    const updated = await trx
      .updateTable("invoice_requests")
      .set({ cfdi_folio: input.folio, invoiced_at: invoicedAt, invoiced_by: actorLabel(ctx) })
      .where("id", "=", input.requestId)
      .where("cfdi_folio", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) {
      return refuse(409, "Esta solicitud ya se marcó como facturada. No se puede marcar dos veces.");
    }
    await audit(trx, ctx, {
      action: "factura.marcar",
      entity: "invoice_request",
      entityId: input.requestId,
      before: { cfdi_folio: null, invoiced_at: null, invoiced_by: null },
      after: {
        cfdi_folio: input.folio,
        invoiced_at: invoicedAt,
        invoiced_by: actorLabel(ctx),
        enrolment_id: request.enrolment_id,
        donation_id: request.donation_id,
      },
    });
    return { ok: true, requestId: input.requestId, folio: input.folio };
  });
}

/** The constancia (private file) of one invoice request, or null. */
export async function getInvoiceConstancia(db: Kysely<DB>, requestId: number) {
  const request = await db.selectFrom("invoice_requests").select("constancia_file_id").where("id", "=", requestId).executeTakeFirst();
  if (!request) return null;
  return (await getStoredFile(db, request.constancia_file_id)) ?? null;
}

export async function recordInvoiceConstanciaView(db: Kysely<DB>, ctx: StaffContext, requestId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await audit(trx, ctx, { action: "factura.constancia.ver", entity: "invoice_request", entityId: requestId });
  });
}
