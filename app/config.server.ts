import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the site reads, with its default. The README's configuration
 * table mirrors this list; keep them in step.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_PATH: z.string().default(path.join("data", "himfg.db")),
  PUBLIC_URL: z.string().url().optional(),
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
  PAYMENT_PROVIDER: z.enum(["simulator", "banorte"]).optional(),
  BANORTE_MODE: z.enum(["PRD", "AUT", "DEC", "RND"]).optional(),
  BANORTE_MERCHANT_ID: z.string().regex(/^\d{1,7}$/, "must be up to 7 digits").optional(),
  BANORTE_USER: z.string().min(1).max(20).optional(),
  BANORTE_PASSWORD: z.string().min(1).max(20).optional(),
  BANORTE_TERMINAL_ID: z.string().min(1).max(15).optional(),
  BANORTE_MERCHANT_NAME: z.string().min(1).max(25).default("HIMFG"),
  BANORTE_MERCHANT_CITY: z.string().min(1).max(40).default("Ciudad de Mexico"),
  BANORTE_CERTIFICATE_PATH: z.string().optional(),
  // Server-to-server verification (Payworks 2, CMD_TRANS=VERIFY by control number). UNCONFIRMED
  // protocol: see docs/decisions/0013-payment-trust-model.md. Unset: payments are confirmed
  // "por conciliar" and settled by importing Banorte's report.
  BANORTE_VERIFY_URL: z.string().url().refine((url) => url.startsWith("https://") || url.startsWith("http://127.0.0.1"), "must be https").optional(),
  // How often the in-process scheduler expires holds, attempts and sessions (0 = never).
  PAYMENT_MAINTENANCE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
}).superRefine((env, ctx) => {
  // Live mode charges real cards: refuse to start unless Banorte's credentials and certificate are there.
  const { provider, mode } = resolvePaymentMode(env);
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

/**
 * The payment provider and Banorte mode in effect. The simulator is the default except in
 * production with Banorte credentials configured; Banorte in production defaults to live (PRD),
 * everything else to the always-approve test mode (AUT).
 */
export function resolvePaymentMode(env: {
  NODE_ENV: string;
  PAYMENT_PROVIDER?: "simulator" | "banorte";
  BANORTE_MODE?: "PRD" | "AUT" | "DEC" | "RND";
  BANORTE_MERCHANT_ID?: string;
}): { provider: "simulator" | "banorte"; mode: "PRD" | "AUT" | "DEC" | "RND" } {
  const provider = env.PAYMENT_PROVIDER ?? (env.NODE_ENV === "production" && env.BANORTE_MERCHANT_ID ? "banorte" : "simulator");
  const mode = env.BANORTE_MODE ?? (provider === "banorte" && env.NODE_ENV === "production" ? "PRD" : "AUT");
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(readConfig(env).DATABASE_PATH);
}
