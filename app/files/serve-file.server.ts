import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { isInlineType } from "./file-types";
import { getPublicFile } from "./files.server";

export const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Content-Disposition with a readable Spanish name (RFC 6266): an ASCII `filename=` for old
 * clients (accents folded, quotes and separators replaced) plus `filename*=UTF-8''...`
 * (RFC 5987 percent-encoding) that current browsers prefer.
 */
export function contentDisposition(fileName: string, disposition: "inline" | "attachment"): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]/g, "_")
    .replace(/["\\]/g, "_");
  // encodeURIComponent leaves ' ( ) * ! unescaped; RFC 5987 attr-char does not allow the first four.
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** True when an If-None-Match header matches the entity tag (weak comparison, lists and *). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/**
 * Answers a request for a stored public file: the stored content type, a readable file name,
 * a strong ETag (the SHA-256 of the content) with 304 for revalidation, and a year of caching
 * (a file id never gets new content), unless the caller asks for another Cache-Control (a
 * document's URL may come to answer with a replacement file). Unknown ids are a Spanish 404 page.
 */
export async function serveStoredFile(
  db: Kysely<DB>,
  request: Request,
  fileId: string | undefined,
  notFound: () => Response,
  options: { cacheControl?: string } = {},
) {
  const id = (fileId ?? "").toLowerCase();
  if (!FILE_ID.test(id)) throw notFound();
  const file = await getPublicFile(db, id);
  if (!file) throw notFound();
  const etag = `"${file.sha256}"`;
  const inline = isInlineType(file.content_type);
  const headers = new Headers({
    "Content-Type": file.content_type.startsWith("text/") ? `${file.content_type}; charset=utf-8` : file.content_type,
    "Content-Disposition": contentDisposition(file.file_name, inline ? "inline" : "attachment"),
    "Cache-Control": options.cacheControl ?? "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
  // A stored SVG (or anything else a browser could run) opened directly must never run script on
  // our origin. PDFs are left out: a sandboxed document cannot load the browser's PDF viewer.
  if (file.content_type !== "application/pdf") {
    headers.set("Content-Security-Policy", "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox");
  }
  if (etagMatches(request.headers.get("If-None-Match"), etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(file.byte_size));
  return new Response(request.method === "HEAD" ? null : new Uint8Array(file.data), { status: 200, headers });
}

/**
 * A private stored file for a guarded staff route (donors' letters and constancias, invoice
 * requests' constancias): shown inline, never cached, sandboxed, no referrer. The route checks who
 * may see it before calling this.
 */
export function privateFileResponse(
  request: Request,
  file: { data: Buffer | Uint8Array; content_type: string; file_name: string; byte_size: number },
): Response {
  return new Response(request.method === "HEAD" ? null : new Uint8Array(file.data), {
    headers: {
      "Content-Type": file.content_type,
      "Content-Length": String(file.byte_size),
      "Content-Disposition": contentDisposition(file.file_name, "inline"),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; object-src 'self'; plugin-types application/pdf; sandbox",
      "Referrer-Policy": "no-referrer",
    },
  });
}
