/**
 * A same-site path to send a visitor to after signing in, or `fallback`. Refuses anything that
 * could leave the site or smuggle a header: absolute URLs, protocol-relative `//host` and
 * `/\host` (browsers read `\` as `/`), control characters (a CR/LF would split headers; a tab or
 * newline inside `//` is dropped by URL parsers), and over-long values.
 */
export function safeRedirectPath(value: unknown, fallback: string): string {
  if (typeof value !== "string" || value.length === 0 || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  try {
    const base = "http://himfg.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    const path = url.pathname + url.search + url.hash;
    // Normalised again after parsing: `/./\host` or `/%2F/host` must not become `//host`.
    if (path.startsWith("//") || path.startsWith("/\\")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
