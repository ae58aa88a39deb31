import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { readConfig } from "~/config.server";
import { createApp } from "../../server/app";

/**
 * The real Express app (server/app.ts) with the real Remix build (build/index.js: `npm run build`
 * first), on a random local port and the test file's database. For tests that must go through
 * the whole HTTP stack: headers, the forgery guard, multipart bodies, concurrency.
 */
export async function startTestServer(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = createApp(build, readConfig({ ...process.env, NODE_ENV: "production" }));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { baseUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
