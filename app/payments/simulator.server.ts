import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { BanorteMode, DB } from "~/db.server";
import { decryptParams, encryptResponse } from "./banorte/cipher.server";
import type { MerchantCredentials, PaymentProvider } from "./provider.server";
import { getSimulatorKeyPair } from "./simulator-certificate.server";

/** Test credentials the simulator's "bank" knows; they mean nothing to Banorte. */
export const SIMULATOR_CREDENTIALS: MerchantCredentials = {
  merchantId: "7654321",
  user: "simulador",
  password: "simulador",
  terminalId: "76543210",
  merchantName: "HIMFG",
  merchantCity: "Ciudad de Mexico",
};

export const SIMULATOR_SCRIPT_URL = "/simulador-banorte/checkoutV2.js";

/** The test cards the simulator's lightbox offers, and what the "bank" answers to each. */
export const TEST_CARDS = {
  "4111111111111111": "A",
  "4000000000000002": "D",
  "4000000000000119": "T",
} as const;

export function createSimulatorProvider(db: Kysely<DB>, mode: BanorteMode): PaymentProvider {
  return {
    name: "simulator",
    mode,
    credentials: SIMULATOR_CREDENTIALS,
    scriptUrls: [SIMULATOR_SCRIPT_URL],
    async certificatePem() {
      return (await getSimulatorKeyPair(db)).certificatePem;
    },
  };
}

export type SimulatedAnswer =
  | { ok: true; response: Record<string, string> }
  | { ok: false; errorCode: string; message: string };

/** Control numbers the simulated bank has seen (Banorte rejects a reused one: PAYW-3039). */
const seenControlNumbers = new Set<string>();

/**
 * What Banorte does with Params and a card: decrypt (RSA-OAEP SHA-256/MGF1-SHA-1, then AES-CTR),
 * authenticate the merchant, authorise, and answer with the result encrypted under the same keys.
 */
export async function answerSimulatedPayment(db: Kysely<DB>, paramsString: string, cardNumber: string): Promise<SimulatedAnswer> {
  const { privateKeyPem } = await getSimulatorKeyPair(db);
  let decrypted: ReturnType<typeof decryptParams>;
  try {
    decrypted = decryptParams(paramsString, privateKeyPem);
  } catch {
    return { ok: false, errorCode: "AUT-10", message: "Authentication failed" };
  }
  const { params, keys } = decrypted;
  const credentials = SIMULATOR_CREDENTIALS;
  if (
    params.merchantId !== credentials.merchantId ||
    params.name !== credentials.user ||
    params.password !== credentials.password ||
    params.terminalId !== credentials.terminalId
  ) {
    return { ok: false, errorCode: "AUT-10", message: "Authentication failed" };
  }
  const controlNumber = String(params.controlNumber ?? "");
  if (!/^[A-Za-z0-9]{1,30}$/.test(controlNumber) || !/^\d{1,13}\.\d{2}$/.test(String(params.amount ?? ""))) {
    return { ok: false, errorCode: "PAYW-1000", message: "Invalid parameters" };
  }
  if (seenControlNumbers.has(controlNumber)) return { ok: false, errorCode: "PAYW-3039", message: "Control number already used" };
  seenControlNumbers.add(controlNumber);

  const digits = cardNumber.replace(/\D/g, "");
  const byCard: string = digits in TEST_CARDS ? TEST_CARDS[digits as keyof typeof TEST_CARDS] : "D";
  const mode = String(params.mode);
  const outcome = mode === "DEC" ? "D" : mode === "RND" ? (crypto.randomInt(2) === 0 ? "A" : "D") : byCard;
  const now = new Date().toISOString();
  const result: Record<string, unknown> = {
    idAfiliacion: Number(credentials.merchantId),
    referencia: outcome === "T" ? "" : String(crypto.randomInt(100_000_000_000, 999_999_999_999)),
    numeroControl: controlNumber,
    fechaReqCte: now,
    fechaRspCte: now,
    resultadoPayw: outcome,
    codigoAut: outcome === "A" ? String(crypto.randomInt(100_000, 999_999)) : "",
    texto: outcome === "A" ? "Aprobada" : outcome === "T" ? "Sin respuesta del autorizador" : "Declinada",
  };
  if (outcome === "D") Object.assign(result, { codigoPayw: "05", resultadoAut: "Declinada" });
  return {
    ok: true,
    response: {
      data: encryptResponse(result, keys),
      numeroControl: controlNumber,
      status3D: "200",
      eci: "05",
      decision: outcome === "A" ? "ACCEPT" : "REJECT",
      reasonCode: outcome === "A" ? "100" : "481",
      bnteCode: outcome === "A" ? "00" : "05",
      bnteText: String(result.texto),
      id: crypto.randomUUID(),
      message: String(result.texto),
    },
  };
}
