import { linkTargetProblem } from "~/content/link-target";
import { safeRedirectPath } from "./safe-redirect";

/**
 * A link a staff member typed for a public page (a banner): an http(s) address on another site,
 * or a path on this site starting with a single "/". Everything else — javascript:, data:,
 * "//other.example", backslashes, control or invisible characters — is refused (null). Returns
 * the address as it will be stored (normalised by the URL parser).
 */
export function safeLinkTarget(value: string): string | null {
  const text = value.trim();
  if (linkTargetProblem(text) !== null) return null;
  if (text.startsWith("/")) {
    const path = safeRedirectPath(text, "");
    return path === "" ? null : path;
  }
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    const url = new URL(text);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname || url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

export const SAFE_LINK_MESSAGE =
  "El enlace debe ser una dirección que empiece con https:// (otro sitio) o una ruta de este sitio que empiece con una sola / (por ejemplo /ensenanza/offer).";
