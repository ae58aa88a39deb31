import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely, Transaction } from "kysely";
import { refuse, type Outcome } from "~/actions/outcome";
import { ConfigurationError, decodeSecretKey, demoMode, readConfig, type AppConfig } from "~/config.server";
import type { DB } from "~/db.server";

/**
 * The staff members' TOTP secrets at rest (decision 0034). A secret is stored as
 *
 *   v1.<key id>.<IV>.<ciphertext>.<tag>      (base64url parts)
 *
 * AES-256-GCM with a random 96-bit IV per value. The associated data names the format, the key id
 * and the row the value belongs to (`staff_members:<id>` or `staff_setup_tokens:<token hash>`), so
 * a value copied to another row, or edited, fails to open. The key id (8 characters of an HMAC of
 * a constant under the key) says which key sealed the value, so the key can rotate: the current
 * one (STAFF_TOTP_KEY) seals, the previous ones (STAFF_TOTP_PREVIOUS_KEYS) still open, and
 * `sealStoredTotpSecrets` at start-up seals again under the current key.
 *
 * The key is never in the database: real use requires STAFF_TOTP_KEY; a demo without it keeps a
 * generated key in `staff-totp.key` beside the database file (mode 0600). A copy of the database
 * alone cannot give anyone the second step.
 */

const FORMAT = "v1";
const IV_BYTES = 12;
const TAG_BYTES = 16;
const PLAIN_SECRET = /^[A-Z2-7]{16,128}$/;
export const DEMO_KEY_FILE_NAME = "staff-totp.key";

export interface TotpKey {
  id: string;
  key: Buffer;
}

export interface TotpKeyRing {
  current: TotpKey;
  /** Every key that may open a value (current and previous), by id. */
  byId: Map<string, TotpKey>;
  /** Where the current key came from. */
  source: "STAFF_TOTP_KEY" | "file";
  file: string | null;
}

/** The row a secret belongs to: part of the associated data, so it cannot move to another row. */
export type TotpSecretOwner = { staffId: number } | { setupTokenHash: string };

/** Why a stored secret did not open: the refusal's `problem.code` (logged, never shown). */
export type UnopenedReason = "not-sealed" | "malformed" | "unknown-key" | "unauthentic" | "no-key";

/** Opened, or refused 400 with the reason as `problem.code` (the caller refuses the code as a wrong one). */
export type OpenedSecret = Outcome<{ secret: string; keyId: string; current: boolean }>;

const unopened = (reason: UnopenedReason) => refuse(400, { form: "El secreto de autenticación guardado no se pudo abrir.", code: reason });

function keyOf(key: Buffer): TotpKey {
  const id = crypto.createHmac("sha256", key).update("himfg staff TOTP key id").digest("base64url").slice(0, 8);
  return { id, key };
}

/** The key file of a demo without STAFF_TOTP_KEY: beside the database file, never inside it. */
export function demoKeyFile(config: AppConfig = readConfig()): string {
  return path.join(path.dirname(path.resolve(config.DATABASE_PATH)), DEMO_KEY_FILE_NAME);
}

/** Reads the demo's key file, creating it (32 random bytes, base64, mode 0600) the first time. */
function readOrCreateKeyFile(file: string): Buffer {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      // `wx`: two processes starting at once (the server and a script) never write two keys.
      fs.writeFileSync(file, `${crypto.randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code !== "EEXIST") throw writeError;
    }
    text = fs.readFileSync(file, "utf8");
  }
  const key = decodeSecretKey(text);
  if (!key) {
    throw new ConfigurationError(
      `${file} does not hold a key (32 bytes in base64). It encrypts the staff members' two-step secrets: restore it, ` +
        "or set STAFF_TOTP_KEY to the key it held (staff whose secrets were encrypted with a lost key cannot sign in).",
    );
  }
  return key;
}

const rings = new WeakMap<AppConfig, TotpKeyRing>();

/**
 * The keys in effect for a configuration (kept per configuration object, which readConfig reuses
 * while the environment does not change). Throws a ConfigurationError when there is no key: real
 * use without STAFF_TOTP_KEY (the start-up check refuses that first) or an unusable key file.
 */
export function totpKeyRing(config: AppConfig = readConfig()): TotpKeyRing {
  const known = rings.get(config);
  if (known) return known;
  let current: TotpKey;
  let file: string | null = null;
  if (config.STAFF_TOTP_KEY) {
    current = keyOf(decodeSecretKey(config.STAFF_TOTP_KEY)!);
  } else if (demoMode(config)) {
    file = demoKeyFile(config);
    current = keyOf(readOrCreateKeyFile(file));
  } else {
    throw new ConfigurationError("STAFF_TOTP_KEY: required for real use (the key that encrypts the staff members' two-step secrets).");
  }
  const byId = new Map<string, TotpKey>([[current.id, current]]);
  for (const text of config.STAFF_TOTP_PREVIOUS_KEYS.split(",")) {
    const key = text.trim() ? decodeSecretKey(text) : null;
    if (key) {
      const previous = keyOf(key);
      if (!byId.has(previous.id)) byId.set(previous.id, previous);
    }
  }
  const ring: TotpKeyRing = { current, byId, source: file ? "file" : "STAFF_TOTP_KEY", file };
  rings.set(config, ring);
  return ring;
}

function associatedData(keyId: string, owner: TotpSecretOwner): Buffer {
  const row = "staffId" in owner ? `staff_members:${owner.staffId}` : `staff_setup_tokens:${owner.setupTokenHash}`;
  return Buffer.from(`${FORMAT}.${keyId}.${row}`, "utf8");
}

/** Encrypts a base32 TOTP secret for its row under the current key. */
export function sealTotpSecret(secret: string, owner: TotpSecretOwner, ring: TotpKeyRing = totpKeyRing()): string {
  if (!PLAIN_SECRET.test(secret)) throw new Error("sealTotpSecret: not a base32 TOTP secret");
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", ring.current.key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(associatedData(ring.current.id, owner));
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [FORMAT, ring.current.id, iv.toString("base64url"), ciphertext.toString("base64url"), tag.toString("base64url")].join(".");
}

/** Whether a stored value is a secret written before encryption (a bare base32 secret). */
export function isPlainTotpSecret(value: string): boolean {
  return PLAIN_SECRET.test(value);
}

/**
 * Decrypts a stored secret for its row. Never throws: a plain value, a wrong or unknown key, an
 * edited value or one moved from another row is refused with the reason as `problem.code` (the caller refuses
 * the code and logs the reason, never the value).
 */
export function openTotpSecret(value: string, owner: TotpSecretOwner, ring?: TotpKeyRing): OpenedSecret {
  let keys: TotpKeyRing;
  try {
    keys = ring ?? totpKeyRing();
  } catch {
    return unopened("no-key");
  }
  const parts = value.split(".");
  if (parts[0] !== FORMAT) return unopened(isPlainTotpSecret(value) ? "not-sealed" : "malformed");
  if (parts.length !== 5) return unopened("malformed");
  const [, keyId, ivText, ciphertextText, tagText] = parts as [string, string, string, string, string];
  const key = keys.byId.get(keyId);
  if (!key) return unopened("unknown-key");
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return unopened("malformed");
  let secret: string;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(associatedData(keyId, owner));
    decipher.setAuthTag(tag);
    secret = Buffer.concat([decipher.update(Buffer.from(ciphertextText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return unopened("unauthentic");
  }
  if (!PLAIN_SECRET.test(secret)) return unopened("malformed");
  return { ok: true, secret, keyId, current: keyId === keys.current.id };
}

/** One JSON log line when a stored secret cannot be opened (never the value). */
export function logUnopenedSecret(reason: string, fields: Record<string, unknown>): void {
  console.warn(
    JSON.stringify({ time: new Date().toISOString(), level: "warn", message: "staff TOTP secret could not be opened", reason, ...fields }),
  );
}

export interface SealReport {
  /** Plain secrets (written before migration 0034) now encrypted. */
  sealed: number;
  /** Secrets under a previous key now encrypted under the current one. */
  resealed: number;
  /** Secrets no key in effect opens (a lost or missing key, or an edited value): left as they are. */
  unreadable: number;
}

/**
 * Run at every start (prepareDatabase): encrypts the plain secrets of an older database, once —
 * an encrypted value is never encrypted again — and moves values under a previous key to the
 * current one. One transaction; each UPDATE is conditional on the value read.
 */
export async function sealStoredTotpSecrets(db: Kysely<DB>, ring: TotpKeyRing = totpKeyRing()): Promise<SealReport> {
  return db.transaction().execute(async (trx) => {
    const report: SealReport = { sealed: 0, resealed: 0, unreadable: 0 };
    const members = await trx.selectFrom("staff_members").select(["id", "totp_secret"]).where("totp_secret", "is not", null).execute();
    for (const row of members) {
      const next = nextValue(row.totp_secret!, { staffId: row.id }, ring, report);
      if (next)
        await trx
          .updateTable("staff_members")
          .set({ totp_secret: next })
          .where("id", "=", row.id)
          .where("totp_secret", "=", row.totp_secret)
          .execute();
    }
    const tokens = await trx.selectFrom("staff_setup_tokens").select(["token_hash", "totp_secret"]).execute();
    for (const row of tokens) {
      const next = nextValue(row.totp_secret, { setupTokenHash: row.token_hash }, ring, report);
      if (next) await updateToken(trx, row.token_hash, row.totp_secret, next);
    }
    return report;
  });
}

async function updateToken(trx: Transaction<DB>, tokenHash: string, previous: string, next: string) {
  await trx
    .updateTable("staff_setup_tokens")
    .set({ totp_secret: next })
    .where("token_hash", "=", tokenHash)
    .where("totp_secret", "=", previous)
    .execute();
}

function nextValue(value: string, owner: TotpSecretOwner, ring: TotpKeyRing, report: SealReport): string | null {
  if (isPlainTotpSecret(value)) {
    report.sealed += 1;
    return sealTotpSecret(value, owner, ring);
  }
  const opened = openTotpSecret(value, owner, ring);
  if (!opened.ok) {
    report.unreadable += 1;
    return null;
  }
  if (opened.current) return null;
  report.resealed += 1;
  return sealTotpSecret(opened.secret, owner, ring);
}
