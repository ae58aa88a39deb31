import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, inject } from "vitest";
import { readConfig } from "~/config.server";
import { createApp } from "../../server/app";
import { serverNodeArgs } from "../../scripts/server-node-args.mjs";
import { useSeededDatabase } from "./database";

/**
 * The one way a vitest file starts the site for HTTP-level tests (`npm run build` first).
 *
 * `startTestServer()`: the real Express app (server/app.ts) with the real Remix build
 * (build/index.js), in the test's process, on a free local port and the test file's database
 * (so the test reads and writes the same rows the server does). The configuration is read from
 * `process.env` with `NODE_ENV=production`, plus `env` (e.g. `API_CORS_ORIGINS`).
 *
 * `startServerProcess()`: the built server as `npm start` runs it (build/server.js with its node
 * flags), or another entry, as its own process on a free port, on a copy of the run's template
 * database (or none), with its output collected; resolves once it logs "server listening".
 */
export interface TestServer {
  baseUrl: string;
  port: number;
  close: () => Promise<void>;
}

export interface TestServerOptions {
  /** Overrides of the environment the configuration is read from (undefined removes a key). */
  env?: Record<string, string | undefined>;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = createApp(build, readConfig(withOverrides({ ...process.env, NODE_ENV: "production" }, options.env)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve, reject) => {
    server.once("listening", resolve);
    server.once("error", reject);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The file's usual set-up in one call: a seeded database and startTestServer on it before the
 * file's tests (registered as its beforeAll, so a later beforeAll can use both), closed after them.
 * Read `site.baseUrl` inside the tests (it is set once the server listens).
 */
export function useSeededSite(options: TestServerOptions = {}): { baseUrl: string } {
  const site = { baseUrl: "" };
  let server: TestServer | null = null;
  beforeAll(async () => {
    await useSeededDatabase();
    server = await startTestServer(options);
    site.baseUrl = server.baseUrl;
  }, 60_000);
  afterAll(async () => server?.close());
  return site;
}

export interface ServerProcessOptions {
  /** Over process.env; NODE_ENV=production, HOST, PORT and DATABASE_PATH are set by the starter unless given here. */
  env?: Record<string, string | undefined>;
  /** Node arguments; `npm start`'s (build/server.js) by default. */
  args?: string[];
  /** The database the process starts on: a copy of the run's migrated or seeded template, or a new empty file. */
  database?: "migrated" | "seeded" | "empty";
  /** Where the process's standard output goes: collected in memory (default) or a file. */
  logFile?: string;
}

export interface ServerProcess extends TestServer {
  child: ChildProcess;
  /** What the process wrote so far (standard output and error, or the log file). */
  output: () => string;
  databasePath: string;
  /** Stops it with SIGTERM (a graceful stop) and resolves with its exit code. */
  stop: () => Promise<number | null>;
}

export async function startServerProcess(options: ServerProcessOptions = {}): Promise<ServerProcess> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-test-server-"));
  const databasePath = path.join(directory, "himfg.db");
  const database = options.database ?? "migrated";
  if (database !== "empty") fs.copyFileSync(inject("templateDatabases")[database], databasePath);
  let args = options.args;
  if (!args) {
    const node = serverNodeArgs();
    if (!node.args) throw new Error(node.error);
    args = node.args;
  }
  const port = await freePort();
  const env = withOverrides(
    { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATABASE_PATH: databasePath },
    options.env,
  );
  let collected = "";
  let child: ChildProcess;
  if (options.logFile) {
    const out = fs.openSync(options.logFile, "w");
    child = spawn(process.execPath, args, { env, stdio: ["ignore", out, "inherit"] });
    fs.closeSync(out);
  } else {
    child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (chunk: Buffer) => (collected += chunk.toString()));
    child.stderr!.on("data", (chunk: Buffer) => (collected += chunk.toString()));
  }
  const output = () => (options.logFile ? fs.readFileSync(options.logFile, "utf8") : collected);
  let exitCode: number | null = null;
  let exited = false;
  const exit = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => {
      exited = true;
      exitCode = code;
      resolve(code);
    }),
  );
  const deadline = Date.now() + 60_000;
  while (!output().includes("server listening")) {
    if (exited || Date.now() > deadline) {
      if (!exited) child.kill("SIGKILL");
      throw new Error(`the server did not start (exit ${exitCode}): ${output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const stop = async () => {
    if (!exited) child.kill("SIGTERM");
    const code = await exit;
    fs.rmSync(directory, { recursive: true, force: true });
    return code;
  };
  return { baseUrl: `http://127.0.0.1:${port}`, port, child, output, databasePath, stop, close: async () => void (await stop()) };
}

/** A port nothing listens on now (the OS's choice), for a process that must be told its port. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function withOverrides(base: NodeJS.ProcessEnv, overrides: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}
