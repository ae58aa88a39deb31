import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import {
  PASSPHRASE_ALPHABET,
  VI_SALT_ALPHABET,
  decryptParams,
  decryptResponse,
  deriveKey,
  encryptParams,
  encryptResponse,
  generateKeys,
  inspectCertificate,
  oaepDecode,
  oaepEncode,
  type BanorteKeys,
} from "~/payments/banorte/cipher.server";

// Everything "independent" below is done by the openssl command-line tool (or Python's
// hashlib as a fallback for the KDF), never by the module under test.

let dir: string;
let certPem: string;
let keyPem: string;
let keyFile: string;
let certFile: string;

function openssl(args: string[], input?: Buffer | string): Buffer {
  return execFileSync("openssl", args, { input, stdio: ["pipe", "pipe", "pipe"] });
}

function tryOpenssl(args: string[], input?: Buffer | string): { ok: boolean; stdout: Buffer; stderr: string } {
  const result = spawnSync("openssl", args, { input });
  return { ok: result.status === 0, stdout: result.stdout, stderr: result.stderr.toString() };
}

function tmp(name: string, contents?: Buffer | string): string {
  const file = path.join(dir, name);
  if (contents !== undefined) fs.writeFileSync(file, contents);
  return file;
}

const RSA_OAEP_MIXED = ["-pkeyopt", "rsa_padding_mode:oaep", "-pkeyopt", "rsa_oaep_md:sha256", "-pkeyopt", "rsa_mgf1_md:sha1"];

/** PBKDF2-HMAC-SHA1 by OpenSSL (`openssl kdf`, OpenSSL ≥ 3.0), else by Python's hashlib. */
function independentKeyHex(keys: BanorteKeys): string {
  const kdf = tryOpenssl([
    "kdf",
    "-keylen",
    "16",
    "-kdfopt",
    "digest:SHA1",
    "-kdfopt",
    `pass:${keys.passphrase}`,
    "-kdfopt",
    `hexsalt:${keys.saltHex}`,
    "-kdfopt",
    "iter:1000",
    "PBKDF2",
  ]);
  if (kdf.ok) return kdf.stdout.toString().trim().replace(/:/g, "").toLowerCase();
  return execFileSync("python3", [
    "-c",
    "import hashlib,sys;print(hashlib.pbkdf2_hmac('sha1',sys.argv[1].encode(),bytes.fromhex(sys.argv[2]),1000,16).hex())",
    keys.passphrase,
    keys.saltHex,
  ])
    .toString()
    .trim();
}

function opensslAesCtrEncrypt(keys: BanorteKeys, plaintext: string): string {
  return openssl(
    ["enc", "-aes-128-ctr", "-K", independentKeyHex(keys), "-iv", keys.viHex, "-nosalt", "-base64", "-A"],
    Buffer.from(plaintext, "utf8"),
  )
    .toString()
    .trim();
}

function opensslAesCtrDecrypt(keys: BanorteKeys, base64: string): string {
  return openssl(["enc", "-d", "-aes-128-ctr", "-K", independentKeyHex(keys), "-iv", keys.viHex, "-nosalt", "-base64", "-A"], base64).toString(
    "utf8",
  );
}

/** Test-local OAEP masking (RFC 8017 §7.1.1 steps 2.f–2.i, MGF1-SHA-1) over an arbitrary data block. */
function maskDataBlock(db: Buffer): Buffer {
  const mgf1 = (seed: Buffer, length: number) => {
    const out: Buffer[] = [];
    for (let c = 0; out.length * 20 < length; c++) {
      const counter = Buffer.alloc(4);
      counter.writeUInt32BE(c);
      out.push(
        crypto
          .createHash("sha1")
          .update(Buffer.concat([seed, counter]))
          .digest(),
      );
    }
    return Buffer.concat(out).subarray(0, length);
  };
  const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, i) => byte ^ (b[i] ?? 0)));
  const seed = crypto.randomBytes(32);
  const maskedDb = xor(db, mgf1(seed, db.length));
  const maskedSeed = xor(seed, mgf1(maskedDb, 32));
  return Buffer.concat([Buffer.alloc(1), maskedSeed, maskedDb]);
}

function split(params: string): [string, string] {
  const parts = params.split(":::");
  expect(parts).toHaveLength(2);
  return parts as [string, string];
}

const sampleParams: Record<string, string> = {
  merchantId: "1234567",
  name: "usuario01",
  password: "secreto01",
  mode: "AUT",
  controlNumber: "HIMFGCURSOS12ABCDEFGHIJ",
  terminalId: "12345678",
  amount: "1250.00",
  merchantName: "HOSPITAL INFANTIL",
  merchantCity: "CIUDAD DE MEXICO",
  lang: "ES",
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "banorte-cipher-"));
  keyFile = tmp("key.pem");
  certFile = tmp("cert.pem");
  openssl(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", keyFile, "-out", certFile, "-days", "2", "-subj", "/CN=Banorte VCE test"]);
  certPem = fs.readFileSync(certFile, "utf8");
  keyPem = fs.readFileSync(keyFile, "utf8");
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("Params RSA part: OAEP SHA-256 with MGF1-SHA-1", () => {
  test("OpenSSL decrypts it with the mixed padding into viHex::saltHex::passphrase", () => {
    const { params, keys } = encryptParams(sampleParams, certPem);
    const [rsaPart] = split(params);
    const ciphertext = Buffer.from(rsaPart, "base64");
    expect(ciphertext).toHaveLength(256);
    const ct = tmp("rsa-part.bin", ciphertext);
    const plaintext = openssl(["pkeyutl", "-decrypt", "-inkey", keyFile, "-in", ct, ...RSA_OAEP_MIXED]);
    expect(plaintext.toString("ascii")).toBe(`${keys.viHex}::${keys.saltHex}::${keys.passphrase}`);
  });

  test("OpenSSL with MGF1-SHA-256 (Node's default pairing) fails, so the padding really is the mixed one", () => {
    for (let i = 0; i < 3; i++) {
      const [rsaPart] = split(encryptParams(sampleParams, certPem).params);
      const ct = tmp(`rsa-wrong-${i}.bin`, Buffer.from(rsaPart, "base64"));
      const wrong = tryOpenssl([
        "pkeyutl",
        "-decrypt",
        "-inkey",
        keyFile,
        "-in",
        ct,
        "-pkeyopt",
        "rsa_padding_mode:oaep",
        "-pkeyopt",
        "rsa_oaep_md:sha256",
        "-pkeyopt",
        "rsa_mgf1_md:sha256",
      ]);
      expect(wrong.ok).toBe(false);
      // Nor does plain OAEP-SHA-1 (hash and MGF1 both SHA-1).
      const sha1 = tryOpenssl(["pkeyutl", "-decrypt", "-inkey", keyFile, "-in", ct, "-pkeyopt", "rsa_padding_mode:oaep"]);
      expect(sha1.ok).toBe(false);
    }
  });

  test("the simulator's decryptParams opens an RSA part made by OpenSSL with the mixed padding", () => {
    const keys = generateKeys();
    const envelope = `${keys.viHex}::${keys.saltHex}::${keys.passphrase}`;
    const rsaPart = openssl(["pkeyutl", "-encrypt", "-certin", "-inkey", certFile, ...RSA_OAEP_MIXED], envelope).toString("base64");
    // The AES part is made by OpenSSL too: the whole Params string is independent of the module.
    const aesPart = opensslAesCtrEncrypt(keys, JSON.stringify(sampleParams));
    const opened = decryptParams(`${rsaPart}:::${aesPart}`, keyPem);
    expect(opened.keys).toEqual(keys);
    expect(opened.params).toEqual(sampleParams);
  });

  test("the simulator rejects OAEP made with Node's own (SHA-256/MGF1-SHA-256) padding", () => {
    const keys = generateKeys();
    const envelope = Buffer.from(`${keys.viHex}::${keys.saltHex}::${keys.passphrase}`, "ascii");
    const nodeOaep = crypto.publicEncrypt({ key: certPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: "sha256" }, envelope);
    const aesPart = opensslAesCtrEncrypt(keys, "{}");
    expect(() => decryptParams(`${nodeOaep.toString("base64")}:::${aesPart}`, keyPem)).toThrow(/RSA-OAEP decryption failed/);
  });

  test("the OAEP encoding round-trips and its decoder rejects every malformed block", () => {
    const k = 256;
    const message = Buffer.from("hello OAEP", "ascii");
    const encoded = oaepEncode(message, k);
    expect(encoded).toHaveLength(k);
    expect(encoded[0]).toBe(0);
    expect(oaepDecode(encoded, k).equals(message)).toBe(true);
    // Empty message and the longest message allowed (k - 2*32 - 2 bytes).
    expect(oaepDecode(oaepEncode(Buffer.alloc(0), k), k)).toHaveLength(0);
    const longest = crypto.randomBytes(k - 66);
    expect(oaepDecode(oaepEncode(longest, k), k).equals(longest)).toBe(true);
    expect(() => oaepEncode(Buffer.alloc(k - 65), k)).toThrow(/too long/);
    // Any flipped byte (leading zero, masked seed, masked DB) is rejected.
    for (const index of [0, 1, 20, 33, 40, 100, 200, 255]) {
      const tampered = Buffer.from(encoded);
      tampered[index] = (tampered[index] ?? 0) ^ 0x01;
      expect(() => oaepDecode(tampered, k)).toThrow(/RSA-OAEP decryption failed/);
    }
    expect(() => oaepDecode(encoded.subarray(1), k)).toThrow(/RSA-OAEP decryption failed/);
    expect(() => oaepDecode(Buffer.alloc(k), k)).toThrow(/RSA-OAEP decryption failed/);
  });

  test("the OAEP decoder rejects a data block with a bad label hash, no separator, or junk before it", () => {
    const k = 256;
    const lHash = crypto.createHash("sha256").digest();
    const message = Buffer.from("m", "ascii");
    const padding = (n: number) => Buffer.alloc(n);
    const dbLength = k - 32 - 1;
    const valid = Buffer.concat([lHash, padding(dbLength - 32 - 2), Buffer.from([0x01]), message]);
    expect(oaepDecode(maskDataBlock(valid), k).equals(message)).toBe(true);
    const cases = {
      wrongLabelHash: Buffer.concat([crypto.createHash("sha256").update("x").digest(), valid.subarray(32)]),
      noSeparator: Buffer.concat([lHash, padding(dbLength - 32)]),
      junkBeforeSeparator: Buffer.concat([lHash, padding(dbLength - 32 - 3), Buffer.from([0x02, 0x01]), message]),
      junkAtStartOfPadding: Buffer.concat([lHash, Buffer.from([0x80]), padding(dbLength - 32 - 3), Buffer.from([0x01]), message]),
    };
    for (const [name, db] of Object.entries(cases)) {
      expect(db, name).toHaveLength(dbLength);
      const encoded = maskDataBlock(db);
      expect(() => oaepDecode(encoded, k), name).toThrow(/RSA-OAEP decryption failed/);
      // The same block through raw RSA (by OpenSSL) and the simulator's full decryptParams path.
      const rsaPart = openssl(["pkeyutl", "-encrypt", "-certin", "-inkey", certFile, "-pkeyopt", "rsa_padding_mode:none"], encoded);
      expect(() => decryptParams(`${rsaPart.toString("base64")}:::AAAA`, keyPem), name).toThrow(/RSA-OAEP decryption failed/);
    }
  });
});

describe("Params AES part and responses against OpenSSL (AES-128-CTR, PBKDF2-HMAC-SHA1)", () => {
  test("the key derivation agrees with an independent PBKDF2", () => {
    for (let i = 0; i < 3; i++) {
      const keys = generateKeys();
      expect(deriveKey(keys).toString("hex")).toBe(independentKeyHex(keys));
    }
    // A fixed vector, with the passphrase's special characters, also checked by Python's hashlib.
    const fixed: BanorteKeys = {
      viHex: Buffer.from("0123456789abcdef", "ascii").toString("hex"),
      saltHex: Buffer.from("zyxwvutsrqponmlk", "ascii").toString("hex"),
      passphrase: "-A*&%/!?+=()Tz9x",
    };
    const python = execFileSync("python3", [
      "-c",
      "import hashlib,sys;print(hashlib.pbkdf2_hmac('sha1',sys.argv[1].encode(),bytes.fromhex(sys.argv[2]),1000,16).hex())",
      fixed.passphrase,
      fixed.saltHex,
    ])
      .toString()
      .trim();
    expect(deriveKey(fixed).toString("hex")).toBe(python);
    expect(independentKeyHex(fixed)).toBe(python);
  });

  test("substring 2 equals OpenSSL's ciphertext and OpenSSL decrypts it to the UTF-8 JSON", () => {
    for (let i = 0; i < 3; i++) {
      const { params, keys } = encryptParams(sampleParams, certPem);
      const [, aesPart] = split(params);
      const json = JSON.stringify(sampleParams);
      expect(aesPart).toBe(opensslAesCtrEncrypt(keys, json));
      expect(JSON.parse(opensslAesCtrDecrypt(keys, aesPart))).toEqual(sampleParams);
    }
  });

  test("decryptResponse opens a response encrypted by OpenSSL, Spanish text and all", () => {
    const keys = generateKeys();
    const response = {
      idAfiliacion: 1234567,
      referencia: 123456789012,
      numeroControl: "HIMFGCURSOS12ABCDEFGHIJ",
      fechaReqCte: "15/03/2025 10:12:01",
      fechaRspCte: "15/03/2025 10:12:04",
      resultadoPayw: "A",
      codigoAut: "123456",
      texto: "Aprobada. Operación exitosa en Pediatría, año 2025, niño ñandú",
    };
    const data = opensslAesCtrEncrypt(keys, JSON.stringify(response));
    expect(decryptResponse(data, keys)).toEqual(response);
    // Banorte's Base64 may arrive wrapped or padded with whitespace.
    const wrapped = `  ${data.replace(/(.{20})/g, "$1\n")}\r\n`;
    expect(decryptResponse(wrapped, keys)).toEqual(response);
    // And the other direction: the simulator's encryptResponse is what OpenSSL decrypts.
    const simulated = encryptResponse(response, keys);
    expect(simulated).toBe(data);
    expect(JSON.parse(opensslAesCtrDecrypt(keys, simulated))).toEqual(response);
  });
});

describe("per-payment secrets", () => {
  const viSalt = new RegExp(`^[${VI_SALT_ALPHABET}]{16}$`);
  const fromHex = (hex: string) => Buffer.from(hex, "hex").toString("ascii");

  test("vi and salt are 16 characters of the alphabet without j; the passphrase 16 of its own alphabet", () => {
    const { keys } = encryptParams(sampleParams, certPem);
    expect(keys.viHex).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.saltHex).toMatch(/^[0-9a-f]{32}$/);
    expect(fromHex(keys.viHex)).toMatch(viSalt);
    expect(fromHex(keys.saltHex)).toMatch(viSalt);
    expect(keys.passphrase).toHaveLength(16);
    expect([...keys.passphrase].every((c) => PASSPHRASE_ALPHABET.includes(c))).toBe(true);
    expect(keys.passphrase).not.toContain(":");
    expect(VI_SALT_ALPHABET).not.toContain("j");
  });

  test("over many draws every character of each alphabet appears and nothing else does", () => {
    const viSaltSeen = new Set<string>();
    const passSeen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const keys = generateKeys();
      for (const c of fromHex(keys.viHex) + fromHex(keys.saltHex)) viSaltSeen.add(c);
      for (const c of keys.passphrase) passSeen.add(c);
      expect(keys.passphrase).toHaveLength(16);
    }
    expect([...viSaltSeen].sort()).toEqual([...new Set(VI_SALT_ALPHABET)].sort());
    expect([...passSeen].sort()).toEqual([...new Set(PASSPHRASE_ALPHABET)].sort());
  });

  test("two calls give different secrets and different Params, and Math.random is never used", () => {
    const random = vi.spyOn(Math, "random");
    try {
      const a = encryptParams(sampleParams, certPem);
      const b = encryptParams(sampleParams, certPem);
      expect(a.keys.viHex).not.toBe(b.keys.viHex);
      expect(a.keys.saltHex).not.toBe(b.keys.saltHex);
      expect(a.keys.passphrase).not.toBe(b.keys.passphrase);
      expect(a.params).not.toBe(b.params);
      expect(split(a.params)[0]).not.toBe(split(b.params)[0]);
      expect(split(a.params)[1]).not.toBe(split(b.params)[1]);
      expect(random).not.toHaveBeenCalled();
    } finally {
      random.mockRestore();
    }
  });
});

describe("simulator helpers", () => {
  test("decryptParams inverts encryptParams, keys included", () => {
    const { params, keys } = encryptParams(sampleParams, certPem);
    const opened = decryptParams(params, keyPem);
    expect(opened.keys).toEqual(keys);
    expect(opened.params).toEqual(sampleParams);
    expect(Object.keys(opened.params)).toEqual(Object.keys(sampleParams)); // key order is kept
  });

  test("encryptResponse with the recovered keys is read by decryptResponse with the stored keys", () => {
    const { params, keys } = encryptParams(sampleParams, certPem);
    const opened = decryptParams(params, keyPem);
    const result = { resultadoPayw: "D", texto: "Transacción declinada: tarjeta sin fondos", codigoPayw: "PAYW-0001" };
    expect(decryptResponse(encryptResponse(result, opened.keys), keys)).toEqual(result);
  });

  test("the cipher is generic: any string map, empty values and accents included, round-trips", () => {
    const odd = { "": "", clave: "valor con acentos: ñ á é í ó ú ü ¿?", emoji: "🏥", quote: '"\\' };
    const { params } = encryptParams(odd, certPem);
    expect(decryptParams(params, keyPem).params).toEqual(odd);
    expect(decryptParams(encryptParams({}, certPem).params, keyPem).params).toEqual({});
  });

  test("inspectCertificate reports the key size and validity for expiry warnings", () => {
    const info = inspectCertificate(certPem);
    expect(info.modulusBits).toBe(2048);
    expect(info.subject).toContain("Banorte VCE test");
    expect(info.validTo.getTime()).toBeGreaterThan(Date.now());
    expect(info.validTo.getTime()).toBeLessThan(Date.now() + 3 * 24 * 3600 * 1000);
    expect(info.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });
});

describe("malformed input is rejected with a clear error", () => {
  test("certificates that are garbage, not certificates, not RSA or too small", () => {
    expect(() => encryptParams(sampleParams, "")).toThrow(/X\.509 certificate in PEM/);
    expect(() => encryptParams(sampleParams, keyPem)).toThrow(/X\.509 certificate in PEM/);
    const publicKeyPem = crypto.createPublicKey(keyPem).export({ type: "spki", format: "pem" }).toString();
    expect(() => encryptParams(sampleParams, publicKeyPem)).toThrow(/X\.509 certificate in PEM/);
    const broken = certPem.replace(/\n[A-Za-z0-9+/]{10}/, "\nAAAAAAAAAA");
    expect(() => encryptParams(sampleParams, broken)).toThrow(/certificate could not be parsed/);
    const truncated = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n";
    expect(() => encryptParams(sampleParams, truncated)).toThrow(/certificate could not be parsed/);

    const ecKey = tmp("ec-key.pem");
    const ecCert = tmp("ec-cert.pem");
    openssl([
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:P-256",
      "-nodes",
      "-keyout",
      ecKey,
      "-out",
      ecCert,
      "-days",
      "1",
      "-subj",
      "/CN=ec",
    ]);
    expect(() => encryptParams(sampleParams, fs.readFileSync(ecCert, "utf8"))).toThrow(/must be RSA, not ec/);

    const smallKey = tmp("small-key.pem");
    const smallCert = tmp("small-cert.pem");
    openssl(["req", "-x509", "-newkey", "rsa:1024", "-nodes", "-keyout", smallKey, "-out", smallCert, "-days", "1", "-subj", "/CN=small"]);
    expect(() => encryptParams(sampleParams, fs.readFileSync(smallCert, "utf8"))).toThrow(/1024 bits/);
    expect(() => decryptParams("a:::b", fs.readFileSync(ecKey, "utf8"))).toThrow(/private key must be RSA/);
    expect(() => decryptParams("a:::b", "not a key")).toThrow(/private key could not be parsed/);
  });

  test("params that are not a map of strings", () => {
    expect(() => encryptParams({ amount: 12.5 } as unknown as Record<string, string>, certPem)).toThrow(/"amount" must be a string/);
    expect(() => encryptParams(["x"] as unknown as Record<string, string>, certPem)).toThrow(/plain object/);
    expect(() => encryptParams(null as unknown as Record<string, string>, certPem)).toThrow(/plain object/);
  });

  test("responses that are empty, not Base64, decrypted with the wrong keys, or not a JSON object", () => {
    const keys = generateKeys();
    const data = encryptResponse({ resultadoPayw: "A" }, keys);
    expect(() => decryptResponse("", keys)).toThrow(/empty/);
    expect(() => decryptResponse("   \n", keys)).toThrow(/empty/);
    expect(() => decryptResponse("abc$def", keys)).toThrow(/not valid Base64/);
    expect(() => decryptResponse("abcde", keys)).toThrow(/not valid Base64/);
    expect(() => decryptResponse(data, generateKeys())).toThrow(/does not decrypt to (UTF-8|JSON)/);
    expect(() => decryptResponse(opensslAesCtrEncrypt(keys, "[1,2]"), keys)).toThrow(/not an object/);
    expect(() => decryptResponse(opensslAesCtrEncrypt(keys, "null"), keys)).toThrow(/not an object/);
    expect(() => decryptResponse(data, { ...keys, viHex: "zz" })).toThrow(/viHex must be 32 hexadecimal/);
    expect(() => decryptResponse(data, { ...keys, saltHex: keys.saltHex.slice(2) })).toThrow(/saltHex/);
    expect(() => decryptResponse(data, { ...keys, passphrase: "" })).toThrow(/passphrase/);
    expect(() => encryptResponse([] as unknown as Record<string, unknown>, keys)).toThrow(/JSON object/);
  });

  test("Params envelopes that are malformed or tampered with", () => {
    const { params } = encryptParams(sampleParams, certPem);
    const [rsaPart, aesPart] = split(params);
    expect(() => decryptParams(rsaPart, keyPem)).toThrow(/malformed Params/);
    expect(() => decryptParams(`${rsaPart}:::`, keyPem)).toThrow(/malformed Params/);
    expect(() => decryptParams(`${rsaPart}:::${aesPart}:::${aesPart}`, keyPem)).toThrow(/malformed Params/);
    expect(() => decryptParams(`${aesPart}:::${rsaPart}`, keyPem)).toThrow(/RSA-OAEP decryption failed/);
    const rsaBytes = Buffer.from(rsaPart, "base64");
    rsaBytes[100] = (rsaBytes[100] ?? 0) ^ 0xff;
    expect(() => decryptParams(`${rsaBytes.toString("base64")}:::${aesPart}`, keyPem)).toThrow(/RSA-OAEP decryption failed/);
    // Another key pair cannot open it.
    const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const otherPem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(() => decryptParams(params, otherPem)).toThrow(/RSA-OAEP decryption failed/);
    // A value at or above the modulus is refused like any other bad block.
    expect(() => decryptParams(`${Buffer.alloc(256, 0xff).toString("base64")}:::${aesPart}`, keyPem)).toThrow(/RSA-OAEP decryption failed/);
    // A well-padded block whose contents are not "viHex::saltHex::passphrase".
    const notEnvelope = openssl(["pkeyutl", "-encrypt", "-certin", "-inkey", certFile, ...RSA_OAEP_MIXED], "hello");
    expect(() => decryptParams(`${notEnvelope.toString("base64")}:::${aesPart}`, keyPem)).toThrow(/RSA envelope is not/);
  });
});
