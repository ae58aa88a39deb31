import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "./app/utils/chromium.server";

// Two workers (E2E_WORKERS to change it), each with a server and a database of its own, so
// journeys in different workers never see each other's rows. Worker n's server listens on
// E2E_PORT + 100 × n; its database is shared by that server and by the tests that prepare data
// (sessions...) in that worker. This file is read again in each worker process, where Playwright
// has set TEST_PARALLEL_INDEX (0 … workers − 1) first; the runner itself reads it as slot 0.
const WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const FIRST_PORT = Number(process.env.E2E_PORT ?? 3107);
const slotPort = (slot: number) => FIRST_PORT + 100 * slot;
const slotDatabase = (slot: number) => path.join(os.tmpdir(), `himfg-e2e-${slotPort(slot)}.db`);
const PORT = slotPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
process.env.DATABASE_PATH = slotDatabase(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
process.env.SESSION_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456";
process.env.E2E_BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Under CI=true a skipped journey fails the run (tests/e2e/no-skips-in-ci.ts).
  reporter: [["list"], ["./tests/e2e/no-skips-in-ci.ts"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    // Recording a trace (a DOM snapshot and a screenshot at every step) costs CPU in every test;
    // under CI a failing test is run again, and that retry records one. Locally, where nothing
    // retries, a failing test keeps its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath: chromiumExecutablePath(), args: chromiumArgs },
      },
    },
  ],
  webServer: Array.from({ length: WORKERS }, (_, slot) => ({
    command: `rm -f ${slotDatabase(slot)} ${slotDatabase(slot)}-wal ${slotDatabase(slot)}-shm && node build/server.js`,
    url: `http://localhost:${slotPort(slot)}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(slotPort(slot)),
      HOST: "127.0.0.1",
      DATABASE_PATH: slotDatabase(slot),
      SESSION_SECRET: process.env.SESSION_SECRET!,
      LOG_REQUESTS: "false",
    },
  })),
});
