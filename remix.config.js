import { MOUNTED_ADDRESSES } from "./app/mounted-addresses.js";

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
  // Besides the flat routes in app/routes: a module that serves several addresses is mounted once
  // per address (route ids differ) from the one table of them, app/mounted-addresses.js, which
  // the modules also read to know what each address shows (decision 0021, issue 23).
  routes(defineRoutes) {
    return defineRoutes((route) => {
      for (const row of MOUNTED_ADDRESSES) route(row.path, row.module, { id: row.id });
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
