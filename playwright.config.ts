import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumExecutablePath } from "./app/utils/chromium.server";

const PORT = Number(process.env.E2E_PORT ?? 3107);
// One database per run, shared by the server and by tests that prepare data (sessions...).
const E2E_DATABASE = path.join(os.tmpdir(), `himfg-e2e-${PORT}.db`);
process.env.DATABASE_PATH = E2E_DATABASE;
process.env.SESSION_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456";
process.env.E2E_BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // Under CI=true a skipped journey fails the run (tests/e2e/no-skips-in-ci.ts).
  reporter: [["list"], ["./tests/e2e/no-skips-in-ci.ts"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    trace: "retain-on-failure",
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
  webServer: {
    command: `rm -f ${E2E_DATABASE} ${E2E_DATABASE}-wal ${E2E_DATABASE}-shm && node build/server.js`,
    url: `http://localhost:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_PATH: E2E_DATABASE,
      SESSION_SECRET: process.env.SESSION_SECRET,
      LOG_REQUESTS: "false",
    },
  },
});
