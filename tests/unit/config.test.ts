import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, readConfig, settleConfig, unsettleConfig } from "~/config.server";
import type * as ConfigModule from "~/config.server";

/** The same module under another address: a second instance of it, as build/server.js holds (tsc does not resolve the query). */
const SECOND_COPY = "../../app/config.server.ts?copy=remix-build";

describe("readConfig", () => {
  it("parses again when a variable it reads changes, and keeps the parsed value otherwise", () => {
    const env: NodeJS.ProcessEnv = { NODE_ENV: "test", PORT: "3100" };
    const first = readConfig(env);
    expect(first.PORT).toBe(3100);
    expect(readConfig(env)).toBe(first);
    env.PORT = "3200";
    expect(readConfig(env).PORT).toBe(3200);
    env.PORT = "no es un puerto";
    expect(() => readConfig(env)).toThrow(ConfigurationError);
    // A different environment object is never answered from another one's cache.
    expect(readConfig({ NODE_ENV: "test", PORT: "3300" }).PORT).toBe(3300);
  });
});

describe("settleConfig", () => {
  afterEach(() => unsettleConfig());

  it("fixes process.env's configuration once the server starts: later changes are not read", () => {
    const before = process.env.SEAT_HOLD_MINUTES;
    try {
      process.env.SEAT_HOLD_MINUTES = "20";
      const settled = settleConfig();
      expect(settled.SEAT_HOLD_MINUTES).toBe(20);
      process.env.SEAT_HOLD_MINUTES = "30";
      expect(readConfig()).toBe(settled);
      // Another environment object is still parsed as given.
      expect(readConfig({ NODE_ENV: "test", SEAT_HOLD_MINUTES: "40" }).SEAT_HOLD_MINUTES).toBe(40);
      unsettleConfig();
      expect(readConfig().SEAT_HOLD_MINUTES).toBe(30);
    } finally {
      if (before === undefined) delete process.env.SEAT_HOLD_MINUTES;
      else process.env.SEAT_HOLD_MINUTES = before;
    }
  });

  it("is settled for every copy of the module: the Remix build has its own copy of app code beside the server's", async () => {
    // A second instance of the module, as the build's copy is in build/server.js.
    const buildCopy = (await import(/* @vite-ignore */ SECOND_COPY)) as typeof ConfigModule;
    const before = process.env.SEAT_HOLD_MINUTES;
    try {
      process.env.SEAT_HOLD_MINUTES = "20";
      const settled = settleConfig();
      process.env.SEAT_HOLD_MINUTES = "30";
      // The same object, without reading the environment again.
      expect(buildCopy.readConfig()).toBe(settled);
      buildCopy.unsettleConfig();
      expect(readConfig().SEAT_HOLD_MINUTES).toBe(30);
    } finally {
      if (before === undefined) delete process.env.SEAT_HOLD_MINUTES;
      else process.env.SEAT_HOLD_MINUTES = before;
    }
  });
});
