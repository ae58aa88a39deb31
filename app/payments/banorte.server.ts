import type { AppConfig } from "~/config.server";
import type { BanorteMode } from "~/db.server";
import type { AttemptToVerify, BankVerification, MerchantCredentials, PaymentProvider } from "./provider-types";

/** Banorte's own scripts, loaded live from Banorte (the manual forbids a local copy). */
export const BANORTE_SCRIPT_URLS = [
  "https://multicobros.banorte.com/orquestador/resources/js/jquery-3.3.1.js",
  "https://multicobros.banorte.com/orquestador/lightbox/checkoutV2.js",
];
export const BANORTE_SCRIPT_ORIGIN = "https://multicobros.banorte.com";

/** Banorte VCE: credentials and the certificate come from configuration. */
export function createBanorteProvider(
  config: AppConfig,
  mode: BanorteMode,
  readFile: (path: string) => string,
  fetcher: typeof fetch = fetch,
): PaymentProvider {
  const missing = (["BANORTE_MERCHANT_ID", "BANORTE_USER", "BANORTE_PASSWORD", "BANORTE_TERMINAL_ID", "BANORTE_CERTIFICATE_PATH"] as const).filter(
    (key) => !config[key],
  );
  if (missing.length > 0) throw new Error(`Banorte payments are not configured: set ${missing.join(", ")}`);
  let certificate: string | null = null;
  const credentials: MerchantCredentials = {
    merchantId: config.BANORTE_MERCHANT_ID!,
    user: config.BANORTE_USER!,
    password: config.BANORTE_PASSWORD!,
    terminalId: config.BANORTE_TERMINAL_ID!,
    merchantName: config.BANORTE_MERCHANT_NAME,
    merchantCity: config.BANORTE_MERCHANT_CITY,
  };
  const verifyUrl = config.BANORTE_VERIFY_URL;
  return {
    name: "banorte",
    mode,
    credentials,
    scriptUrls: BANORTE_SCRIPT_URLS,
    async certificatePem() {
      certificate ??= readFile(config.BANORTE_CERTIFICATE_PATH!);
      return certificate;
    },
    verifyPayment: (attempt) =>
      verifyUrl ? verifyWithPayworks(fetcher, verifyUrl, credentials, mode, attempt) : Promise.resolve({ kind: "unavailable" }),
  };
}

/**
 * Payworks 2 "VERIFY" by control number. UNCONFIRMED: the field names follow Payworks 2's
 * published integrations (request: MERCHANT_ID, USER, PASSWORD, CMD_TRANS, TERMINAL_ID, MODE,
 * CONTROL_NUMBER as a form; answer: RESULTADO_PAYW, REFERENCIA, CODIGO_AUT, TEXTO in the response
 * headers, some integrations in the body as KEY=value lines). Whether a VCE merchant's user may
 * call it at all is unknown (docs/decisions/0013). Anything unexpected is an "error": the payment
 * then stays unconfirmed and reconciliation settles it, so a wrong guess here can delay a
 * confirmation but never invent one.
 */
export async function verifyWithPayworks(
  fetcher: typeof fetch,
  url: string,
  credentials: MerchantCredentials,
  mode: BanorteMode,
  attempt: AttemptToVerify,
): Promise<BankVerification> {
  const body = new URLSearchParams({
    MERCHANT_ID: credentials.merchantId,
    USER: credentials.user,
    PASSWORD: credentials.password,
    CMD_TRANS: "VERIFY",
    TERMINAL_ID: credentials.terminalId,
    MODE: mode,
    CONTROL_NUMBER: attempt.controlNumber,
  });
  let response: Response;
  try {
    response = await fetcher(url, { method: "POST", body, signal: AbortSignal.timeout(15_000), redirect: "error" });
  } catch (error) {
    return { kind: "error", message: `Payworks no respondió: ${error instanceof Error ? error.message : String(error)}` };
  }
  const text = (await response.text().catch(() => "")).slice(0, 10_000);
  const fields = new Map<string, string>();
  for (const line of text.split(/\r?\n|&/)) {
    const match = /^\s*([A-Z_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) fields.set(match[1]!, decodeURIComponent(match[2]!.replace(/\+/g, " ")));
  }
  const read = (name: string) => response.headers.get(name) ?? fields.get(name) ?? null;
  if (!response.ok) return { kind: "error", message: `Payworks respondió ${response.status}` };
  const result = read("RESULTADO_PAYW");
  if (result === "A") {
    const referencia = read("REFERENCIA");
    const codigoAut = read("CODIGO_AUT");
    if (!referencia || !/^\d{12}$/.test(referencia) || !codigoAut || !/^[A-Za-z0-9]{6}$/.test(codigoAut)) {
      return { kind: "error", message: "Payworks aprobó sin referencia o código de autorización legibles" };
    }
    const amount = read("MONTO");
    const amountCentavos = amount && /^\d{1,13}(\.\d{1,2})?$/.test(amount) ? Math.round(Number(amount) * 100) : null;
    return { kind: "approved", referencia, codigoAut, amountCentavos };
  }
  if (result === "D") return { kind: "declined" };
  if (result === "R") {
    // A VERIFY for a control number Banorte never saw is answered as a rejection (assumed).
    return /no existe|not found|no encontrad/i.test(read("TEXTO") ?? "") ? { kind: "not-found" } : { kind: "rejected" };
  }
  if (result === "T") return { kind: "no-answer" };
  return { kind: "error", message: "Payworks respondió sin RESULTADO_PAYW" };
}
