import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { resolveDocumentFile } from "~/documents/document-editor.server";
import { legacyFileRedirect } from "~/files/legacy-addresses.server";
import { FILE_ID, serveStoredFile } from "~/files/serve-file.server";
import { resourceNotFound } from "~/utils/simple-page.server";

/**
 * The one route that serves stored public files (banners, documents, gallery images), at
 * /archivos/:id and /archivos/:id/:name (the readable name in the URL is what browsers and
 * people see; the id alone decides the file). Ids are random UUIDs; private documents will get
 * their own guarded route.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const id = (params.fileId ?? "").toLowerCase();
  // Not one of our ids: maybe a file of the former site (/archivos/CONVOCATORIA_2024.pdf).
  if (!FILE_ID.test(id)) {
    const moved = await legacyFileRedirect(db, request);
    if (moved) throw moved;
  }
  // A transparency document's file: a removed document answers 404; a replaced file's old URL
  // answers with the current file. Both may change, so browsers revalidate (ETag) instead of
  // keeping a copy for a year (decision 0024).
  const document = FILE_ID.test(id) ? await resolveDocumentFile(db, id) : null;
  if (document === "gone") throw resourceNotFound();
  if (document) return serveStoredFile(db, request, document.serve, resourceNotFound, { cacheControl: DOCUMENT_CACHE_CONTROL });
  return serveStoredFile(db, request, params.fileId, resourceNotFound);
}

const DOCUMENT_CACHE_CONTROL = "public, max-age=0, must-revalidate";
