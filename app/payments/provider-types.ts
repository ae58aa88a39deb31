import type { BanorteMode, PaymentProviderName } from "~/db.server";

// The provider contract, in a module of its own so the factory (provider.server.ts) and the two
// implementations (banorte.server.ts, simulator.server.ts) depend on it and not on each other.

/** Banorte's credentials: server-only, never sent to a browser. */
export interface MerchantCredentials {
  merchantId: string;
  user: string;
  password: string;
  terminalId: string;
  merchantName: string;
  merchantCity: string;
}

/** What the bank is asked about: one attempt, by control number. */
export interface AttemptToVerify {
  controlNumber: string;
  amountCentavos: number;
}

/**
 * The bank's own word about an attempt, asked server-to-server (never through the browser).
 * `unavailable`: this merchant cannot ask (Banorte without BANORTE_VERIFY_URL); the payment is
 * then confirmed "por conciliar" and reconciliation against Banorte's report settles it.
 * `error`: the question could not be answered now (network, unreadable answer): ask again later.
 */
export type BankVerification =
  | { kind: "unavailable" }
  | { kind: "approved"; referencia: string; codigoAut: string; amountCentavos: number | null }
  | { kind: "declined" | "rejected" | "no-answer" | "not-found" }
  | { kind: "error"; message: string };

/**
 * A card payment provider. Both implementations speak Banorte VCE; they differ in where the
 * certificate and credentials come from, which lightbox script the page loads, and whom
 * verifyPayment asks. Everything else (parameters, encryption, decisions) is shared code in
 * payments.server.ts.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  mode: BanorteMode;
  credentials: MerchantCredentials;
  /** Scripts the payment page loads, in order, before calling Payment.startPayment. */
  scriptUrls: string[];
  certificatePem(): Promise<string>;
  /** Asks the bank what became of an attempt. */
  verifyPayment(attempt: AttemptToVerify): Promise<BankVerification>;
}

export interface VceOrder {
  controlNumber: string;
  amountCentavos: number;
  /** Our own reference (ref1): the enrolment id. */
  reference: string;
}
