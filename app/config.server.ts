import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Cron } from "croner";
import { z } from "zod";
import { singleton } from "./utils/singleton.server";

const KEY_FORMAT_MESSAGE = "must be 32 bytes written as base64 (44 characters) or as 64 hex digits, e.g. the output of: openssl rand -base64 32";

/**
 * Every environment variable the site reads, with its default. The README's configuration
 * table mirrors this list; keep them in step.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATABASE_PATH: z.string().default(path.join("data", "himfg.db")),
    PUBLIC_URL: z.preprocess((value) => (value === "" ? undefined : value), z.string().url().optional()),
    // Demo or real use (docs/decisions/0014-demo-and-production.md). Unset: a demo unless
    // PUBLIC_URL is set. A demo may take fake cards and capture mail, and says so on every page.
    DEMO_MODE: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["true", "false", "1", "0"]).optional()),
    SESSION_SECRET: z.string().min(32).optional(),
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    SEED_DEMO_CONTENT: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    TRUST_PROXY: z
      .enum(["true", "false", "1", "0"])
      .default("false")
      .transform((value) => value === "true" || value === "1"),
    CHROMIUM_PATH: z.string().optional(),
    // Launch Chromium and render one small PDF right after the server starts (app/pdf), so the
    // first access PDF is not slow; "false" launches it on the first PDF instead.
    PDF_WARMUP: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    LOG_REQUESTS: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    // Outgoing mail (app/mail). An empty value counts as unset, so `SMTP_URL=` turns it off.
    SMTP_URL: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .url()
        .refine((value) => /^smtps?:\/\//.test(value), "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.string().min(3).default('"Hospital Infantil de México Federico Gómez" <no-responder@himfg.edu.mx>'),
    MAIL_CAPTURE: z
      .enum(["true", "false", "1", "0"])
      .default("true")
      .transform((value) => value === "true" || value === "1"),
    MAIL_CAPTURE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
    // Enrolment and card payments (app/enrolment, app/payments).
    SEAT_HOLD_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
    PAYMENT_PROVIDER: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["simulator", "banorte"]).optional()),
    BANORTE_MODE: z.preprocess((value) => (value === "" ? undefined : value), z.enum(["PRD", "AUT", "DEC", "RND"]).optional()),
    BANORTE_MERCHANT_ID: z
      .string()
      .regex(/^\d{1,7}$/, "must be up to 7 digits")
      .optional(),
    BANORTE_USER: z.string().min(1).max(20).optional(),
    BANORTE_PASSWORD: z.string().min(1).max(20).optional(),
    BANORTE_TERMINAL_ID: z.string().min(1).max(15).optional(),
    BANORTE_MERCHANT_NAME: z.string().min(1).max(25).default("HIMFG"),
    BANORTE_MERCHANT_CITY: z.string().min(1).max(40).default("Ciudad de Mexico"),
    BANORTE_CERTIFICATE_PATH: z.string().optional(),
    // Server-to-server verification (Payworks 2, CMD_TRANS=VERIFY by control number). UNCONFIRMED
    // protocol: see docs/decisions/0013-payment-trust-model.md. Unset: payments are confirmed
    // "por conciliar" and settled by importing Banorte's report.
    BANORTE_VERIFY_URL: z
      .string()
      .url()
      .refine((url) => url.startsWith("https://") || url.startsWith("http://127.0.0.1"), "must be https")
      .optional(),
    // Encrypts the staff members' TOTP secrets at rest (app/staff/totp-secrets.server.ts, decision
    // 0034): 32 random bytes, base64 or 64 hex digits. Required for real use; a demo without it
    // generates one into staff-totp.key beside the database file (never inside it).
    STAFF_TOTP_KEY: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .refine((value) => decodeSecretKey(value) !== null, KEY_FORMAT_MESSAGE)
        .optional(),
    ),
    // Earlier STAFF_TOTP_KEY values, comma-separated: still read, and every secret under one of
    // them is encrypted again under STAFF_TOTP_KEY at start-up (key rotation).
    STAFF_TOTP_PREVIOUS_KEYS: z
      .string()
      .default("")
      .refine(
        (value) =>
          value
            .split(",")
            .map((item) => item.trim())
            .filter(Boolean)
            .every((item) => decodeSecretKey(item) !== null),
        `each key ${KEY_FORMAT_MESSAGE}`,
      ),
    // How often the in-process scheduler expires holds, attempts and sessions (0 = never).
    PAYMENT_MAINTENANCE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    // Backups (app/backups, decision 0043): where the compressed copies go (default: a backups/
    // directory beside the database file; may be a mounted network share), when the job runner takes
    // them (cron patterns in Mexico City time, ";"-separated; "off" = never) and how many are kept.
    BACKUP_DIR: z.preprocess((value) => (value === "" ? undefined : value), z.string().optional()),
    BACKUP_SCHEDULE: z
      .string()
      .default("0 */6 * * *;30 2 * * *")
      .refine((value) => value.trim() === "off" || value.split(";").every((item) => isCronPattern(item.trim())), {
        message: 'cron patterns separated by ";" (e.g. "0 */6 * * *;30 2 * * *"), or "off"',
      }),
    BACKUP_KEEP_RECENT: z.coerce.number().int().min(1).max(1000).default(8),
    BACKUP_KEEP_DAILY: z.coerce.number().int().min(0).max(1000).default(14),
    BACKUP_KEEP_MONTHLY: z.coerce.number().int().min(0).max(1000).default(12),
    // The compatibility API (/api/*): the web origins allowed to call it from a browser (CORS),
    // comma-separated, e.g. "https://cursos.himfg.edu.mx,https://intranet.himfg.edu.mx". Empty: none.
    // They may also show and frame the public files (/archivos/…; server/public-file-headers.ts).
    API_CORS_ORIGINS: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const origins: string[] = [];
        for (const entry of value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean)) {
          let origin: string | null = null;
          try {
            const url = new URL(entry);
            if ((url.protocol === "https:" || url.protocol === "http:") && url.origin === entry.replace(/\/$/, "")) origin = url.origin;
          } catch {
            origin = null;
          }
          if (origin) origins.push(origin);
          else ctx.addIssue({ code: "custom", message: `"${entry}" is not an origin (scheme://host[:port], no path)` });
        }
        return origins;
      }),
    // The Prometheus endpoint /metrics (server/metrics.ts) answers 404 unless the request brings
    // `Authorization: Bearer <METRICS_TOKEN>` or comes from an address in METRICS_ALLOW
    // (comma-separated addresses or CIDR blocks, e.g. "127.0.0.1,10.20.0.0/16,::1"; the client
    // address is the connection's, or X-Forwarded-For's only with TRUST_PROXY). Both empty: closed.
    METRICS_TOKEN: z.preprocess((value) => (value === "" ? undefined : value), z.string().min(16, "must be at least 16 characters").optional()),
    METRICS_ALLOW: z
      .string()
      .default("")
      .transform((value, ctx) => {
        const entries = value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean);
        for (const entry of entries) {
          if (!parseAddressRule(entry))
            ctx.addIssue({ code: "custom", message: `"${entry}" is not an IP address or a CIDR block (e.g. 10.0.0.0/8)` });
        }
        return entries;
      }),
  })
  .superRefine((env, ctx) => {
    const demo = isDemo(env);
    const { provider, mode } = resolvePaymentMode(env);
    // Real use: real cards, real mail, links that point at the configured site. Say what to set.
    if (!demo) {
      const realUse = "required for real use";
      if (!env.PUBLIC_URL)
        ctx.addIssue({ code: "custom", path: ["PUBLIC_URL"], message: `${realUse}: the site's public address, e.g. https://himfg.edu.mx` });
      if (!env.SMTP_URL) ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: `${realUse}: e.g. smtp://user:password@smtp.example.org:587` });
      if (!env.STAFF_TOTP_KEY)
        ctx.addIssue({
          code: "custom",
          path: ["STAFF_TOTP_KEY"],
          message:
            `${realUse}: the key that encrypts the staff members' two-step (TOTP) secrets, 32 random bytes in base64 ` +
            "(e.g. the output of: openssl rand -base64 32). Keep it apart from the database and its backups",
        });
      if (provider !== "banorte")
        ctx.addIssue({ code: "custom", path: ["PAYMENT_PROVIDER"], message: "must be banorte for real use (the simulator approves fake cards)" });
      else if (mode !== "PRD")
        ctx.addIssue({
          code: "custom",
          path: ["BANORTE_MODE"],
          message: `must be PRD (or unset) outside a demo: ${mode} is one of Banorte's test modes`,
        });
    }
    // Live mode charges real cards: refuse to start unless Banorte's credentials and certificate are there.
    if (mode !== "PRD") return;
    if (provider !== "banorte") {
      ctx.addIssue({ code: "custom", path: ["BANORTE_MODE"], message: "PRD (live) needs PAYMENT_PROVIDER=banorte" });
      return;
    }
    for (const key of ["BANORTE_MERCHANT_ID", "BANORTE_USER", "BANORTE_PASSWORD", "BANORTE_TERMINAL_ID", "BANORTE_CERTIFICATE_PATH"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required for live card payments (BANORTE_MODE=PRD)" });
    }
    const certificatePath = env.BANORTE_CERTIFICATE_PATH;
    if (certificatePath && !readsAsCertificate(certificatePath)) {
      ctx.addIssue({ code: "custom", path: ["BANORTE_CERTIFICATE_PATH"], message: "must be a readable X.509 certificate in PEM form" });
    }
  });

/** One METRICS_ALLOW entry: an IPv4/IPv6 address or a CIDR block, or null when it is neither. */
export function parseAddressRule(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | null {
  const [address = "", prefixText, extra] = entry.split("/");
  if (extra !== undefined) return null;
  const version = net.isIP(address);
  if (version === 0) return null;
  const family = version === 4 ? "ipv4" : "ipv6";
  const max = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > max) return null;
  return { address, prefix: Number(prefixText), family };
}

/**
 * A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe, padded or not), or
 * null when the text is anything else (a key of another length is refused, never stretched).
 */
export function decodeSecretKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, "hex");
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const key = Buffer.from(value.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  return key.length === 32 ? key : null;
}

/**
 * Whether this start is the demo: DEMO_MODE when it is set, otherwise a demo unless PUBLIC_URL
 * is set (an address on the Internet means real use). Only a demo may run the card simulator and
 * capture mail instead of sending it; it says so with a banner on every page and in the log.
 */
export function isDemo(env: { DEMO_MODE?: string; PUBLIC_URL?: string }): boolean {
  if (env.DEMO_MODE !== undefined) return env.DEMO_MODE === "true" || env.DEMO_MODE === "1";
  return !env.PUBLIC_URL;
}

/**
 * The payment provider and Banorte mode in effect. A demo defaults to the simulator; real use
 * defaults to (and requires) Banorte. Banorte outside a demo defaults to live (PRD); a demo's
 * Banorte defaults to the always-approve test mode (AUT).
 */
export function resolvePaymentMode(env: {
  NODE_ENV: string;
  DEMO_MODE?: string;
  PUBLIC_URL?: string;
  PAYMENT_PROVIDER?: "simulator" | "banorte";
  BANORTE_MODE?: "PRD" | "AUT" | "DEC" | "RND";
}): { provider: "simulator" | "banorte"; mode: "PRD" | "AUT" | "DEC" | "RND" } {
  const demo = isDemo(env);
  const provider = env.PAYMENT_PROVIDER ?? (demo ? "simulator" : "banorte");
  const mode = env.BANORTE_MODE ?? (provider === "banorte" && !demo ? "PRD" : "AUT");
  return { provider, mode };
}

function readsAsCertificate(filePath: string): boolean {
  try {
    return fs.readFileSync(filePath, "utf8").includes("-----BEGIN CERTIFICATE-----");
  } catch {
    return false;
  }
}

export type AppConfig = z.infer<typeof envSchema>;

/**
 * The origin every absolute link we send (mail, PDFs, canonical URLs) starts with: PUBLIC_URL,
 * or in a demo without it http://localhost:PORT. Never the request's Host or X-Forwarded-Host,
 * which whoever sends the request chooses.
 */
export function siteOrigin(config: AppConfig = readConfig()): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
}

/**
 * The absolute address of a site path, e.g. siteUrl("/profile") → "https://himfg.edu.mx/profile":
 * what every link we send outside a page (mail, the access PDF, a printed set-up link) is built
 * with, so none is ever a bare "/profile". `origin` defaults to siteOrigin(); callers that carry one
 * pass it (it came from siteOrigin() too).
 */
export function siteUrl(path: string, origin: string = siteOrigin()): string {
  if (!path.startsWith("/") || path.startsWith("//")) throw new Error(`siteUrl needs a site path starting with one "/", got ${JSON.stringify(path)}`);
  return new URL(path, new URL(origin).origin).href;
}

export function demoMode(config: AppConfig = readConfig()): boolean {
  return isDemo(config);
}

/**
 * Where mail goes: a real SMTP server, or the in-process capture (a demo only: captured mail is
 * never delivered). null: nowhere, a configuration error. Kept here, free of the database, so the
 * server's entry can check it before opening anything.
 */
export function mailDestination(config: AppConfig = readConfig()): "smtp" | "capture" | null {
  if (config.SMTP_URL) return "smtp";
  return config.MAIL_CAPTURE && isDemo(config) ? "capture" : null;
}

/** A configuration the server refuses to start with; its message says what to set. */
export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/** The variables the schema reads: a configuration is parsed again only when one of them changes. */
const CONFIG_KEYS = Object.keys(envSchema.shape);
let lastConfig: { env: NodeJS.ProcessEnv; signature: string; config: AppConfig } | null = null;
/**
 * process.env's configuration once the server has started (settleConfig): read once, never again.
 * Held in a singleton: the server and the Remix build each have a copy of this module, and the
 * server settles its own before the build's first call (a module-level value left the build's copy
 * reading the environment on every call, some ten times per signed-in page).
 */
const settledConfig = singleton("settled-config", () => ({ config: null as AppConfig | null }));

/**
 * Fixes the configuration of process.env for the rest of the process: the server calls it once at
 * start (server/serve.ts), and readConfig() then answers without reading the environment again.
 * The environment of a running server does not change; reading its ~45 variables to check (each
 * read of process.env is a call into Node) cost ~20 µs per call, several calls per page (issue 22).
 * Code that runs without the server (tests, scripts) never settles and keeps reading it afresh.
 */
export function settleConfig(): AppConfig {
  settledConfig.config = null;
  settledConfig.config = readConfig();
  return settledConfig.config;
}

/** Undoes settleConfig (tests of the server's start in this process). */
export function unsettleConfig() {
  settledConfig.config = null;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const settled = settledConfig.config;
  if (settled && env === process.env) return settled;
  // Called on every request (origin, demo banner, mail): parsing the environment (and reading the
  // certificate file it names) each time cost ~3 % of a signed-in page's CPU (issue 11).
  const signature = CONFIG_KEYS.map((key) => env[key] ?? "\u0000").join("\u0001");
  if (lastConfig && lastConfig.env === env && lastConfig.signature === signature) return lastConfig.config;
  const config = parseConfig(env);
  lastConfig = { env, signature, config };
  return config;
}

function parseConfig(env: NodeJS.ProcessEnv): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    const demo = isDemo({ DEMO_MODE: env.DEMO_MODE || undefined, PUBLIC_URL: env.PUBLIC_URL || undefined });
    const preamble = demo
      ? ""
      : "This start is configured for real use (DEMO_MODE=false, or PUBLIC_URL set without DEMO_MODE): it takes real cards " +
        "(PAYMENT_PROVIDER=banorte with the BANORTE_* settings), sends real mail (SMTP_URL) and links to PUBLIC_URL.\n" +
        "To run the demo instead (simulated payments, captured mail, a banner on every page), set DEMO_MODE=true.\n";
    throw new ConfigurationError(`${preamble}Invalid environment configuration:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

/** A cron pattern croner accepts (5 fields, or 6 with seconds). */
function isCronPattern(pattern: string): boolean {
  try {
    new Cron(pattern, { paused: true });
    return pattern.split(/\s+/).length >= 5;
  } catch {
    return false;
  }
}

/** Where backups are written: BACKUP_DIR, or a backups/ directory beside the database file. */
export function backupDirectory(config: AppConfig = readConfig()): string {
  return path.resolve(config.BACKUP_DIR ?? path.join(path.dirname(path.resolve(config.DATABASE_PATH)), "backups"));
}

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(readConfig(env).DATABASE_PATH);
}
