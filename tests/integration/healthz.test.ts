import { afterAll, beforeAll, describe, expect, test } from "vitest";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { db, openDatabase, type DB } from "~/db.server";
import { checkHealth } from "../../server/health";
import { startTestServer } from "../support/test-server";

// Issue 24: /healthz says ready only when the database answers and every migration listed in
// migrations/index.ts is applied; otherwise 503 with a short reason (the real app and build:
// `npm run build` first).
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => {
  await close();
});

async function healthz() {
  const response = await fetch(`${baseUrl}/healthz`);
  return { status: response.status, cache: response.headers.get("cache-control"), text: await response.text() };
}

describe("/healthz", () => {
  test("ready: the database answers and every migration is applied", async () => {
    expect(await healthz()).toEqual({ status: 200, cache: "no-store", text: "ok" });
  });

  test("not ready while a listed migration is not applied, and ready again once it is", async () => {
    const row = await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration ORDER BY name DESC LIMIT 1`.execute(db);
    const last = row.rows[0]!;
    await sql`DELETE FROM kysely_migration WHERE name = ${last.name}`.execute(db);
    try {
      const answer = await healthz();
      expect(answer.status).toBe(503);
      expect(answer.cache).toBe("no-store");
      expect(answer.text).toBe(`no disponible: migraciones pendientes: ${last.name}`);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${last.name}, ${last.timestamp})`.execute(db);
    }
    expect((await healthz()).status).toBe(200);
  });

  test("not ready when the database does not answer", async () => {
    const connection = new Database(":memory:");
    connection.close();
    const closed = new Kysely<DB>({ dialect: new SqliteDialect({ database: connection }) });
    const health = await checkHealth(closed);
    expect(health.ready).toBe(false);
    expect(health.ready ? "" : health.reason).toMatch(/^la base de datos no responde/);
    // A database without the migrations table (never migrated) is not ready either.
    const empty = openDatabase(":memory:");
    expect(await checkHealth(empty)).toEqual({ ready: false, reason: expect.stringMatching(/^migraciones pendientes: las \d+$/) });
    await empty.destroy();
  });
});
