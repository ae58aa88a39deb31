import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { migrateToLatest, openDatabase } from "~/db.server";

// `npm run db:backup` saves into BACKUP_DIR. A path given on the command line used to be ignored
// without a word (the operator looked for a copy that was never there): it is refused instead.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-backup-cli-"));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

function backup(args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", "scripts/backup.ts", ...args], {
    env: {
      ...process.env,
      DATABASE_PATH: path.join(directory, "himfg.db"),
      BACKUP_DIR: path.join(directory, "copias"),
      PUBLIC_URL: "",
      DEMO_MODE: "",
    },
    encoding: "utf8",
    timeout: 60_000,
  });
}

test("a path on the command line is refused in Spanish and nothing is written; without one the copy goes to BACKUP_DIR", async () => {
  const db = openDatabase(path.join(directory, "himfg.db"));
  await migrateToLatest(db);
  await db.destroy();

  const refused = backup(["/tmp/copia.db"]);
  expect(refused.status).toBe(2);
  expect(refused.stderr).toContain("Este comando no recibe argumentos (recibió: /tmp/copia.db)");
  expect(refused.stderr).toContain("defina BACKUP_DIR");
  expect(fs.existsSync(path.join(directory, "copias"))).toBe(false);

  const taken = backup([]);
  expect(taken.status, taken.stderr).toBe(0);
  expect(taken.stdout).toContain("Respaldo guardado y revisado:");
  expect(fs.readdirSync(path.join(directory, "copias")).filter((name) => name.endsWith(".db.gz"))).toHaveLength(1);
});
