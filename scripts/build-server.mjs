// Builds the Express server (server/index.ts and the app modules it imports) into build/server.js,
// so production runs plain Node: no TypeScript loader in the process. tsx's loader thread cost
// ~85 MiB of resident memory and ~0.5 s of every start (issue 11, decision 0027). Packages stay
// external (node_modules is there at run time); the Remix build is imported at run time from
// build/index.js by server/serve.ts.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outfile: "build/server.js",
  logLevel: "warning",
});
console.log("server: build/server.js");
