// Builds build/server.js: the Express server (server/index.ts), the app modules it imports, the
// Remix build (build/index.js, made by `remix build` just before) and the packages they use, as
// one ES module. Production runs plain Node: no TypeScript loader in the process (tsx's loader
// thread cost ~85 MiB and ~0.5 s of every start: decision 0029). Packages are bundled too
// (decision 0065): Node resolving, reading and compiling some 2,000 package files one by one took
// ~0.6 s of every cold start; one file of ~9 MB takes a fraction of that. Both halves (server and
// Remix build) import the same package files, so each package is in the bundle once.
import fs from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { build } from "esbuild";

/**
 * Left to Node at run time, each for a reason:
 * - better-sqlite3: a native add-on, found by `bindings` next to its own files;
 * - puppeteer-core: loaded only when Chromium starts (decision 0063), a large module graph that
 *   resolves optional parts (ws, chromium-bidi) at run time;
 * - mailparser: loaded only when the demo's mail capture parses a message (decision 0063), ~2 MB
 *   with its character-set tables;
 * - undici: @remix-run/node requires it only in installGlobals, which the site never calls.
 */
const LEFT_TO_NODE = ["better-sqlite3", "puppeteer-core", "mailparser", "undici"];

/**
 * Packages read `process.env.NODE_ENV` to pick a development or production build (React, React
 * DOM, React Router ship both). build/server.js is the production artefact, so package files see
 * "production" at build time and only the production builds are bundled. Our own code still reads
 * NODE_ENV at run time (app/config.server.ts).
 */
const packagesInProduction = {
  name: "packages-in-production",
  setup(esbuild) {
    esbuild.onLoad({ filter: /[\\/]node_modules[\\/].*\.(js|cjs|mjs)$/ }, (args) => {
      const text = fs.readFileSync(args.path, "utf8");
      if (!text.includes("process.env.NODE_ENV")) return undefined;
      return { contents: text.replaceAll("process.env.NODE_ENV", '"production"'), loader: "js" };
    });
  },
};

const result = await build({
  entryPoints: ["server/index.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  external: LEFT_TO_NODE,
  outfile: "build/server.js",
  logLevel: "warning",
  metafile: true,
  // CommonJS packages call require() for Node's own modules; an ES module has no require of its own.
  banner: { js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);' },
  plugins: [packagesInProduction],
});

// The patches of patches/ (decisions 0027, 0029) change the CommonJS files Node used to load. If
// the bundle took another build of a patched package (an ES module build, say), the patch would
// be silently lost: refuse instead.
const bundled = new Set(Object.keys(result.metafile.inputs).map((input) => path.normalize(input)));
for (const patch of fs.readdirSync("patches").filter((name) => name.endsWith(".patch"))) {
  const files = [...fs.readFileSync(path.join("patches", patch), "utf8").matchAll(/^\+\+\+ b\/(\S+)/gm)].map((match) => path.normalize(match[1]));
  if (!files.some((file) => bundled.has(file))) {
    console.error(`server: build/server.js contains none of the files patched by patches/${patch} (${files.join(", ")}); its patch would be lost.`);
    process.exit(1);
  }
}
// Everything else is in the bundle: an import left to Node that is neither Node's own nor listed
// above (a package resolved only at run time) would bring back the file-by-file start.
const output = Object.values(result.metafile.outputs)[0];
const leftOver = [...new Set(output.imports.filter((entry) => entry.external).map((entry) => entry.path))].filter(
  (specifier) =>
    !specifier.startsWith("node:") &&
    !builtinModules.includes(specifier.split("/")[0]) &&
    !LEFT_TO_NODE.some((name) => specifier === name || specifier.startsWith(`${name}/`)),
);
if (leftOver.length > 0) {
  console.error(`server: build/server.js leaves ${leftOver.join(", ")} to Node: bundle it, or add it to LEFT_TO_NODE with the reason.`);
  process.exit(1);
}
console.log(`server: build/server.js (${(fs.statSync("build/server.js").size / 1048576).toFixed(1)} MiB)`);
