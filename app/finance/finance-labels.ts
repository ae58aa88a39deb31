import type { DonationStatus } from "~/db.server";

// Words and addresses of the finance screens, shared by the pages and the server (client-safe).

export const DONATION_STATUSES = [
  "pendiente",
  "aprobada",
  "rechazada",
  "cancelada",
  "sin_respuesta",
  "expirada",
] as const satisfies readonly DonationStatus[];

export const DONATION_STATUS_LABELS: Record<DonationStatus, string> = {
  pendiente: "Pendiente de pago",
  aprobada: "Aprobada",
  rechazada: "Rechazada por el banco",
  cancelada: "Cancelada",
  sin_respuesta: "Sin respuesta del banco",
  expirada: "Expirada",
};

/**
 * The states the donations list shows and filters by: the donation's own status, and
 * "reembolsada" for an approved donation whose money went back (a refunds row, migration 0027;
 * the donation's status stays "aprobada").
 */
export const DONATION_LIST_STATES = [...DONATION_STATUSES, "reembolsada"] as const;
export type DonationListState = (typeof DONATION_LIST_STATES)[number];
export const DONATION_LIST_STATE_LABELS: Record<DonationListState, string> = {
  ...DONATION_STATUS_LABELS,
  reembolsada: "Reembolsado",
};

/** The list's "factura" filter: with or without an invoice request. */
export const INVOICE_PRESENCE = ["con", "sin"] as const;
export type InvoicePresence = (typeof INVOICE_PRESENCE)[number];
export const INVOICE_PRESENCE_LABELS: Record<InvoicePresence, string> = {
  con: "Con solicitud de factura",
  sin: "Sin solicitud de factura",
};

/** The queue's filter: pending or already invoiced requests. */
export const INVOICE_STATES = ["pendiente", "facturada"] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  pendiente: "Pendientes",
  facturada: "Facturadas",
};

export const DONATION_FILE_KINDS = ["carta", "constancia"] as const;
export type DonationFileKind = (typeof DONATION_FILE_KINDS)[number];
export const DONATION_FILE_LABELS: Record<DonationFileKind, string> = {
  carta: "Carta de intención",
  constancia: "Constancia de situación fiscal",
};

export interface DonationListFilters {
  status?: DonationListState;
  /** Calendar days (YYYY-MM-DD) in Mexico City, both included. */
  from?: string;
  to?: string;
  invoice?: InvoicePresence;
  page: number;
}

/** The query string of a donations list or export with these filters (the names the form uses). */
export function donationFilterQuery(filters: DonationListFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("estado", filters.status);
  if (filters.from) params.set("desde", filters.from);
  if (filters.to) params.set("hasta", filters.to);
  if (filters.invoice) params.set("factura", filters.invoice);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

export const PAYMENT_EVENT_KIND_LABELS: Record<string, string> = {
  success: "Respuesta del banco: aprobada",
  error: "Respuesta del banco: error o declinada",
  cancel: "Cancelado por el donante",
  closed: "Ventana de pago cerrada",
  unknown: "Respuesta no reconocida",
  verify: "Verificación con el banco",
  reconcile: "Conciliación con el reporte del banco",
  expire: "Vencimiento",
};

export const PAYMENT_EVENT_OUTCOME_LABELS: Record<string, string> = {
  applied: "Aplicado",
  ignored: "Sin efecto",
  tampering: "Rechazado por alterado",
};

export const VERIFICATION_LABELS: Record<string, string> = {
  verificado: "Verificado con el banco",
  por_conciliar: "Por conciliar con el reporte del banco",
  conciliado: "Conciliado",
  confirmado_manual: "Confirmado por finanzas en la consola del banco",
  discrepancia: "Discrepancia con el reporte del banco",
};

// The ledger (/admin/pagos): every peso that moved or is waiting, one line per movement.

/** What a line is: a card payment for an enrolment, an off-line payment, a refund, or a donation by card. */
export const LEDGER_KINDS = ["tarjeta", "fuera_de_linea", "reembolso", "donativo"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  tarjeta: "Pago con tarjeta",
  fuera_de_linea: "Pago fuera de línea",
  reembolso: "Reembolso",
  donativo: "Donativo",
};

/** What the money is for. */
export const LEDGER_PURPOSES = ["inscripcion", "donativo"] as const;
export type LedgerPurpose = (typeof LEDGER_PURPOSES)[number];
export const LEDGER_PURPOSE_LABELS: Record<LedgerPurpose, string> = {
  inscripcion: "Inscripción",
  donativo: "Donativo",
};

/**
 * A line's state, read from the attempt's status and verification and from the refunds:
 * an approved card payment whose report disagreed is a discrepancy; an approval flagged for
 * refund is "por reembolsar" until a refund is recorded, then "reembolsado".
 */
export const LEDGER_STATUSES = ["aprobado", "en_verificacion", "discrepancia", "por_reembolsar", "reembolsado", "recibido", "devuelto"] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
export const LEDGER_STATUS_LABELS: Record<LedgerStatus, string> = {
  aprobado: "Aprobado",
  en_verificacion: "En verificación",
  discrepancia: "Discrepancia",
  por_reembolsar: "Por reembolsar",
  reembolsado: "Reembolsado",
  recibido: "Recibido",
  devuelto: "Reembolso registrado",
};

export interface LedgerFilters {
  /** Calendar days (YYYY-MM-DD) in Mexico City, both included; always set (the current month by default). */
  from: string;
  to: string;
  purpose?: LedgerPurpose;
  status?: LedgerStatus;
  course?: number;
  page: number;
}

/** The query string of a ledger page or export with these filters (the names the form uses). */
export function ledgerFilterQuery(filters: LedgerFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  params.set("desde", filters.from);
  params.set("hasta", filters.to);
  if (filters.purpose) params.set("concepto", filters.purpose);
  if (filters.status) params.set("estado", filters.status);
  if (filters.course !== undefined) params.set("curso", String(filters.course));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return params.toString();
}

const signedMxn = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" });

/** An amount in centavos that may be negative (a refund): "-$500.00". */
export function formatSignedMoney(centavos: number): string {
  return signedMxn.format(centavos / 100);
}

const monthLong = new Intl.DateTimeFormat("es-MX", { month: "long", year: "numeric", timeZone: "UTC" });
const monthShort = new Intl.DateTimeFormat("es-MX", { month: "short", year: "numeric", timeZone: "UTC" });

/** 'YYYY-MM' → "marzo de 2026" (or "mar 2026" short): a calendar month, no time zone involved. */
export function formatCalendarMonth(month: string, style: "long" | "short" = "long"): string {
  return (style === "long" ? monthLong : monthShort).format(new Date(`${month}-01T00:00:00Z`));
}
