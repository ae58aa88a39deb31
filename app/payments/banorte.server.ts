import type { AppConfig } from "~/config.server";
import type { BanorteMode } from "~/db.server";
import type { PaymentProvider } from "./provider.server";

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
): PaymentProvider {
  const missing = (["BANORTE_MERCHANT_ID", "BANORTE_USER", "BANORTE_PASSWORD", "BANORTE_TERMINAL_ID", "BANORTE_CERTIFICATE_PATH"] as const).filter(
    (key) => !config[key],
  );
  if (missing.length > 0) throw new Error(`Banorte payments are not configured: set ${missing.join(", ")}`);
  let certificate: string | null = null;
  return {
    name: "banorte",
    mode,
    credentials: {
      merchantId: config.BANORTE_MERCHANT_ID!,
      user: config.BANORTE_USER!,
      password: config.BANORTE_PASSWORD!,
      terminalId: config.BANORTE_TERMINAL_ID!,
      merchantName: config.BANORTE_MERCHANT_NAME,
      merchantCity: config.BANORTE_MERCHANT_CITY,
    },
    scriptUrls: BANORTE_SCRIPT_URLS,
    async certificatePem() {
      certificate ??= readFile(config.BANORTE_CERTIFICATE_PATH!);
      return certificate;
    },
  };
}
