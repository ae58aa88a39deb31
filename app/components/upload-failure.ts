import { UPLOAD_FAILED_MESSAGE } from "~/accounts/documents";
import { showToast } from "./toaster";

/** When the request never came back as an answer of ours (network down, a proxy's 413, a 500). */
export const UPLOAD_NOT_RECEIVED = "No recibimos su envío. Sus datos y sus archivos siguen en el formulario.";

/** One toast for upload failures: a new failure replaces the last one instead of piling up. */
const TOAST_ID = "upload-failed";

/** The seed's closable upload-failure message (an error toast: role=alert, stays until closed). */
export function notifyUploadFailure(detail: string) {
  showToast({ id: TOAST_ID, type: "error", title: UPLOAD_FAILED_MESSAGE, description: detail });
}

/** What a clientAction answers when the upload request failed: the page keeps its form as it was. */
export interface UploadNotReceived {
  uploadFailed: true;
}

export function isUploadNotReceived(value: unknown): value is UploadNotReceived {
  return typeof value === "object" && value !== null && "uploadFailed" in value;
}

/**
 * The body of a clientAction for a form that uploads documents (JavaScript on): sends it to the
 * server action; a refusal that `refusedUpload` recognises (it returns the server's message) and
 * any failure of the request itself show the upload-failure toast. Redirects (success, or a
 * session that ended) go through untouched. A refusal keeps the server's status (Remix's single
 * fetch passes it on: the page's data is not reloaded); after a failed request the form keeps
 * what was typed and chosen.
 */
export async function sendUpload<Result>(serverAction: () => Promise<Result>, refusedUpload: (result: Result) => string | null) {
  let result: Result;
  try {
    result = await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    notifyUploadFailure(UPLOAD_NOT_RECEIVED);
    return { uploadFailed: true } satisfies UploadNotReceived;
  }
  const refusal = refusedUpload(result);
  if (refusal !== null) notifyUploadFailure(refusal);
  return result;
}
