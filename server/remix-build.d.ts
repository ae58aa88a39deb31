import type { ServerBuild } from "@remix-run/node";

/** The Remix build (build/index.js): see remix-build.js. */
export function importRemixBuild(): Promise<ServerBuild>;
