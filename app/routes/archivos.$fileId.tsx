import type { LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import { serveStoredFile } from "~/files/serve-file.server";
import { resourceNotFound } from "~/utils/simple-page.server";

/**
 * The one route that serves stored public files (banners, documents, gallery images), at
 * /archivos/:id and /archivos/:id/:name (the readable name in the URL is what browsers and
 * people see; the id alone decides the file). Ids are random UUIDs; private documents will get
 * their own guarded route.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  return serveStoredFile(db, request, params.fileId, resourceNotFound);
}
