import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { useSeededDatabase } from "../support/database";
import { startTestServer, type TestServer } from "../support/test-server";
import { createSignedInParticipant } from "../factories";

// A signed-in page's loaders (the root's frame and the route's own) share one session check and one
// read of the participant (getSessionParticipant keeps them per request). That only works when they
// are handed the same Request: the patch of @remix-run/server-runtime (decision 0066) stops Remix
// from giving each loader a copy. Counted on the real server, from the SQLite statements it runs.

let server: TestServer;
let cookie = "";
const runs = new Map<string, number>();
const statement = Object.getPrototypeOf(new Database(":memory:").prepare("SELECT 1")) as Record<"get" | "all", (...args: unknown[]) => unknown>;
const originals = { get: statement.get, all: statement.all };

beforeAll(async () => {
  await useSeededDatabase();
  server = await startTestServer();
  const participant = await createSignedInParticipant({ name: "Inés Una Lectura" });
  cookie = participant.cookie;
  for (const method of ["get", "all"] as const) {
    statement[method] = function (this: { source: string }, ...args: unknown[]) {
      runs.set(this.source, (runs.get(this.source) ?? 0) + 1);
      return originals[method].apply(this, args);
    };
  }
});

afterAll(async () => {
  statement.get = originals.get;
  statement.all = originals.all;
  await server?.close();
});

function count(pattern: RegExp) {
  return [...runs].filter(([source]) => pattern.test(source)).reduce((sum, [, n]) => sum + n, 0);
}

describe("a signed-in page reads the session once", () => {
  test("/profile: one session read and one participant read serve the root's loader and the page's", async () => {
    for (let visit = 0; visit < 2; visit += 1) {
      runs.clear();
      const response = await fetch(`${server.baseUrl}/profile`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Sesión de Inés Una Lectura");
      expect(count(/from "sessions"/)).toBe(1);
      expect(count(/select "id", "name", "email", "role", "graduated" from "participants"/)).toBe(1);
    }
  });
});
