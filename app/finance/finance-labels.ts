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
