import type { Kysely, Transaction } from "kysely";
import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { redirect } from "@remix-run/node";
import type { DB } from "~/db.server";
import { namedFileUrl } from "./file-types";

/**
 * Former file addresses of the current site (issue 20, migration 0029): /descargas/…/2007.pdf,
 * /archivos/graficos/legado-artistico/5.webp… answer 301 with the stored file that now stands for
 * them, or with the page that lists what we hold no file for. Asked only by the routes that would
 * otherwise answer 404 (the `$` splat route, /archivos/:id, a gallery image) and only for a GET or
 * HEAD whose path ends in a file extension: one primary-key query, never on a page the anonymous
 * cache answers. A path a route or page serves always wins, since those never get here.
 */

type Db = Kysely<DB> | Transaction<DB>;

/** A path that names a file: its last segment ends in a dot and 2 to 5 letters or digits. */
const FILE_EXTENSION = /\.[a-z0-9]{2,5}$/i;

export const FORMER_ADDRESS_MAX = 300;

/** The decoded path of a request, or null when it is not valid percent-encoding. */
function decodedPath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** Where a former address points now: the named URL of its file, or its page. Null when unknown. */
export async function findLegacyFileTarget(db: Db, pathname: string): Promise<string | null> {
  const path = decodedPath(pathname);
  if (!path || path.length > FORMER_ADDRESS_MAX || !FILE_EXTENSION.test(path)) return null;
  const row = await db
    .selectFrom("legacy_file_addresses as a")
    .leftJoin("stored_files as f", (join) => join.onRef("f.id", "=", "a.file_id").on("f.visibility", "=", "public"))
    .select(["a.file_id", "a.target_path", "f.file_name"])
    .where("a.path", "=", path)
    .executeTakeFirst();
  if (!row) return null;
  if (row.target_path) return row.target_path;
  return row.file_id && row.file_name ? namedFileUrl(row.file_id, row.file_name) : null;
}

/**
 * For a route about to answer 404: the 301 to what stands for a former file address, or null.
 * The query string is dropped (the old site's files took none).
 */
export async function legacyFileRedirect(db: Db, request: Request): Promise<Response | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const target = await findLegacyFileTarget(db, new URL(request.url).pathname);
  return target ? redirect(target, { status: 301 }) : null;
}

/** Refused 400 or 409 with the message on the field "formerAddress" (the editor's field). */
export type FormerAddressCheck = Outcome<{ path: string | null }>;

/** The site path of a page (content page, renamed page, direction page), or of a route's page. */
async function isPagePath(db: Db, path: string): Promise<boolean> {
  const lower = path.toLowerCase().replace(/\/+$/, "") || "/";
  const page = await db.selectFrom("content_pages").select("path").where("path", "=", lower).executeTakeFirst();
  if (page) return true;
  const moved = await db.selectFrom("path_redirects").select("from_path").where("from_path", "=", lower).executeTakeFirst();
  if (moved) return true;
  return CODE_ROUTE_PATHS.some((pattern) => pattern.test(lower));
}

/**
 * Addresses the code's routes serve (app/routes, remix.config.js), as patterns over the lowered
 * path: a former address may never take one of them, nor anything under the stored-file,
 * payment, staff or API prefixes.
 */
const CODE_ROUTE_PATHS: RegExp[] = [
  /^\/$/,
  /^\/(archivos|admin|api|build|fonts|payment|profile|calendario|cursos2025|verificar|dev|donacion|direccion|investigadores|simulador-banorte|ensenanza)(\/|$)/,
  /^\/(legado-artistico|galeria|dia-del-nino)(\/[^/]*)?$/,
  /^\/(anuarios-estadisticos|organizacion-de-archivos|adquisiciones|transparencia|transparencia\/informacion-financiera)$/,
  /^\/(buscar|direcciones|hemerobiblioteca|logout|mision-y-vision|recuperar-contrasena|register|restablecer-contrasena|userlogin|healthz|pdf)$/,
  /^\/(robots\.txt|sitemap\.xml|favicon\.ico|favicon\.svg)$/,
];

/**
 * Checks a former address staff give for a document ("Dirección anterior (opcional)"). Empty is
 * fine (null). Otherwise: a site path of a file, at most 300 characters, no "..", no control
 * characters, not a page's path (409) and not already given to another file (409); `ownFileIds`
 * are the files of the same document, whose address may be given again.
 */
export async function checkFormerAddress(
  db: Db,
  raw: string | undefined | null,
  options: { ownFileIds?: readonly string[] } = {},
): Promise<FormerAddressCheck> {
  const value = (raw ?? "").trim();
  if (value === "") return { ok: true, path: null };
  if (value.length > FORMER_ADDRESS_MAX) return formerAddressRefusal(400, `La dirección anterior tiene más de ${FORMER_ADDRESS_MAX} caracteres.`);
  if (/[\u0000-\u001f\u007f]/.test(value)) return formerAddressRefusal(400, "La dirección anterior tiene caracteres no válidos.");
  if (!value.startsWith("/") || value.startsWith("//") || /[\s?#\\]/.test(value))
    return formerAddressRefusal(
      400,
      "Escriba la dirección anterior como una ruta del sitio que empieza con «/», sin espacios, por ejemplo /descargas/documentos/informe.pdf.",
    );
  const path = decodedPath(value);
  if (path === null || path.includes(".."))
    return formerAddressRefusal(400, "La dirección anterior no puede contener «..» ni códigos de caracteres incompletos.");
  if (await isPagePath(db, path))
    return formerAddressRefusal(409, `${path} es la dirección de una página del sitio; una dirección anterior no puede ocuparla.`);
  if (!FILE_EXTENSION.test(path))
    return formerAddressRefusal(
      400,
      "La dirección anterior debe terminar en el nombre de un archivo, por ejemplo /descargas/documentos/informe.pdf.",
    );
  const taken = await db.selectFrom("legacy_file_addresses").select(["path", "file_id"]).where("path", "=", path).executeTakeFirst();
  // Already this document's (one of its files): given again with its new file, it stays its own.
  if (taken && !(taken.file_id && options.ownFileIds?.includes(taken.file_id)))
    return formerAddressRefusal(409, `La dirección ${path} ya lleva a otro archivo.`);
  return { ok: true, path };
}

function formerAddressRefusal(status: 400 | 409, message: string): Refusal {
  return refuse(status, { fields: { formerAddress: message } });
}

/** Points a former address at a stored file (a new one, or again for the same document). */
export async function setFormerAddress(trx: Transaction<DB>, path: string, fileId: string) {
  await trx
    .insertInto("legacy_file_addresses")
    .values({ path, file_id: fileId, target_path: null })
    .onConflict((oc) => oc.column("path").doUpdateSet({ file_id: fileId, target_path: null }))
    .execute();
}
