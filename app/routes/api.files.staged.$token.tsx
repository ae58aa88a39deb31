import { apiMessage } from "~/api/http.server";

/**
 * A fileUrl from POST /api/files/upload is a reference for POST /api/auth/create-user, not a link:
 * the uploaded identity document is never served back, to its sender or anyone else.
 */
function privateFile() {
  return apiMessage(403, "Este archivo es privado: la dirección solo sirve para registrarse con POST /api/auth/create-user.");
}

export const loader = privateFile;
export const action = privateFile;
