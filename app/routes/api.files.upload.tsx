import type { ActionFunctionArgs } from "@remix-run/node";
import { FILE_MESSAGES } from "~/accounts/documents";
import { parseUploadForm } from "~/accounts/uploads.server";
import { API_MESSAGES, apiJson, apiMessage, throttleApiWrite } from "~/api/http.server";
import { stageUpload } from "~/api/staged-uploads.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";

/**
 * POST /api/files/upload (multipart, field `file`): checks the file by content (JPG, PNG, PDF,
 * at most 1 MB, the same check as /register) and keeps it privately for one hour. The answer's
 * fileUrl names it for POST /api/auth/create-user; it does not serve the file to anyone.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiMessage(405, API_MESSAGES.methodNotAllowed("POST"), { Allow: "POST" });
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  if (!type.startsWith("multipart/form-data")) return apiMessage(415, API_MESSAGES.wrongMultipart);

  const throttled = await throttleApiWrite(db, "api-upload", context.clientAddress ?? "unknown");
  if (throttled) return throttled;

  const form = await parseUploadForm(request, ["file"]);
  if (!form.ok) {
    return form.status === 413
      ? apiMessage(413, "El envío es demasiado grande: el archivo debe pesar como máximo 1 MB.")
      : apiMessage(400, "No pudimos leer el envío. Envíe el archivo como multipart/form-data en el campo «file».");
  }
  const refused = form.fileErrors.file?.[0];
  // Over 1 MB is "too large" (413), like a body over the limits; anything else refused is a 400.
  if (refused) return apiJson({ message: refused, errors: { file: refused } }, { status: refused === FILE_MESSAGES.tooLarge ? 413 : 400 });
  const file = form.files.get("file");
  if (!file)
    return apiJson(
      { message: "Falta el archivo: envíelo en el campo «file».", errors: { file: "Falta el archivo: envíelo en el campo «file»." } },
      { status: 400 },
    );

  const staged = await stageUpload(db, file, context.clientAddress ?? "unknown", siteOrigin());
  return apiJson({ fileUrl: staged.fileUrl, expiresAt: staged.expiresAt });
}

export function loader() {
  return apiMessage(405, API_MESSAGES.methodNotAllowed("POST"), { Allow: "POST" });
}
