/**
 * Remix classic compiler configuration.
 * Every v3 future flag that the classic compiler supports is on; v3_routeConfig exists only
 * for the Vite plugin (see docs/decisions/0002-remix-classic-compiler.md).
 * @type {import('@remix-run/dev').AppConfig}
 */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // Besides the flat routes in app/routes: a module that serves several addresses the same way
  // is mounted once per address (route ids differ), instead of a copy of it per address
  // (docs/decisions/0021-content-editor.md).
  routes(defineRoutes) {
    return defineRoutes((route) => {
      for (const gallery of ["legado-artistico", "galeria", "dia-del-nino"]) {
        route(`/${gallery}`, "gallery/gallery-index.route.tsx", { id: `gallery/${gallery}`, index: false });
        route(`/${gallery}/:itemId`, "gallery/gallery-image.route.tsx", { id: `gallery/${gallery}/image` });
      }
      for (const path of ["anuarios-estadisticos", "organizacion-de-archivos", "adquisiciones"]) {
        route(`/${path}`, "documents/collection.route.tsx", { id: `collection/${path}` });
      }
    });
  },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
