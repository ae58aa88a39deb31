import { sql, type Kysely } from "kysely";
import { z } from "zod";
import type { DB, DonationStatus, PaymentAttemptStatus, PaymentVerification } from "~/db.server";
import { getStoredFile } from "~/files/files.server";
import { csvFile, keysetBatches, type RowBatches, type SpreadsheetColumns, warmXlsxTemplate, xlsxFile } from "~/staff/spreadsheet.server";
import { audit, type StaffContext } from "~/staff/teaching/staff-context.server";
import { keysetTerms } from "~/utils/keyset-paging.server";
import { endOfDayInMexicoCity, startOfDayInMexicoCity } from "~/utils/mexico-city";
import {
  DONATION_LIST_STATE_LABELS,
  DONATION_LIST_STATES,
  INVOICE_PRESENCE,
  type DonationFileKind,
  type DonationListFilters,
  type DonationListState,
} from "./finance-labels";

/** Finance's view of donations (/admin/donativos): the list, its export, one donation and its files. */
export const DONATIONS_PAGE_SIZE = 25;

/** An export holds every filtered row, up to this many (a year of gifts many times over). */
export const DONATIONS_EXPORT_LIMIT = 50_000;

/** A calendar day "YYYY-MM-DD" that exists (no 30 February). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const parsed = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
  });

const filterSchema = z.object({
  estado: z.enum(DONATION_LIST_STATES).optional().catch(undefined),
  desde: calendarDay.optional().catch(undefined),
  hasta: calendarDay.optional().catch(undefined),
  factura: z.enum(INVOICE_PRESENCE).optional().catch(undefined),
  pagina: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** The list's filters from the query string; unknown or malformed values are dropped (a bookmarked address never fails). */
export function parseDonationFilters(searchParams: URLSearchParams): DonationListFilters {
  const raw: Record<string, string> = {};
  for (const key of ["estado", "desde", "hasta", "factura", "pagina"]) {
    const value = searchParams.get(key);
    if (value) raw[key] = value;
  }
  const parsed = filterSchema.parse(raw);
  return { status: parsed.estado, from: parsed.desde, to: parsed.hasta, invoice: parsed.factura, page: parsed.pagina };
}

export interface DonationListRow {
  id: number;
  controlNumber: string;
  amountCentavos: number;
  status: DonationStatus;
  /** What the list shows: the status, or "reembolsada" once a refund is recorded. */
  listState: DonationListState;
  refundedCentavos: number | null;
  donorName: string;
  donorEmail: string;
  createdAt: string;
  approvedAt: string | null;
  invoiceRequestId: number | null;
  cfdiFolio: string | null;
  hasLetter: boolean;
  hasTaxCertificate: boolean;
}

function filtered(db: Kysely<DB>, filters: DonationListFilters) {
  // A donation has at most one invoice request (unique index, migration 0019) and at most one
  // refund (its one card attempt, UNIQUE in refunds), so the joins keep one row per donation.
  let query = db
    .selectFrom("donations as d")
    .leftJoin("invoice_requests as i", "i.donation_id", "d.id")
    .leftJoin("refunds as r", "r.donation_id", "d.id");
  if (filters.status === "reembolsada") query = query.where("r.id", "is not", null);
  else if (filters.status) query = query.where("d.status", "=", filters.status).where("r.id", "is", null);
  if (filters.from) query = query.where("d.created_at", ">=", startOfDayInMexicoCity(filters.from));
  if (filters.to) query = query.where("d.created_at", "<", endOfDayInMexicoCity(filters.to));
  if (filters.invoice === "con") query = query.where("i.id", "is not", null);
  if (filters.invoice === "sin") query = query.where("i.id", "is", null);
  return query;
}

async function selectRows(
  db: Kysely<DB>,
  filters: DonationListFilters,
  limit: number,
  offset: number,
  after: readonly [createdAt: string, id: number] | null = null,
): Promise<DonationListRow[]> {
  let query = filtered(db, filters);
  if (after) query = query.where(keysetTerms([sql`d.created_at`, sql`d.id`], "desc", { direction: "after", key: after }).where!);
  const rows = await query
    .select([
      "d.id",
      "d.control_number",
      "d.amount_centavos",
      "d.status",
      "d.donor_name",
      "d.donor_email",
      "d.created_at",
      "d.approved_at",
      "d.letter_file_id",
      "d.tax_certificate_file_id",
      "i.id as invoice_id",
      "i.cfdi_folio",
      "r.amount_centavos as refunded_centavos",
    ])
    .orderBy("d.created_at", "desc")
    .orderBy("d.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    controlNumber: row.control_number,
    amountCentavos: row.amount_centavos,
    status: row.status,
    listState: row.refunded_centavos !== null ? "reembolsada" : row.status,
    refundedCentavos: row.refunded_centavos,
    donorName: row.donor_name,
    donorEmail: row.donor_email,
    createdAt: row.created_at,
    approvedAt: row.approved_at,
    invoiceRequestId: row.invoice_id,
    cfdiFolio: row.cfdi_folio,
    hasLetter: row.letter_file_id !== null,
    hasTaxCertificate: row.tax_certificate_file_id !== null,
  }));
}

/**
 * One page of donations, newest first, with the total and the approved amount (less what was
 * refunded) of the whole filtered set. The count reads an index (joins only when a filter needs
 * them) and the amount reads the approved donations only (donations_status), never the whole table.
 */
export async function listDonations(db: Kysely<DB>, filters: DonationListFilters) {
  const needsJoins = Boolean(filters.status || filters.invoice);
  let count = needsJoins ? filtered(db, filters) : db.selectFrom("donations as d");
  if (!needsJoins && filters.from) count = count.where("d.created_at", ">=", startOfDayInMexicoCity(filters.from));
  if (!needsJoins && filters.to) count = count.where("d.created_at", "<", endOfDayInMexicoCity(filters.to));
  const approvedOnly = filters.status === undefined || filters.status === "aprobada" || filters.status === "reembolsada";
  const [counted, approved] = await Promise.all([
    count.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    approvedOnly
      ? filtered(db, filters)
          .where("d.status", "=", "aprobada")
          .select((eb) => eb.fn.sum<number | null>(eb("d.amount_centavos", "-", eb.fn.coalesce("r.amount_centavos", eb.lit(0)))).as("approved"))
          .executeTakeFirstOrThrow()
      : { approved: 0 },
  ]);
  const total = Number(counted.n);
  const pages = Math.max(1, Math.ceil(total / DONATIONS_PAGE_SIZE));
  const rows = await selectRows(db, filters, DONATIONS_PAGE_SIZE, (filters.page - 1) * DONATIONS_PAGE_SIZE);
  return { rows, total, pages, approvedCentavos: Number(approved.approved ?? 0) };
}

/** Rows per batch of a streamed donations export (decision 0040). */
export const DONATIONS_EXPORT_BATCH = 250;

/** Every donation the filters select (no page), newest first, a batch at a time after the last one's (created_at, id). */
export function donationExportBatches(db: Kysely<DB>, filters: DonationListFilters): RowBatches<DonationListRow> {
  return keysetBatches<DonationListRow, readonly [string, number]>(
    (after, size) => selectRows(db, filters, size, 0, after),
    (row) => [row.createdAt, row.id],
    DONATIONS_EXPORT_BATCH,
    DONATIONS_EXPORT_LIMIT,
  );
}

/** Every row of the export at once (tests; the route streams `donationExportBatches`). */
export async function donationExportRows(db: Kysely<DB>, filters: DonationListFilters): Promise<DonationListRow[]> {
  const rows: DonationListRow[] = [];
  for await (const batch of donationExportBatches(db, filters)) rows.push(...batch);
  return rows;
}

/** The export's columns, typed once for both files (spreadsheet.server.ts). */
export const DONATION_EXPORT_COLUMNS: SpreadsheetColumns<DonationListRow> = [
  { header: "Fecha (Ciudad de México)", width: 18, type: "date", value: (row) => row.createdAt },
  { header: "Número de control", width: 30, type: "text", value: (row) => row.controlNumber },
  { header: "Donante", width: 32, type: "text", value: (row) => row.donorName },
  { header: "Correo electrónico", width: 32, type: "text", value: (row) => row.donorEmail },
  { header: "Importe (MXN)", width: 14, type: "money", value: (row) => row.amountCentavos },
  { header: "Estado", width: 22, type: "text", value: (row) => DONATION_LIST_STATE_LABELS[row.listState] },
  { header: "Aprobada (Ciudad de México)", width: 18, type: "date", value: (row) => row.approvedAt },
  {
    header: "Solicitud de factura",
    width: 18,
    type: "text",
    value: (row) => (row.invoiceRequestId === null ? "No" : row.cfdiFolio ? "Facturada" : "Pendiente"),
  },
  { header: "Folio CFDI", width: 40, type: "text", value: (row) => row.cfdiFolio },
];
warmXlsxTemplate(DONATION_EXPORT_COLUMNS);

export function donationsCsv(rows: readonly DonationListRow[]): Buffer {
  return csvFile(DONATION_EXPORT_COLUMNS, rows);
}

export async function donationsXlsx(rows: readonly DonationListRow[]): Promise<Buffer> {
  return xlsxFile(DONATION_EXPORT_COLUMNS, rows);
}

/** Donors' names and e-mails left the system: who exported, with which filters, how many rows. */
export async function recordDonationsExport(
  db: Kysely<DB>,
  ctx: StaffContext,
  format: "csv" | "xlsx",
  filters: DonationListFilters,
  rows: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { page: _page, ...selection } = filters;
    await audit(trx, ctx, { action: "donativos.exportar", entity: "donation", entityId: "lista", after: { format, filters: selection, rows } });
  });
}

export interface DonationAttempt {
  id: number;
  controlNumber: string;
  amountCentavos: number;
  status: PaymentAttemptStatus;
  provider: "banorte" | "simulator";
  verification: PaymentVerification | null;
  authorisationCode: string | null;
  reference: string | null;
  refundReason: string | null;
  createdAt: string;
  settledAt: string | null;
  events: { id: number; kind: string; outcome: string; reason: string | null; receivedAt: string }[];
}

/** One donation for the detail page: donor, amount, status, its card attempts with their events, files, invoice request and refund. */
export async function getDonationDetail(db: Kysely<DB>, donationId: number) {
  const donation = await db.selectFrom("donations").selectAll().where("id", "=", donationId).executeTakeFirst();
  if (!donation) return null;
  const attempts = await db
    .selectFrom("payment_attempts")
    .select([
      "id",
      "control_number",
      "amount_centavos",
      "status",
      "provider",
      "verification",
      "codigo_aut",
      "referencia",
      "refund_reason",
      "created_at",
      "settled_at",
    ])
    .where("donation_id", "=", donationId)
    .orderBy("id")
    .execute();
  const events =
    attempts.length === 0
      ? []
      : await db
          .selectFrom("payment_events")
          .select(["id", "payment_attempt_id", "kind", "outcome", "reason", "received_at"])
          .where(
            "payment_attempt_id",
            "in",
            attempts.map((a) => a.id),
          )
          .orderBy("id")
          .execute();
  const invoice = await db.selectFrom("invoice_requests").selectAll().where("donation_id", "=", donationId).executeTakeFirst();
  const refund = await db
    .selectFrom("refunds")
    .select(["id", "amount_centavos", "reason", "recorded_by", "created_at"])
    .where("donation_id", "=", donationId)
    .executeTakeFirst();
  const approvedAttempt = attempts.find((a) => a.status === "approved");
  return {
    donation: {
      id: donation.id,
      controlNumber: donation.control_number,
      amountCentavos: donation.amount_centavos,
      status: donation.status,
      donorName: donation.donor_name,
      donorEmail: donation.donor_email,
      createdAt: donation.created_at,
      approvedAt: donation.approved_at,
      receiptSentAt: donation.receipt_sent_at,
      hasLetter: donation.letter_file_id !== null,
      hasTaxCertificate: donation.tax_certificate_file_id !== null,
    },
    refund: refund
      ? { id: refund.id, amountCentavos: refund.amount_centavos, reason: refund.reason, recordedBy: refund.recorded_by, createdAt: refund.created_at }
      : null,
    /** The amount a refund may give back (the approved card payment), or null when there is nothing to refund. */
    refundableCentavos: !refund && donation.status === "aprobada" && approvedAttempt ? approvedAttempt.amount_centavos : null,
    attempts: attempts.map((a): DonationAttempt => ({
      id: a.id,
      controlNumber: a.control_number,
      amountCentavos: a.amount_centavos,
      status: a.status,
      provider: a.provider,
      verification: a.verification,
      authorisationCode: a.codigo_aut,
      reference: a.referencia,
      refundReason: a.refund_reason,
      createdAt: a.created_at,
      settledAt: a.settled_at,
      events: events
        .filter((e) => e.payment_attempt_id === a.id)
        .map((e) => ({ id: e.id, kind: e.kind, outcome: e.outcome, reason: e.reason, receivedAt: e.received_at })),
    })),
    invoice: invoice
      ? {
          id: invoice.id,
          rfc: invoice.rfc,
          legalName: invoice.legal_name,
          taxRegime: invoice.tax_regime,
          postcode: invoice.postcode,
          cfdiUse: invoice.cfdi_use,
          cfdiFolio: invoice.cfdi_folio,
          invoicedAt: invoice.invoiced_at,
          invoicedBy: invoice.invoiced_by,
          createdAt: invoice.created_at,
        }
      : null,
  };
}

export type DonationDetail = NonNullable<Awaited<ReturnType<typeof getDonationDetail>>>;

/** The letter of intent or the constancia of one donation (private stored files), or null. */
export async function getDonationFile(db: Kysely<DB>, donationId: number, kind: DonationFileKind) {
  const donation = await db
    .selectFrom("donations")
    .select(["letter_file_id", "tax_certificate_file_id"])
    .where("id", "=", donationId)
    .executeTakeFirst();
  const fileId = kind === "carta" ? donation?.letter_file_id : donation?.tax_certificate_file_id;
  if (!fileId) return null;
  return (await getStoredFile(db, fileId)) ?? null;
}

/** A donor's private file was opened by staff (personal and tax data): audited like participants' documents. */
export async function recordDonationFileView(db: Kysely<DB>, ctx: StaffContext, donationId: number, kind: DonationFileKind): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await audit(trx, ctx, { action: "donativo.archivo.ver", entity: "donation", entityId: donationId, after: { archivo: kind } });
  });
}
