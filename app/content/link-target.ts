import { hasForbiddenCharacters } from "~/utils/text-checks";

/**
 * Where a link typed by staff may point: a path on this site that starts with a single "/"
 * ("//host" is another site to a browser) or an http(s) URL with a host. Nothing else survives:
 * javascript:, data:, mailto:, backslashes (browsers read them as slashes), spaces, control and
 * invisible characters (mailto: only where the caller allows it). The one check for every link
 * staff type (menus, banners, department staff rows). Returns the Spanish reason, or null.
 */
export function linkTargetProblem(raw: string, options: { allowMailto?: boolean } = {}): string | null {
  const value = raw.trim();
  if (value.length === 0) return "Escriba el destino del enlace: una ruta del sitio (/transparencia) o una dirección https://…";
  if (value.length > 500) return "El destino tiene más de 500 caracteres; acórtelo.";
  if (hasForbiddenCharacters(value) || /[\s\\<>"']/.test(value)) {
    return "El destino contiene espacios, comillas, barras invertidas o caracteres invisibles. Escríbalo de nuevo sin ellos.";
  }
  // Contact links on department pages (the seed's staff rows) may be a plain e-mail address.
  if (options.allowMailto && /^mailto:/i.test(value)) {
    return /^mailto:[^@/:?]+@[^@/:?]+\.[a-z]{2,}$/i.test(value) ? null : "El enlace de correo debe ser mailto: seguido de una dirección válida.";
  }
  if (value.startsWith("/")) {
    if (value.startsWith("//")) return "Una ruta del sitio empieza con una sola barra, por ejemplo /transparencia.";
    return null;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "El destino debe ser una ruta del sitio que empiece con / (por ejemplo /transparencia) o una dirección que empiece con https:// o http://.";
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !/^https?:\/\/[^/]/i.test(value) || url.hostname === "") {
    return "El destino debe ser una ruta del sitio que empiece con / (por ejemplo /transparencia) o una dirección que empiece con https:// o http://.";
  }
  if (url.username || url.password) return "La dirección no puede llevar usuario ni contraseña.";
  return null;
}
