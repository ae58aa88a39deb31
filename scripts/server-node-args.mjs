// How Node runs the server (build/server.js), shared by `npm start` and the bench (decision 0029).
// The old generation is capped and the young generation enlarged: under a saturating signed-in
// load V8 otherwise let the heap grow to 350+ MiB resident, while a small cap (192 MiB) cost 40 %
// more CPU per page in extra collections. Each request's objects die young in 32 MiB semi-spaces
// instead of being promoted. SERVER_HEAP_MB changes the cap.
export const DEFAULT_HEAP_MB = 1024;
export const SEMI_SPACE_MB = 32;

/** The Node arguments that start the server, or a message saying what is wrong with SERVER_HEAP_MB. */
export function serverNodeArgs(env = process.env) {
  const heapMb = Number(env.SERVER_HEAP_MB ?? DEFAULT_HEAP_MB);
  if (!Number.isInteger(heapMb) || heapMb < 128 || heapMb > 8192) {
    return { error: `SERVER_HEAP_MB must be a whole number of MiB between 128 and 8192 (got "${env.SERVER_HEAP_MB}").` };
  }
  return { args: [`--max-old-space-size=${heapMb}`, `--max-semi-space-size=${SEMI_SPACE_MB}`, "build/server.js"] };
}
