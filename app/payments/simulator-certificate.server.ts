import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "~/db.server";

const SECRET_NAME = "banorte_simulator_keys";

export interface SimulatorKeyPair {
  certificatePem: string;
  privateKeyPem: string;
}

/**
 * The simulator's test certificate and private key (RSA-2048, like Banorte's), made on first run
 * and kept in app_secrets as one value, so two processes racing on first run agree on one pair.
 */
export async function getSimulatorKeyPair(db: Kysely<DB>): Promise<SimulatorKeyPair> {
  const existing = await db.selectFrom("app_secrets").select("value").where("name", "=", SECRET_NAME).executeTakeFirst();
  if (existing) return JSON.parse(existing.value) as SimulatorKeyPair;
  const fresh = makeSelfSignedCertificate("Simulador Banorte VCE (solo pruebas)");
  await db
    .insertInto("app_secrets")
    .values({ name: SECRET_NAME, value: JSON.stringify(fresh) })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", SECRET_NAME).executeTakeFirstOrThrow();
  return JSON.parse(row.value) as SimulatorKeyPair;
}

/**
 * A minimal self-signed X.509 v3 certificate built with node:crypto alone (Node can parse
 * certificates but not make them): the DER of the TBSCertificate, signed with SHA-256/RSA.
 * Only the public key matters to the cipher; the rest is the least a parser accepts.
 */
export function makeSelfSignedCertificate(commonName: string, validDays = 3650): SimulatorKeyPair {
  const { publicKey, privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const sha256WithRsa = sequence(oid([0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b]), Buffer.from([0x05, 0x00]));
  const name = sequence(tlv(0x31, sequence(oid([0x55, 0x04, 0x03]), tlv(0x0c, Buffer.from(commonName, "utf8")))));
  const serial = crypto.randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  const now = Date.now();
  const tbs = sequence(
    tlv(0xa0, tlv(0x02, Buffer.from([0x02]))),
    tlv(0x02, serial),
    sha256WithRsa,
    name,
    sequence(utcTime(new Date(now - 86_400_000)), utcTime(new Date(now + validDays * 86_400_000))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
  );
  const signature = crypto.sign("sha256", tbs, privateKey);
  const der = sequence(tbs, sha256WithRsa, tlv(0x03, Buffer.concat([Buffer.from([0x00]), signature])));
  const base64 = der
    .toString("base64")
    .replace(/(.{64})/g, "$1\n")
    .trimEnd();
  return {
    certificatePem: `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`,
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  };
}

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  let header: Buffer;
  if (length < 0x80) header = Buffer.from([tag, length]);
  else {
    const bytes: number[] = [];
    for (let n = length; n > 0; n >>= 8) bytes.unshift(n & 0xff);
    header = Buffer.from([tag, 0x80 | bytes.length, ...bytes]);
  }
  return Buffer.concat([header, content]);
}

function sequence(...items: Buffer[]): Buffer {
  return tlv(0x30, Buffer.concat(items));
}

function oid(encoded: number[]): Buffer {
  return tlv(0x06, Buffer.from(encoded));
}

function utcTime(date: Date): Buffer {
  const iso = date.toISOString();
  // YYMMDDHHMMSSZ (valid until 2049, which is all a test certificate needs).
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(text, "ascii"));
}
