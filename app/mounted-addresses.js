// @ts-check
/**
 * THE ONE TABLE of the addresses where a module serves more than one (issue 23): each row is an
 * address, the module that answers it and the key the module shows there (a gallery, a document
 * collection). remix.config.js mounts every row (its route id as before), and the modules find
 * their key with `resolveAddress` from this same table, so an address is added in one place.
 * Plain JavaScript with JSDoc types: remix.config.js (Node, no TypeScript) imports it too.
 *
 * The previous site's addresses of whole pages (/direccion/hemerobiblioteca,
 * /direccion/subdireccion-recursos-financieros) stay route files that re-export the page: the
 * /direccion/{slug} code routes are kept in step with DIRECTION_CODE_SLUGS by reading app/routes.
 *
 * @typedef {{ path: string; module: string; id: string; key: string }} MountedAddress
 */

const GALLERIES = ["legado-artistico", "galeria", "dia-del-nino"];

/** @type {readonly MountedAddress[]} */
export const MOUNTED_ADDRESSES = Object.freeze([
  ...GALLERIES.flatMap((gallery) => [
    { path: `/${gallery}`, module: "gallery/gallery-index.route.tsx", id: `gallery/${gallery}`, key: gallery },
    { path: `/${gallery}/:itemId`, module: "gallery/gallery-image.route.tsx", id: `gallery/${gallery}/image`, key: gallery },
  ]),
  { path: "/anuarios-estadisticos", module: "documents/collection.route.tsx", id: "collection/anuarios-estadisticos", key: "yearbooks" },
  { path: "/organizacion-de-archivos", module: "documents/collection.route.tsx", id: "collection/organizacion-de-archivos", key: "archives" },
  { path: "/adquisiciones", module: "documents/collection.route.tsx", id: "collection/adquisiciones", key: "procurement" },
]);

/**
 * The row that answers a path (lower case, no trailing slash; a `:name` segment matches any one
 * segment), or null.
 *
 * @param {string} pathname
 * @returns {MountedAddress | null}
 */
export function resolveAddress(pathname) {
  const segments = pathname.toLowerCase().replace(/\/+$/, "").split("/");
  return (
    MOUNTED_ADDRESSES.find((row) => {
      const pattern = row.path.split("/");
      return pattern.length === segments.length && pattern.every((part, index) => part.startsWith(":") || part === segments[index]);
    }) ?? null
  );
}

/**
 * The address a module shows a key at (its first row), e.g. the public page of a collection.
 *
 * @param {string} module
 * @param {string} key
 * @returns {string | null}
 */
export function addressOf(module, key) {
  return MOUNTED_ADDRESSES.find((row) => row.module === module && row.key === key && !row.path.includes(":"))?.path ?? null;
}
