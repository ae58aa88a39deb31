import { describe, expect, test } from "vitest";
import { addressOf, MOUNTED_ADDRESSES, resolveAddress } from "~/mounted-addresses";
import remixConfig from "../../remix.config.js";

// Issue 23: one table of the addresses where a module serves more than one, read by
// remix.config.js (mounting) and by the modules (what each address shows).
describe("the one table of mounted addresses", () => {
  test("each path resolves to its module and key, whatever its case or trailing slash; other paths to nothing", () => {
    expect(resolveAddress("/galeria/12")).toMatchObject({ module: "gallery/gallery-image.route.tsx", key: "galeria" });
    expect(resolveAddress("/Legado-Artistico/")).toMatchObject({ module: "gallery/gallery-index.route.tsx", key: "legado-artistico" });
    expect(resolveAddress("/ANUARIOS-estadisticos")).toMatchObject({ module: "documents/collection.route.tsx", key: "yearbooks" });
    expect(resolveAddress("/adquisiciones/otra")).toBeNull();
    expect(resolveAddress("/otra")).toBeNull();
    expect(addressOf("documents/collection.route.tsx", "archives")).toBe("/organizacion-de-archivos");
  });

  test("remix.config.js mounts every row, with its id, and nothing else", () => {
    const mounted: { path: string; file: string; id?: string }[] = [];
    const defineRoutes = (define: (route: (path: string, file: string, options?: { id?: string }) => void) => void) => {
      define((path, file, options) => mounted.push({ path, file, id: options?.id }));
      return {};
    };
    (remixConfig as { routes: (define: typeof defineRoutes) => unknown }).routes(defineRoutes);
    expect(mounted).toEqual(MOUNTED_ADDRESSES.map((row) => ({ path: row.path, file: row.module, id: row.id })));
  });
});
