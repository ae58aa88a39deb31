// The donation form's choices and limits, shared by the page and the server's validation.

/** Online gifts: $10.00 to $100,000.00 (larger ones by bank transfer). */
export const MIN_DONATION_CENTAVOS = 1_000;
export const MAX_DONATION_CENTAVOS = 10_000_000;

/** One-tap suggested amounts (the radio values are what the server reads, in pesos). */
export const SUGGESTED_AMOUNTS = ["100.00", "250.00", "500.00", "1000.00"] as const;
/** The radio that lets the donor type an amount in `otra_cantidad`. */
export const OTHER_AMOUNT = "otra";

export const DONATION_FIELDS = {
  amount: "Amount",
  otherAmount: "otra_cantidad",
  name: "donativo_nombre",
  email: "donativo_correo",
  wantsInvoice: "factura",
  letter: "donativo_carta_motivo",
  taxCertificate: "donativo_facturacion",
  /** Honeypot: hidden from people, filled by bots. */
  honeypot: "sitio_web",
} as const;
