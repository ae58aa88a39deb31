// Builds the script of the pages that do not hydrate (app/enhance/index.ts, decision 0027) into
// public/build/page-script/ with a content hash in its name (served immutable like Remix's
// assets), and writes its address to build/page-script.json for the server. Runs after
// `remix build`, which empties public/build.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const outdir = path.resolve("public/build/page-script");
fs.rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { index: "app/enhance/index.ts" },
  bundle: true,
  minify: true,
  format: "esm",
  target: "es2019",
  outdir,
  entryNames: "[name]-[hash]",
  metafile: true,
  logLevel: "warning",
});
const [output] = Object.keys(result.metafile.outputs).filter((file) => file.endsWith(".js"));
const address = `/build/page-script/${path.basename(output)}`;
fs.mkdirSync(path.resolve("build"), { recursive: true });
fs.writeFileSync(path.resolve("build/page-script.json"), `${JSON.stringify({ src: address })}\n`);
console.log(`page script: ${address} (${fs.statSync(output).size} bytes)`);
