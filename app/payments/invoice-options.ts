/** Choices of the invoice (CFDI) form, shared by the page and the server's validation. */
/** SAT's catalogue of tax regimes (c_RegimenFiscal), the ones people commonly need. */
export const TAX_REGIMES = [
  { value: "601", label: "601 General de Ley Personas Morales" },
  { value: "603", label: "603 Personas Morales con Fines no Lucrativos" },
  { value: "605", label: "605 Sueldos y Salarios e Ingresos Asimilados a Salarios" },
  { value: "606", label: "606 Arrendamiento" },
  { value: "612", label: "612 Personas Físicas con Actividades Empresariales y Profesionales" },
  { value: "616", label: "616 Sin obligaciones fiscales" },
  { value: "621", label: "621 Incorporación Fiscal" },
  { value: "626", label: "626 Régimen Simplificado de Confianza" },
] as const;

/** SAT's CFDI uses (c_UsoCFDI) that fit a course fee. */
export const CFDI_USES = [
  { value: "G03", label: "G03 Gastos en general" },
  { value: "D10", label: "D10 Pagos por servicios educativos (colegiaturas)" },
  { value: "S01", label: "S01 Sin efectos fiscales" },
  { value: "CP01", label: "CP01 Pagos" },
] as const;
