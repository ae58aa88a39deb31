import fs from "node:fs";
import type { Kysely } from "kysely";
import { readConfig, resolvePaymentMode, type AppConfig } from "~/config.server";
import type { BanorteMode, DB, PaymentProviderName } from "~/db.server";
import { encryptParams, type BanorteKeys } from "./banorte/cipher.server";

/** Banorte's credentials: server-only, never sent to a browser. */
export interface MerchantCredentials {
  merchantId: string;
  user: string;
  password: string;
  terminalId: string;
  merchantName: string;
  merchantCity: string;
}

/**
 * A card payment provider. Both implementations speak Banorte VCE; they differ only in where the
 * certificate and credentials come from and which lightbox script the page loads. Everything
 * else (parameters, encryption, decisions) is shared code in payments.server.ts.
 */
export interface PaymentProvider {
  name: PaymentProviderName;
  mode: BanorteMode;
  credentials: MerchantCredentials;
  /** Scripts the payment page loads, in order, before calling Payment.startPayment. */
  scriptUrls: string[];
  certificatePem(): Promise<string>;
}

export interface VceOrder {
  controlNumber: string;
  amountCentavos: number;
  /** Our own reference (ref1): the enrolment id. */
  reference: string;
}

/** The VCE parameter JSON, with exactly the manual's keys and no empty ones. */
export function buildVceParams(provider: PaymentProvider, order: VceOrder): Record<string, string> {
  const { credentials } = provider;
  if (!Number.isInteger(order.amountCentavos) || order.amountCentavos <= 0) throw new RangeError("amount must be > 0");
  const params: Record<string, string> = {
    merchantId: credentials.merchantId,
    name: credentials.user,
    password: credentials.password,
    mode: provider.mode,
    controlNumber: order.controlNumber,
    terminalId: credentials.terminalId,
    amount: (order.amountCentavos / 100).toFixed(2),
    customerRef1: order.reference,
    merchantName: asciiOnly(credentials.merchantName),
    merchantCity: asciiOnly(credentials.merchantCity),
    lang: "ES",
  };
  for (const [key, value] of Object.entries(params)) if (!value) delete params[key];
  return params;
}

/** Banorte refuses accents, ñ and punctuation in values. */
function asciiOnly(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 .,-]/g, "")
    .trim();
}

export async function encryptOrder(
  provider: PaymentProvider,
  order: VceOrder,
): Promise<{ params: string; keys: BanorteKeys }> {
  return encryptParams(buildVceParams(provider, order), await provider.certificatePem());
}

/** The provider in effect for this configuration. */
export async function getPaymentProvider(db: Kysely<DB>, config: AppConfig = readConfig()): Promise<PaymentProvider> {
  const { provider, mode } = resolvePaymentMode(config);
  if (provider === "banorte") {
    const { createBanorteProvider } = await import("./banorte.server");
    return createBanorteProvider(config, mode, (path) => fs.readFileSync(path, "utf8"));
  }
  const { createSimulatorProvider } = await import("./simulator.server");
  return createSimulatorProvider(db, mode);
}
