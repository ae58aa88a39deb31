// The Remix build (build/index.js, made by `remix build`), imported with a literal path so that
// scripts/build-server.mjs bundles it into build/server.js with the server (decision 0065); run
// from source (tsx server/index.ts), Node imports the file. Plain JavaScript with its types in
// remix-build.d.ts, so the type checker never reads the 2 MB build (nor needs it to exist).
export function importRemixBuild() {
  return import("../build/index.js");
}
