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
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
