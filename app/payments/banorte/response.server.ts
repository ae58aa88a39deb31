/**
 * Strict reading of Banorte's decrypted VCE response.
 *
 * The response is AES-CTR without an integrity check and it travels through the buyer's browser,
 * so whoever knows the plaintext of a decline can XOR it into any text of the same length: flip
 * `"resultadoPayw":"D"` to `"A"`, overwrite a known field with a second `"codigoAut"` (JSON.parse
 * lets the last duplicate win), blank the decline-only keys with spaces. Nothing here can make
 * that impossible (only the bank's own word can: see verifyPayment), but everything that is not
 * exactly the shape Banorte sends is refused, so a forgery must be a perfect one.
 *
 * The shape follows payments-banorte.md ("Response"). What Banorte really sends in `fechaReqCte`
 * and `fechaRspCte`, and whether `codigoAut`/`referencia` can arrive as numbers, is not
 * documented; the accepted forms are listed below and in docs/decisions/0013.
 */

import { mexicoCityWallTimeToInstant, type MexicoCityWallTime } from "~/utils/mexico-city";

export type BanorteResult = "A" | "D" | "R" | "T";

export interface ResponseExpectations {
  controlNumber: string;
  merchantId: string;
  /** The attempt's lifetime: both dates must fall inside it (with CLOCK_SKEW_MS either side). */
  notBefore: Date;
  notAfter: Date;
}

/**
 * Banorte's answer as read: `valid` says whether it has exactly the shape Banorte sends (a parse of
 * an external wire format, not a domain Outcome: nothing is refused to a person here).
 */
export type ParsedResponse =
  | {
      valid: true;
      result: "A";
      referencia: string;
      codigoAut: string;
      texto: string | null;
      requestedAt: Date;
      answeredAt: Date;
    }
  | { valid: true; result: "D" | "R" | "T"; referencia: string | null; texto: string | null; requestedAt: Date | null; answeredAt: Date | null }
  | { valid: false; problems: string[] };

const COMMON_KEYS = ["idAfiliacion", "referencia", "numeroControl", "fechaReqCte", "fechaRspCte", "resultadoPayw", "codigoAut", "texto"] as const;
/** Keys only a decline carries; an approval with one of them is not an approval. */
const DECLINE_ONLY_KEYS = ["codigoPayw", "resultadoAut"] as const;
const ALLOWED_KEYS = new Set<string>([...COMMON_KEYS, ...DECLINE_ONLY_KEYS]);
const APPROVAL_REQUIRED = ["idAfiliacion", "referencia", "numeroControl", "fechaReqCte", "fechaRspCte", "resultadoPayw", "codigoAut"] as const;
const MAX_RESPONSE_LENGTH = 4_000;
export const CLOCK_SKEW_MS = 10 * 60_000;

export const AUTHORISATION_CODE = /^[A-Za-z0-9]{6}$/;
export const REFERENCIA = /^\d{12}$/;
const CONTROL_OR_FORMAT_CHARS = /[\p{Cc}\p{Cf}]/u;

/**
 * The keys of a JSON text in order of appearance, duplicates included. JSON.parse cannot report
 * a duplicate key, so the text is scanned: in valid JSON every `"` outside a string opens a
 * string, so matching whole string tokens from left to right stays aligned, and a string token
 * followed by `:` is a key. Escapes are decoded (`"\u0063odigoAut"` is `codigoAut`).
 * Call only on text that JSON.parse accepted.
 */
export function jsonKeys(text: string): string[] {
  const keys: string[] = [];
  const token = /"(?:[^"\\]|\\.)*"\s*(:?)/gs;
  for (const match of text.matchAll(token)) {
    if (match[1] === ":") keys.push(JSON.parse(match[0].slice(0, match[0].lastIndexOf('"') + 1)) as string);
  }
  return keys;
}

/** Reads the decrypted response text and checks it against what this attempt can receive. */
export function parseBanorteResponse(text: string, expect: ResponseExpectations): ParsedResponse {
  const problems: string[] = [];
  if (text.length > MAX_RESPONSE_LENGTH) return { valid: false, problems: ["respuesta demasiado larga"] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { valid: false, problems: ["la respuesta no es JSON"] };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { valid: false, problems: ["la respuesta no es un objeto JSON"] };
  const keys = jsonKeys(text);
  const seen = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) problems.push(`clave repetida: ${printable(key)}`);
    seen.add(key);
    if (!ALLOWED_KEYS.has(key)) problems.push(`clave desconocida: ${printable(key)}`);
  }
  const record = value as Record<string, unknown>;
  for (const [key, field] of Object.entries(record)) {
    if (field !== null && typeof field === "object") problems.push(`valor anidado en ${printable(key)}`);
    if (typeof field === "string" && CONTROL_OR_FORMAT_CHARS.test(field)) problems.push(`caracteres de control en ${printable(key)}`);
  }

  const result = record.resultadoPayw;
  if (result !== "A" && result !== "D" && result !== "R" && result !== "T") {
    problems.push("resultadoPayw no es A, D, R ni T");
    return { valid: false, problems };
  }

  // Our merchant and this attempt, in every answer.
  const merchant = digits(record.idAfiliacion, 1, 9);
  if (merchant === null || Number(merchant) !== Number(expect.merchantId)) problems.push("idAfiliacion no es la nuestra");
  if (record.numeroControl !== expect.controlNumber) problems.push("numeroControl no es el del intento");
  const texto = optionalText(record.texto, 200, "texto", problems);

  if (result === "A") {
    for (const key of APPROVAL_REQUIRED) if (!(key in record)) problems.push(`a la aprobación le falta ${key}`);
    for (const key of DECLINE_ONLY_KEYS) if (key in record) problems.push(`una aprobación no lleva ${key}`);
    const referencia = digits(record.referencia, 12, 12);
    if (referencia === null) problems.push("referencia no tiene 12 dígitos");
    const codigoAut = typeof record.codigoAut === "string" ? record.codigoAut : null;
    if (codigoAut === null || !AUTHORISATION_CODE.test(codigoAut)) problems.push("codigoAut no es un código de autorización");
    const requestedAt = bankDate(record.fechaReqCte);
    const answeredAt = bankDate(record.fechaRspCte);
    checkDates(requestedAt, answeredAt, expect, problems, true);
    if (problems.length > 0 || referencia === null || codigoAut === null || !requestedAt || !answeredAt) return { valid: false, problems };
    return { valid: true, result, referencia, codigoAut, texto, requestedAt, answeredAt };
  }

  // A decline, a rejection or no answer: no authorisation code, and a reference only if well-formed.
  if (record.codigoAut !== undefined && record.codigoAut !== "" && record.codigoAut !== null)
    problems.push(`un resultado ${result} no lleva codigoAut`);
  let referencia: string | null = null;
  if (record.referencia !== undefined && record.referencia !== "" && record.referencia !== null) {
    referencia = digits(record.referencia, 12, 12);
    if (referencia === null) problems.push("referencia no tiene 12 dígitos");
  }
  optionalText(record.codigoPayw, 10, "codigoPayw", problems);
  optionalText(record.resultadoAut, 100, "resultadoAut", problems);
  const requestedAt = record.fechaReqCte === undefined || record.fechaReqCte === "" ? null : bankDate(record.fechaReqCte);
  const answeredAt = record.fechaRspCte === undefined || record.fechaRspCte === "" ? null : bankDate(record.fechaRspCte);
  checkDates(requestedAt, answeredAt, expect, problems, false);
  if (problems.length > 0) return { valid: false, problems };
  return { valid: true, result, referencia, texto, requestedAt: requestedAt ?? null, answeredAt: answeredAt ?? null };
}

function checkDates(
  requestedAt: Date | null | undefined,
  answeredAt: Date | null | undefined,
  expect: ResponseExpectations,
  problems: string[],
  required: boolean,
) {
  const from = expect.notBefore.getTime() - CLOCK_SKEW_MS;
  const to = expect.notAfter.getTime() + CLOCK_SKEW_MS;
  for (const [name, date] of [
    ["fechaReqCte", requestedAt],
    ["fechaRspCte", answeredAt],
  ] as const) {
    if (date === undefined) problems.push(`${name} no es una fecha`);
    else if (date === null) {
      if (required) problems.push(`falta ${name}`);
    } else if (date.getTime() < from || date.getTime() > to) problems.push(`${name} fuera de la vida del intento`);
  }
  if (requestedAt && answeredAt && answeredAt.getTime() < requestedAt.getTime()) problems.push("fechaRspCte anterior a fechaReqCte");
}

/** Digits from a string or a non-negative safe integer, with a length range; else null. */
function digits(value: unknown, min: number, max: number): string | null {
  const text = typeof value === "string" ? value : typeof value === "number" && Number.isSafeInteger(value) && value >= 0 ? String(value) : null;
  if (text === null || !/^\d+$/.test(text) || text.length < min || text.length > max) return null;
  return text;
}

function optionalText(value: unknown, max: number, name: string, problems: string[]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" && Number.isSafeInteger(value)) return String(value);
  if (typeof value !== "string" || value.length > max) {
    problems.push(`${name} no es un texto de hasta ${max} caracteres`);
    return null;
  }
  return value;
}

/**
 * A date as Banorte might write it: ISO 8601 with a zone, or a local date-time in Mexico City
 * (its offset from the tz database, app/utils/mexico-city.ts) as `YYYY-MM-DD HH:mm:ss`,
 * `YYYYMMDD HH:mm:ss` or `DD/MM/YYYY HH:mm:ss`. Returns undefined for anything else. (Banorte's
 * real format is not documented: decision 0013.)
 */
export function bankDate(value: unknown): Date | undefined {
  if (typeof value !== "string" || value.length > 40) return undefined;
  const v = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/.test(v)) {
    const date = new Date(v);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  let wall: MexicoCityWallTime | null = null;
  let m = /^(\d{4})-?(\d{2})-?(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/.exec(v);
  if (m)
    wall = {
      year: +m[1]!,
      month: +m[2]!,
      day: +m[3]!,
      hour: +m[4]!,
      minute: +m[5]!,
      second: +m[6]!,
      millisecond: m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0,
    };
  m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/.exec(v);
  if (!wall && m) wall = { year: +m[3]!, month: +m[2]!, day: +m[1]!, hour: +m[4]!, minute: +m[5]!, second: +m[6]! };
  return (wall && mexicoCityWallTimeToInstant(wall)) ?? undefined;
}

function printable(key: string): string {
  return JSON.stringify(key.slice(0, 40));
}
