import fs from "node:fs";
import type { Kysely } from "kysely";
import { readConfig, resolvePaymentMode, type AppConfig } from "~/config.server";
import type { DB } from "~/db.server";
import { encryptParams, type BanorteKeys } from "./banorte/cipher.server";
import type { PaymentProvider, VceOrder } from "./provider-types";

export type { AttemptToVerify, BankVerification, MerchantCredentials, PaymentProvider, VceOrder } from "./provider-types";

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

export async function encryptOrder(provider: PaymentProvider, order: VceOrder): Promise<{ params: string; keys: BanorteKeys }> {
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

/**
 * The ways a relayed card approval can be confirmed in this configuration (decision 0030), said at
 * start-up: the bank's own verification when there is one, and always Banorte's report and a
 * finance member's manual confirmation at /admin/conciliacion.
 */
export function confirmationPaths(config: AppConfig = readConfig()): { bankVerification: boolean; paths: string[] } {
  const { provider } = resolvePaymentMode(config);
  const bankVerification = provider === "simulator" || Boolean(config.BANORTE_VERIFY_URL);
  const paths = [
    ...(provider === "simulator"
      ? ["the simulator's own record (instant)"]
      : config.BANORTE_VERIFY_URL
        ? [`Payworks verification at ${new URL(config.BANORTE_VERIFY_URL).origin} (every PAYMENT_MAINTENANCE_SECONDS)`]
        : []),
    "Banorte's transaction report imported at /admin/conciliacion (or npm run payments:reconcile)",
    "a finance member's confirmation from the Banorte console at /admin/conciliacion",
  ];
  return { bankVerification, paths };
}
