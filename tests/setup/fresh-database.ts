import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, inject } from "vitest";

// Every test file gets its own SQLite file: a copy of the run's migrated template
// (tests/setup/template-database.ts), not a migration of its own.
const file = path.join(os.tmpdir(), `himfg-test-${process.pid}-${crypto.randomUUID()}.db`);
fs.copyFileSync(inject("templateDatabases").migrated, file);
process.env.DATABASE_PATH = file;
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.LOG_REQUESTS = "false";
// The key of the staff TOTP secrets (decision 0034), so no test writes a key file beside its database.
process.env.STAFF_TOTP_KEY ??= crypto.randomBytes(32).toString("base64");

const { db } = await import("../../app/db.server");

afterAll(async () => {
  await db.destroy();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});
