import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { getStoredFile } from "~/files/files.server";

const FILE_ID = /^[0-9a-f-]{36}$/;

/**
 * The one route that serves stored public files (banners, documents). Ids are random UUIDs;
 * private documents will get their own guarded route.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = params.fileId ?? "";
  if (!FILE_ID.test(id)) throw new Response("Not Found", { status: 404 });
  const file = await getStoredFile(db, id);
  if (!file) throw new Response("Not Found", { status: 404 });
  const etag = `"${file.sha256}"`;
  const headers = new Headers({
    "Content-Type": file.content_type,
    "Content-Length": String(file.byte_size),
    "Content-Disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
    // A stored SVG or HTML opened directly must never run script on our origin.
    "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
  });
  if (request.headers.get("If-None-Match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(file.data), { status: 200, headers });
}
