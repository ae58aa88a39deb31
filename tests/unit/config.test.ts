import { describe, expect, it } from "vitest";
import { ConfigurationError, readConfig } from "~/config.server";

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
