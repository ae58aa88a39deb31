import fs from "node:fs";
import path from "node:path";
import { singleton } from "~/utils/singleton.server";

/** The address of the built page script, or null when the build has none (e.g. unit tests). */
export function pageScriptAddress(): string | null {
  return singleton("page-script-address", () => {
    try {
      const manifest = JSON.parse(fs.readFileSync(path.resolve("build/page-script.json"), "utf8")) as { src?: unknown };
      return typeof manifest.src === "string" ? manifest.src : null;
    } catch {
      return null;
    }
  });
}
