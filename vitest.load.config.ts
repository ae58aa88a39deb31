import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

// Load tests (tests/load): the public site's latency while a heavy staff task runs. They measure
// the machine, so they run on their own after the other tests (`npm run test:load`), one file at a
// time, never beside another test file's server.
export default defineConfig({
  ...base,
  test: { ...base.test, include: ["tests/load/**/*.test.ts"], fileParallelism: false },
});
