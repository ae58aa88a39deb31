/**
 * The one way to read a return path ("redirectTo", "next"...) from a request: only a path on
 * this site, after the same normalisation a browser applies, is accepted; anything else gives
 * `fallback`. Refused: other origins ("https://…", "//evil.example"), paths that normalise into
 * one ("/.//evil.example" → "//evil.example", "/%2e//evil"), backslashes a browser reads as
 * slashes ("/\\evil.example"), control and invisible characters, and absurd lengths.
 */
const DUMMY_ORIGIN = "http://himfg.invalid";
const MAX_LENGTH = 2048;

export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return fallback;
  if (!value.startsWith("/") || value.startsWith("//")) return fallback;
  // Backslashes, control characters (tab and newline are stripped by URL parsers), format and
  // separator characters (bidi overrides, zero-width) have no place in a path we link to.
  if (/[\\\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, DUMMY_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== DUMMY_ORIGIN) return fallback;
  const path = url.pathname + url.search + url.hash;
  // The normalised path must itself be a same-origin path: "/.//x" normalises to "//x", which a
  // browser reads as the host x.
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  // And it must read back as the same place (a second round of parsing changes nothing).
  const again = new URL(path, DUMMY_ORIGIN);
  if (again.origin !== DUMMY_ORIGIN || again.pathname + again.search + again.hash !== path) return fallback;
  return path;
}
