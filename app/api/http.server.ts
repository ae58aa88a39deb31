import crypto from "node:crypto";
import type { Kysely } from "kysely";
import { problemMessages, refuse, type Outcome, type Refusal } from "~/actions/outcome";
import type { DB } from "~/db.server";
import { consumeAttempt } from "~/security/throttle.server";

/**
 * The JSON answers of the compatibility API (/api/*): every error is `{ "message": … }` (or
 * `{ "errors": { field: message } }` for a refused registration) in Spanish, never an HTML page
 * and never a 500 for anything the client sent.
 */
export function apiJson(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", ...init.headers },
  });
}

export function apiMessage(status: number, message: string, headers?: Record<string, string>): Response {
  return apiJson({ message }, { status, headers });
}

export const API_MESSAGES = {
  notFound: "No existe esa dirección en la API. Consulte la documentación en docs/api.md.",
  methodNotAllowed: (allowed: string) => `Este método no está permitido aquí. Use ${allowed}.`,
  wrongContentType: "El cuerpo debe ser JSON: envíe el encabezado Content-Type: application/json.",
  wrongMultipart: "Envíe el archivo como multipart/form-data en el campo «file».",
  badJson: "El cuerpo no es JSON válido. Revise comillas, comas y llaves.",
  notAnObject: "El cuerpo debe ser un objeto JSON con los campos del participante.",
  tooLarge: (limit: string) => `El cuerpo es demasiado grande (máximo ${limit}).`,
  throttled: (seconds: number) =>
    `Demasiadas solicitudes desde su conexión. Espere ${seconds < 60 ? `${seconds} segundos` : `${Math.ceil(seconds / 60)} minutos`} e intente de nuevo.`,
} as const;

/** A registration payload is a few hundred bytes; 16 KB leaves room and refuses anything else unread. */
export const MAX_JSON_BYTES = 16 * 1024;

/** Refused 415, 413 or 400 with the API's message; the route answers it with apiRefusal. */
export type JsonBody = Outcome<{ value: Record<string, unknown> }>;

/** A refusal as the API answers it: `{ "message": … }` with the refusal's status. */
export function apiRefusal(refusal: Refusal): Response {
  return apiMessage(refusal.status, problemMessages(refusal).join(" "));
}

/**
 * Reads a JSON object body: Content-Type application/json (415 otherwise), at most `maxBytes`
 * (413, checked on the declared length and again while reading, so a lying Content-Length or a
 * chunked body cannot get past), valid JSON (400) and an object (400).
 */
export async function readJsonObject(request: Request, maxBytes = MAX_JSON_BYTES): Promise<JsonBody> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return refuse(415, API_MESSAGES.wrongContentType);
  const limitText = `${Math.round(maxBytes / 1024)} KB`;
  if (Number(request.headers.get("Content-Length") ?? "0") > maxBytes) return refuse(413, API_MESSAGES.tooLarge(limitText));
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        return refuse(413, API_MESSAGES.tooLarge(limitText));
      }
      chunks.push(value);
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks)));
  } catch {
    return refuse(400, API_MESSAGES.badJson);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return refuse(400, API_MESSAGES.notAnObject);
  return { ok: true, value: value as Record<string, unknown> };
}

/** Per-client limits on the API's writes, per endpoint (the throttle is counted before the work). */
export const API_WRITE_LIMITS = {
  "api-upload": { limit: 30, windowMinutes: 15 },
  "api-create-user": { limit: 10, windowMinutes: 15 },
} as const;

/** Counts one write for the client; a 429 with Retry-After when the client has used its share. */
export async function throttleApiWrite(db: Kysely<DB>, bucket: keyof typeof API_WRITE_LIMITS, clientAddress: string): Promise<Response | null> {
  const outcome = await consumeAttempt(db, { bucket, key: clientAddress, ...API_WRITE_LIMITS[bucket] });
  if (outcome.allowed) return null;
  return apiMessage(429, API_MESSAGES.throttled(outcome.retryAfterSeconds), { "Retry-After": String(outcome.retryAfterSeconds) });
}

/**
 * A strong ETag over the exact body, so it changes whenever anything a client reads changes
 * (a course edited, added, closed or removed) and needs no bookkeeping of its own.
 */
export function etagOf(body: string): string {
  return `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** 200 with the body and its ETag, or 304 when the client already holds this version. */
export function cacheableJson(request: Request, body: string): Response {
  const etag = etagOf(body);
  // Clients may cache but must ask again each time (cheap with the ETag): a change shows at once.
  const headers = { "Content-Type": "application/json; charset=utf-8", ETag: etag, "Cache-Control": "public, no-cache" };
  const ifNoneMatch = request.headers.get("If-None-Match");
  if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*")) {
    return new Response(null, { status: 304, headers: { ETag: etag, "Cache-Control": "public, no-cache" } });
  }
  return new Response(body, { status: 200, headers });
}
