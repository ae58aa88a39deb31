import { spawn, type ChildProcess } from "node:child_process";
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
    LOG_REQUESTS: "false",
  };
}

export function freshDatabase(name: string) {
  const database = path.join(os.tmpdir(), `himfg-${name}.db`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(database + suffix, { force: true });
  return database;
}

export async function startSite(env: NodeJS.ProcessEnv) {
  const started = performance.now();
  // As scripts/start.mjs starts it, heap settings included (decision 0029).
  const node = serverNodeArgs(env);
  if (!node.args) throw new Error(node.error);
  const child = spawn(process.execPath, node.args, { env, stdio: ["ignore", "ignore", "inherit"] });
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

export async function signedInCookie() {
  const { registerParticipant } = await import("../app/accounts/participants.server");
  const { createUserSession, SESSION_COOKIE_NAME } = await import("../app/accounts/session.server");
  const { db } = await import("../app/db.server");
  const email = `bench-${Date.now()}@ejemplo.mx`;
  const outcome = await registerParticipant(
    db,
    {
      name: "María López Hernández",
      grade: "Médico",
      institution: "IMSS",
      email,
      password: "Pediatria-2026!",
      age: 34,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Jalisco",
      phone: "3312345678",
      role: "EXTERNO",
    },
    [],
  );
  if (!outcome.ok) throw new Error(`could not register the bench participant: ${outcome.reason}`);
  const setCookie = await createUserSession({ id: outcome.participant.id, name: "María López Hernández" });
  await db.destroy();
  const value = setCookie.split(";")[0]!.slice(SESSION_COOKIE_NAME.length + 1);
  return `${SESSION_COOKIE_NAME}=${value}`;
}
