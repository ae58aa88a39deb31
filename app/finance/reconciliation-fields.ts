import type { ReportColumn } from "~/payments/reconcile.server";

/**
 * The upload form's optional fields naming the bank's header for each report column
 * ("columna_importe"…), with their labels. Client-safe: the page renders them.
 */
export const COLUMN_FIELDS: readonly { column: ReportColumn; field: `columna_${ReportColumn}`; label: string }[] = [
  { column: "numero_control", field: "columna_numero_control", label: "Columna del número de control" },
  { column: "importe", field: "columna_importe", label: "Columna del importe" },
  { column: "resultado", field: "columna_resultado", label: "Columna del resultado" },
  { column: "fecha", field: "columna_fecha", label: "Columna de la fecha" },
  { column: "referencia", field: "columna_referencia", label: "Columna de la referencia" },
  { column: "codigo_autorizacion", field: "columna_codigo_autorizacion", label: "Columna del código de autorización" },
];
