import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // One template database per run (migrated, and a seeded copy); each file starts on a copy.
    globalSetup: ["tests/setup/template-database.ts"],
    setupFiles: ["tests/setup/fresh-database.ts"],
    // Under CI=true a test that did not run fails the run.
    reporters: ["default", "./tests/setup/no-skips-in-ci.ts"],
    pool: "forks",
    // vitest's default is one worker fewer than the cores: one on a 2-core CI machine, which then
    // idles while a file waits on its server, Chromium or SQLite. Two files at a time there
    // (decision 0059); each file has its own database and its servers take free ports.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    testTimeout: 20_000,
    // A file's beforeAll starts a server and registers participants (scrypt): with two files at a
    // time it can pass vitest's 10 s default on a busy 2-core machine.
    hookTimeout: 60_000,
  },
});
