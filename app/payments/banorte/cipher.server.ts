/**
 * Banorte "Ventana de Comercio Electrónico" (VCE) cipher.
 *
 * A pure module: it imports only Node built-ins, never other app modules, so the real
 * Banorte provider and the local payment simulator share exactly the same code.
 *
 * Protocol (see shared spec payments-banorte.md, "Encryption of Params" and "Response"):
 *   vi, salt    16 random characters from VI_SALT_ALPHABET; viHex/saltHex = hex of their ASCII codes
 *   passphrase  16 random characters from PASSPHRASE_ALPHABET
 *   key         PBKDF2-HMAC-SHA1(passphrase UTF-8, salt = bytes of saltHex, 1000 iterations, 16 bytes)
 *   part 2      Base64(AES-128-CTR(key, initial counter block = bytes of viHex, UTF-8 JSON))
 *   part 1      Base64(RSA-OAEP[hash SHA-256, MGF1-SHA-1, empty label](ASCII "viHex::saltHex::passphrase"))
 *   Params      part 1 + ":::" + part 2
 *   response    Base64(AES-128-CTR(same key and IV, UTF-8 JSON)), no RSA.
 *
 * Node's `publicEncrypt({ oaepHash })` always uses the same hash for OAEP and for MGF1, so
 * it cannot produce Banorte's mixed padding. EME-OAEP (RFC 8017 §7.1) is therefore built
 * here and applied with raw RSA (`RSA_NO_PADDING`). See docs/decisions/0005-banorte-oaep-padding.md.
 */
import crypto from "node:crypto";

export type BanorteKeys = { viHex: string; saltHex: string; passphrase: string };

/** Alphabet of vi and salt, exactly as Banorte's reference component (note: no "j"). */
export const VI_SALT_ALPHABET = "0123456789abcdefghiklmnopqrstuvwxyz";
/**
 * Alphabet of the passphrase, copied verbatim from Banorte's reference component (it has no
 * "Y" and lists "T" and "*" twice; it never contains ":", which the RSA envelope uses as separator).
 */
export const PASSPHRASE_ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXTZabcdefghiklmnopqrstuvwxyz*&-%/!?*+=()";

const RANDOM_LENGTH = 16;
const PBKDF2_ITERATIONS = 1000;
const AES_KEY_BYTES = 16;
const PARTS_SEPARATOR = ":::";
const ENVELOPE_SEPARATOR = "::";
/** Banorte's certificate is RSA-2048; anything weaker is refused. */
const MIN_MODULUS_BITS = 2048;

/** OAEP hash: SHA-256 (hLen = 32). MGF1 hash: SHA-1. Label: empty. */
const OAEP_HASH = "sha256";
const OAEP_HLEN = 32;
const MGF1_HASH = "sha1";
const EMPTY_LABEL_HASH = crypto.createHash(OAEP_HASH).update(Buffer.alloc(0)).digest();

const HEX_16_BYTES = /^[0-9a-fA-F]{32}$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/**
 * Encrypts the VCE request parameters into Banorte's `Params` string.
 * Generic: it encrypts any string map in insertion order; the parameter rules (allowed keys,
 * lengths, characters) belong to the caller. Returns the per-payment secrets the caller must
 * store with the payment attempt to decrypt the response later.
 */
export function encryptParams(params: Record<string, string>, certificatePem: string): { params: string; keys: BanorteKeys } {
  assertStringMap(params);
  const publicKey = publicKeyFromCertificate(certificatePem);
  const keys = generateKeys();
  const envelope = Buffer.from(`${keys.viHex}${ENVELOPE_SEPARATOR}${keys.saltHex}${ENVELOPE_SEPARATOR}${keys.passphrase}`, "ascii");
  const part1 = rsaOaepEncrypt(publicKey, envelope).toString("base64");
  const part2 = aesCtr(keys, Buffer.from(JSON.stringify(params), "utf8")).toString("base64");
  return { params: `${part1}${PARTS_SEPARATOR}${part2}`, keys };
}

/**
 * Decrypts the `data` field Banorte returns to `onSuccess` (no RSA involved) with the secrets
 * stored for the attempt. Throws an Error on malformed input or a plaintext that is not a JSON object.
 * Note: AES-CTR has no integrity check; the caller must still verify every field it trusts.
 */
export function decryptResponse(data: string, keys: BanorteKeys): Record<string, unknown> {
  return decryptJsonObject(data, keys, "Banorte response");
}

/**
 * The decrypted response as text, not parsed: AES-CTR is malleable, so the caller parses it
 * strictly (duplicate keys, which JSON.parse silently resolves, are an attack; see
 * ./response.server.ts).
 */
export function decryptResponseText(data: string, keys: BanorteKeys): string {
  if (typeof data !== "string") throw new TypeError("Banorte cipher: Banorte response must be a string");
  assertKeys(keys);
  const plaintext = aesCtr(keys, decodeBase64(data, "Banorte response"));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(plaintext).replace(/^\uFEFF/, "");
  } catch {
    throw new Error("Banorte cipher: Banorte response does not decrypt to UTF-8 text (wrong keys or corrupted data)");
  }
}

/**
 * Inverse of `decryptResponse`, for the payment simulator: encrypts a result object the way
 * Banorte does, as a Base64 string.
 */
export function encryptResponse(json: Record<string, unknown>, keys: BanorteKeys): string {
  assertKeys(keys);
  if (!isPlainObject(json)) throw new TypeError("Banorte cipher: the response must be a JSON object");
  return aesCtr(keys, Buffer.from(JSON.stringify(json), "utf8")).toString("base64");
}

/**
 * Inverse of `encryptParams`, for the payment simulator: decrypts `Params` exactly as Banorte
 * does (RSA-OAEP SHA-256 / MGF1-SHA-1 with the private key, then AES-128-CTR) and returns the
 * parameter object together with the per-payment secrets recovered from the RSA envelope.
 */
export function decryptParams(params: string, privateKeyPem: string): { params: Record<string, unknown>; keys: BanorteKeys } {
  if (typeof params !== "string") throw new TypeError("Banorte cipher: Params must be a string");
  const parts = params.replace(/\s+/g, "").split(PARTS_SEPARATOR);
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    throw new Error('Banorte cipher: malformed Params (expected "<RSA part>:::<AES part>")');
  }
  const [rsaPart, aesPart] = parts as [string, string];
  const privateKey = rsaPrivateKey(privateKeyPem);
  const envelope = rsaOaepDecrypt(privateKey, decodeBase64(rsaPart, "Params RSA part"));
  const keys = parseEnvelope(envelope);
  return { params: decryptJsonObject(aesPart, keys, "Params AES part"), keys };
}

/** Fresh per-payment secrets from a cryptographically secure generator (crypto.randomInt). */
export function generateKeys(): BanorteKeys {
  return {
    viHex: Buffer.from(randomString(VI_SALT_ALPHABET, RANDOM_LENGTH), "ascii").toString("hex"),
    saltHex: Buffer.from(randomString(VI_SALT_ALPHABET, RANDOM_LENGTH), "ascii").toString("hex"),
    passphrase: randomString(PASSPHRASE_ALPHABET, RANDOM_LENGTH),
  };
}

/**
 * Reads the facts the caller needs about Banorte's certificate (it rotates yearly, so the
 * caller should warn before `validTo`). Throws the same clear errors as `encryptParams`.
 */
export function inspectCertificate(certificatePem: string): {
  subject: string;
  validFrom: Date;
  validTo: Date;
  fingerprint256: string;
  modulusBits: number;
} {
  const certificate = parseCertificate(certificatePem);
  const publicKey = checkedRsaPublicKey(certificate);
  return {
    subject: certificate.subject,
    validFrom: new Date(certificate.validFrom),
    validTo: new Date(certificate.validTo),
    fingerprint256: certificate.fingerprint256,
    modulusBits: publicKey.asymmetricKeyDetails?.modulusLength ?? 0,
  };
}

/** PBKDF2-HMAC-SHA1(passphrase, bytes of saltHex, 1000, 16). Exported for tests and diagnostics. */
export function deriveKey(keys: BanorteKeys): Buffer {
  assertKeys(keys);
  return crypto.pbkdf2Sync(Buffer.from(keys.passphrase, "utf8"), Buffer.from(keys.saltHex, "hex"), PBKDF2_ITERATIONS, AES_KEY_BYTES, "sha1");
}

// ---------------------------------------------------------------------------------------------
// AES-128-CTR
// ---------------------------------------------------------------------------------------------

/** AES-128-CTR is its own inverse: the same call encrypts and decrypts. */
function aesCtr(keys: BanorteKeys, input: Buffer): Buffer {
  const key = deriveKey(keys);
  const cipher = crypto.createCipheriv("aes-128-ctr", key, Buffer.from(keys.viHex, "hex"));
  return Buffer.concat([cipher.update(input), cipher.final()]);
}

function decryptJsonObject(data: string, keys: BanorteKeys, what: string): Record<string, unknown> {
  if (typeof data !== "string") throw new TypeError(`Banorte cipher: ${what} must be a string`);
  assertKeys(keys);
  const ciphertext = decodeBase64(data, what);
  const plaintext = aesCtr(keys, ciphertext);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(plaintext);
  } catch {
    throw new Error(`Banorte cipher: ${what} does not decrypt to UTF-8 text (wrong keys or corrupted data)`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new Error(`Banorte cipher: ${what} does not decrypt to JSON (wrong keys or corrupted data)`);
  }
  if (!isPlainObject(value)) throw new Error(`Banorte cipher: ${what} is JSON but not an object`);
  return value;
}

// ---------------------------------------------------------------------------------------------
// RSA-OAEP with OAEP hash SHA-256 and MGF1-SHA-1 (RFC 8017 §7.1), over raw RSA
// ---------------------------------------------------------------------------------------------

function modulusBytes(key: crypto.KeyObject): number {
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (!bits) throw new Error("Banorte cipher: cannot read the RSA modulus length");
  return Math.ceil(bits / 8);
}

function rsaOaepEncrypt(publicKey: crypto.KeyObject, message: Buffer): Buffer {
  const k = modulusBytes(publicKey);
  const encoded = oaepEncode(message, k);
  return crypto.publicEncrypt({ key: publicKey, padding: crypto.constants.RSA_NO_PADDING }, encoded);
}

function rsaOaepDecrypt(privateKey: crypto.KeyObject, ciphertext: Buffer): Buffer {
  const k = modulusBytes(privateKey);
  // One generic error for every failure, so the simulator is no padding oracle.
  if (ciphertext.length !== k) throw oaepError();
  let encoded: Buffer;
  try {
    encoded = crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_NO_PADDING }, ciphertext);
  } catch {
    throw oaepError();
  }
  if (encoded.length < k) encoded = Buffer.concat([Buffer.alloc(k - encoded.length), encoded]);
  return oaepDecode(encoded, k);
}

/** EME-OAEP encoding, RFC 8017 §7.1.1 step 2, with an empty label. */
export function oaepEncode(message: Buffer, k: number): Buffer {
  const maxMessage = k - 2 * OAEP_HLEN - 2;
  if (message.length > maxMessage) throw new Error("Banorte cipher: message too long for RSA-OAEP");
  // DB = lHash || PS || 0x01 || M, with |DB| = k - hLen - 1
  const db = Buffer.alloc(k - OAEP_HLEN - 1);
  EMPTY_LABEL_HASH.copy(db, 0);
  db[db.length - message.length - 1] = 0x01;
  message.copy(db, db.length - message.length);
  const seed = crypto.randomBytes(OAEP_HLEN);
  const maskedDb = xor(db, mgf1(seed, db.length));
  const maskedSeed = xor(seed, mgf1(maskedDb, OAEP_HLEN));
  // EM = 0x00 || maskedSeed || maskedDB
  return Buffer.concat([Buffer.alloc(1), maskedSeed, maskedDb]);
}

/**
 * EME-OAEP decoding, RFC 8017 §7.1.2 step 3. Every check runs over the whole block and the
 * failures are folded into one flag, so the time taken does not depend on which check failed
 * (as far as JavaScript allows).
 */
export function oaepDecode(encoded: Buffer, k: number): Buffer {
  if (encoded.length !== k || k < 2 * OAEP_HLEN + 2) throw oaepError();
  const y = encoded[0] ?? 0xff;
  const maskedSeed = encoded.subarray(1, 1 + OAEP_HLEN);
  const maskedDb = encoded.subarray(1 + OAEP_HLEN);
  const seed = xor(maskedSeed, mgf1(maskedDb, OAEP_HLEN));
  const db = xor(maskedDb, mgf1(seed, maskedDb.length));

  let bad = y;
  bad |= crypto.timingSafeEqual(db.subarray(0, OAEP_HLEN), EMPTY_LABEL_HASH) ? 0 : 1;
  let found = 0; // 1 once the 0x01 separator has been seen
  let separator = 0; // index of the separator
  for (let i = OAEP_HLEN; i < db.length; i++) {
    const byte = db[i] ?? 0;
    const isOne = ((byte ^ 0x01) - 1) >>> 31; // 1 when byte === 0x01
    const isZero = (byte - 1) >>> 31; // 1 when byte === 0x00
    const notFound = found ^ 1;
    separator |= -(isOne & notFound) & i;
    bad |= notFound & (isZero ^ 1) & (isOne ^ 1); // a non-zero byte before the separator
    found |= isOne;
  }
  bad |= found ^ 1;
  if (bad !== 0) throw oaepError();
  return db.subarray(separator + 1);
}

/** MGF1 (RFC 8017 §B.2.1) with SHA-1. */
function mgf1(seed: Buffer, length: number): Buffer {
  const blocks: Buffer[] = [];
  const counter = Buffer.alloc(4);
  let produced = 0;
  for (let c = 0; produced < length; c++) {
    counter.writeUInt32BE(c, 0);
    const block = crypto.createHash(MGF1_HASH).update(seed).update(counter).digest();
    blocks.push(block);
    produced += block.length;
  }
  return Buffer.concat(blocks).subarray(0, length);
}

function xor(a: Buffer, b: Buffer): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] ?? 0) ^ (b[i] ?? 0);
  return out;
}

function oaepError(): Error {
  return new Error("Banorte cipher: RSA-OAEP decryption failed");
}

// ---------------------------------------------------------------------------------------------
// Keys, certificate and input checks
// ---------------------------------------------------------------------------------------------

function randomString(alphabet: string, length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += alphabet.charAt(crypto.randomInt(alphabet.length));
  return out;
}

function parseCertificate(certificatePem: string): crypto.X509Certificate {
  if (typeof certificatePem !== "string" || !certificatePem.includes("-----BEGIN CERTIFICATE-----")) {
    throw new Error("Banorte cipher: the certificate must be an X.509 certificate in PEM form (-----BEGIN CERTIFICATE-----)");
  }
  try {
    return new crypto.X509Certificate(certificatePem);
  } catch (error) {
    throw new Error(`Banorte cipher: the certificate could not be parsed (${(error as Error).message})`);
  }
}

function checkedRsaPublicKey(certificate: crypto.X509Certificate): crypto.KeyObject {
  const key = certificate.publicKey;
  if (key.asymmetricKeyType !== "rsa") {
    throw new Error(`Banorte cipher: the certificate's key must be RSA, not ${key.asymmetricKeyType ?? "unknown"}`);
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_MODULUS_BITS) {
    throw new Error(`Banorte cipher: the certificate's RSA key has ${bits} bits; at least ${MIN_MODULUS_BITS} are required`);
  }
  return key;
}

function publicKeyFromCertificate(certificatePem: string): crypto.KeyObject {
  return checkedRsaPublicKey(parseCertificate(certificatePem));
}

function rsaPrivateKey(privateKeyPem: string): crypto.KeyObject {
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(privateKeyPem);
  } catch (error) {
    throw new Error(`Banorte cipher: the private key could not be parsed (${(error as Error).message})`);
  }
  if (key.asymmetricKeyType !== "rsa") {
    throw new Error(`Banorte cipher: the private key must be RSA, not ${key.asymmetricKeyType ?? "unknown"}`);
  }
  return key;
}

function parseEnvelope(envelope: Buffer): BanorteKeys {
  const text = envelope.toString("latin1");
  const match = /^([0-9a-fA-F]{32})::([0-9a-fA-F]{32})::([\x21-\x7e]+)$/.exec(text);
  if (!match) throw new Error('Banorte cipher: the RSA envelope is not "viHex::saltHex::passphrase"');
  return { viHex: match[1] as string, saltHex: match[2] as string, passphrase: match[3] as string };
}

function decodeBase64(data: string, what: string): Buffer {
  const compact = data.replace(/\s+/g, "");
  if (compact === "") throw new Error(`Banorte cipher: ${what} is empty`);
  if (!BASE64.test(compact)) throw new Error(`Banorte cipher: ${what} is not valid Base64`);
  return Buffer.from(compact, "base64");
}

function assertKeys(keys: BanorteKeys): void {
  if (typeof keys !== "object" || keys === null) throw new TypeError("Banorte cipher: keys are required");
  if (typeof keys.viHex !== "string" || !HEX_16_BYTES.test(keys.viHex)) {
    throw new Error("Banorte cipher: viHex must be 32 hexadecimal digits");
  }
  if (typeof keys.saltHex !== "string" || !HEX_16_BYTES.test(keys.saltHex)) {
    throw new Error("Banorte cipher: saltHex must be 32 hexadecimal digits");
  }
  if (typeof keys.passphrase !== "string" || keys.passphrase === "") {
    throw new Error("Banorte cipher: passphrase must be a non-empty string");
  }
}

function assertStringMap(params: Record<string, string>): void {
  if (!isPlainObject(params)) throw new TypeError("Banorte cipher: params must be a plain object of strings");
  for (const [key, value] of Object.entries(params)) {
    if (typeof value !== "string") throw new TypeError(`Banorte cipher: parameter "${key}" must be a string`);
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
