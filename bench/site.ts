import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serverNodeArgs } from "../scripts/server-node-args.mjs";

/** The site as `npm start` runs it (built, production, own SQLite file), for bench and Lighthouse. */
export const sessionSecret = "bench-secret-bench-secret-bench-secret-01";

export function siteEnv(port: number, database: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_PATH: database,
    SESSION_SECRET: sessionSecret,
    // Logging as in production: every request logged (the defaults, set so an outer environment
    // cannot switch them off). Where the lines go is startSite's `stdout`.
    LOG_REQUESTS: "true",
    LOG_LEVEL: "info",
  };
}

export function freshDatabase(name: string) {
  const database = path.join(os.tmpdir(), `himfg-${name}.db`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(database + suffix, { force: true });
  return database;
}

/**
 * Starts build/server.js with the node flags of `npm start` (scripts/server-node-args.mjs) and
 * waits for the first 200 of `/`. `stdout` takes the server's log: a file descriptor (a log file,
 * as a process manager would) or "ignore" (/dev/null; pino still writes every line).
 */
export async function startSite(env: NodeJS.ProcessEnv, options: { stdout?: number | "ignore" } = {}) {
  const started = performance.now();
  // As scripts/start.mjs starts it, heap settings included (decision 0029).
  const node = serverNodeArgs(env);
  if (!node.args) throw new Error(node.error);
  const child = spawn(process.execPath, node.args, { env, stdio: ["ignore", options.stdout ?? "ignore", "inherit"] });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${env.PORT}/`);
      await response.arrayBuffer();
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { child, readyMs: performance.now() - started };
}

export function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * A participant signed in and enrolled (confirmed) in a course, in `database` (bench/participant.ts,
 * in a process of its own so any number of databases can be used from one bench run).
 */
export function benchParticipant(database: string): { cookie: string; enrolmentId: number } {
  const result = spawnSync(process.execPath, ["--import", "tsx", "bench/participant.ts"], {
    env: { ...process.env, NODE_ENV: "production", DATABASE_PATH: database, SESSION_SECRET: sessionSecret },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`could not make the bench participant: ${result.stderr}`);
  return JSON.parse(result.stdout) as { cookie: string; enrolmentId: number };
}

/** The session cookie of a bench participant in the database at DATABASE_PATH. */
export async function signedInCookie() {
  return benchParticipant(process.env.DATABASE_PATH!).cookie;
}
