import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "~/db.server";
import { findValidSetupToken } from "~/staff/staff-members.server";

// Issue 21: `npm run staff:create` prints the set-up link with the site's real address —
// PUBLIC_URL when set, otherwise http://localhost:<the configured PORT> — never a bare path to
// complete by hand with a guessed http://localhost:3000.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-staff-create-"));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

function staffCreate(env: Record<string, string>, email: string) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/staff-create.ts", "--email", email, "--name", "Persona de Prueba", "--role", "admin"],
    {
      env: { ...process.env, DATABASE_PATH: path.join(directory, "himfg.db"), PUBLIC_URL: "", DEMO_MODE: "", ...env },
      encoding: "utf8",
      timeout: 60_000,
    },
  );
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

test("the link starts with PUBLIC_URL, or without it with http://localhost and the configured PORT; it works", async () => {
  const output = staffCreate({ PORT: "4321" }, "primera@himfg.test");
  const link = output.split("\n").find((line) => line.includes("/admin/configurar?token="));
  expect(link).toMatch(/^http:\/\/localhost:4321\/admin\/configurar\?token=[\w-]{43}$/);
  expect(output).not.toContain("3000");
  expect(output).toContain("puerto 4321");

  // The printed token is the one stored (the set-up page would accept it).
  const db = openDatabase(path.join(directory, "himfg.db"));
  try {
    const token = new URL(link!).searchParams.get("token")!;
    expect(await findValidSetupToken(db, token)).toMatchObject({ email: "primera@himfg.test", role: "admin" });
  } finally {
    await db.destroy();
  }

  // With PUBLIC_URL the link starts with it, whatever the PORT.
  const withPublicUrl = staffCreate({ PORT: "4321", PUBLIC_URL: "https://cursos.example.org/", DEMO_MODE: "true" }, "segunda@himfg.test");
  expect(withPublicUrl).toMatch(/^https:\/\/cursos\.example\.org\/admin\/configurar\?token=[\w-]{43}$/m);
  expect(withPublicUrl).not.toContain("localhost");
}, 90_000);
