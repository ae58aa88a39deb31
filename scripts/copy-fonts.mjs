// Copies the Montserrat files we use from @fontsource into public/fonts, so the font is served
// from our own origin (no third-party CDN at run time).
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const source = path.join(path.dirname(require.resolve("@fontsource/montserrat/package.json")), "files");
const target = path.resolve("public/fonts");
fs.mkdirSync(target, { recursive: true });
for (const weight of [400, 600, 700]) {
  for (const style of ["normal"]) {
    const name = `montserrat-latin-${weight}-${style}.woff2`;
    fs.copyFileSync(path.join(source, name), path.join(target, name));
  }
}
fs.copyFileSync(
  path.join(path.dirname(require.resolve("@fontsource/montserrat/package.json")), "LICENSE"),
  path.join(target, "LICENSE-montserrat.txt"),
);
