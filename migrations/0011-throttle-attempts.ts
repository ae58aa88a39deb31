import { sql, type Kysely } from "kysely";

// One table for every throttle (app/security/throttle.server.ts): sign-in per account and per
// client address, password reset, registration, and later staff sign-in, donations and the API.
// An attempt is a row, written BEFORE the guarded work runs, so concurrent requests count each
// other. It replaces login_failures, which counted only failures after the password check (40
// concurrent wrong passwords were all checked). Rows older than a day are pruned as we go.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE throttle_attempts (
      id INTEGER PRIMARY KEY,
      bucket TEXT NOT NULL CHECK (length(bucket) BETWEEN 1 AND 40 AND bucket NOT GLOB '*[^a-z0-9-]*'),
      key TEXT NOT NULL CHECK (length(key) BETWEEN 1 AND 300),
      attempted_at TEXT NOT NULL CHECK (attempted_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z')
    ) STRICT`.execute(db);
  await sql`CREATE INDEX throttle_attempts_by_key ON throttle_attempts (bucket, key, attempted_at)`.execute(db);
  await sql`CREATE INDEX throttle_attempts_by_time ON throttle_attempts (attempted_at)`.execute(db);
  await sql`DROP TABLE login_failures`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE login_failures (
      id INTEGER PRIMARY KEY,
      account_key TEXT NOT NULL,
      client_address TEXT NOT NULL,
      failed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX login_failures_account ON login_failures (account_key, failed_at)`.execute(db);
  await sql`CREATE INDEX login_failures_address ON login_failures (client_address, failed_at)`.execute(db);
  await sql`DROP TABLE throttle_attempts`.execute(db);
}
