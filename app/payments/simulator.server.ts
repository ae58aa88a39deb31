import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { BanorteMode, DB } from "~/db.server";
import { decryptParams, encryptResponse } from "./banorte/cipher.server";
import type { BankVerification, MerchantCredentials, PaymentProvider } from "./provider-types";
import { isUniqueViolation } from "./control-number.server";
import { getSimulatorKeyPair } from "./simulator-certificate.server";
import * as clock from "~/utils/clock.server";

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
    verifyPayment: ({ controlNumber }) => verifySimulatedPayment(db, controlNumber),
  };
}

/**
 * The simulated bank's server-to-server answer, read from its own record of what it answered
 * (simulator_transactions), never from anything the browser relayed: an edited relay cannot
 * change it.
 */
export async function verifySimulatedPayment(db: Kysely<DB>, controlNumber: string): Promise<BankVerification> {
  const row = await db.selectFrom("simulator_transactions").selectAll().where("control_number", "=", controlNumber).executeTakeFirst();
  if (!row || row.result === null) return { kind: "not-found" };
  if (row.result === "A" && row.referencia && row.codigo_aut) {
    return { kind: "approved", referencia: row.referencia, codigoAut: row.codigo_aut, amountCentavos: row.amount_centavos };
  }
  return { kind: row.result === "D" ? "declined" : row.result === "R" ? "rejected" : "no-answer" };
}

/**
 * The simulated bank's reply in its own terms: an (encrypted) answer, or one of Banorte's error
 * codes. A bank's reply, not a domain Outcome: the simulator's page puts it on the wire as Banorte does.
 */
export type SimulatedAnswer = { kind: "answer"; response: Record<string, string> } | { kind: "error"; errorCode: string; message: string };

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
    return { kind: "error", errorCode: "AUT-10", message: "Authentication failed" };
  }
  const { params, keys } = decrypted;
  const credentials = SIMULATOR_CREDENTIALS;
  if (
    params.merchantId !== credentials.merchantId ||
    params.name !== credentials.user ||
    params.password !== credentials.password ||
    params.terminalId !== credentials.terminalId
  ) {
    return { kind: "error", errorCode: "AUT-10", message: "Authentication failed" };
  }
  const controlNumber = String(params.controlNumber ?? "");
  if (!/^[A-Za-z0-9]{1,30}$/.test(controlNumber) || !/^\d{1,13}\.\d{2}$/.test(String(params.amount ?? ""))) {
    return { kind: "error", errorCode: "PAYW-1000", message: "Invalid parameters" };
  }
  const amountCentavos = Math.round(Number(params.amount) * 100);
  // The bank's books: a control number is taken once (Banorte rejects a reused one: PAYW-3039).
  try {
    await db
      .insertInto("simulator_transactions")
      .values({
        control_number: controlNumber,
        merchant_id: String(params.merchantId),
        amount_centavos: amountCentavos,
        result: null,
        referencia: null,
        codigo_aut: null,
      })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error, "control_number")) return { kind: "error", errorCode: "PAYW-3039", message: "Control number already used" };
    throw error;
  }

  const digits = cardNumber.replace(/\D/g, "");
  const byCard: string = digits in TEST_CARDS ? TEST_CARDS[digits as keyof typeof TEST_CARDS] : "D";
  const mode = String(params.mode);
  const outcome = mode === "DEC" ? "D" : mode === "RND" ? (crypto.randomInt(2) === 0 ? "A" : "D") : byCard;
  const now = clock.nowIso();
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
  await db
    .updateTable("simulator_transactions")
    .set({
      result: outcome as "A" | "D" | "T",
      referencia: result.referencia ? String(result.referencia) : null,
      codigo_aut: result.codigoAut ? String(result.codigoAut) : null,
    })
    .where("control_number", "=", controlNumber)
    .execute();
  return {
    kind: "answer",
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
