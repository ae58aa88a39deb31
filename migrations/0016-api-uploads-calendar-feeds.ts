import { sql, type Kysely } from "kysely";

// The compatibility API and the calendar feeds (issue 14, docs/decisions/0020-compatibility-api.md).
//
// staged_uploads: a file sent to POST /api/files/upload before the registration that uses it.
// It is private (never served back), found only by the SHA-256 of its unguessable token, and
// lives one hour unless POST /api/auth/create-user claims it. The bytes were already checked by
// content (JPG, PNG, PDF; at most 1 MiB) and the database repeats the limits.
//
// calendar_feeds: one private iCalendar address per participant (/calendario/{token}.ics). The
// token is kept as it is (not hashed) because the profile shows the address again; it is a
// read-only capability, revoked by replacing it ("regenerar").
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE staged_uploads (
      token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
      file_name TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 120),
      content_type TEXT NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png', 'application/pdf')),
      data BLOB NOT NULL CHECK (length(data) BETWEEN 1 AND 1048576),
      client_address TEXT NOT NULL CHECK (length(client_address) BETWEEN 1 AND 300),
      created_at TEXT NOT NULL CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'),
      expires_at TEXT NOT NULL CHECK (expires_at > created_at),
      -- Set while a registration is using it; a failed registration clears it again.
      claimed_at TEXT
    ) STRICT`.execute(db);
  await sql`CREATE INDEX staged_uploads_expiry ON staged_uploads (expires_at)`.execute(db);

  await sql`
    CREATE TABLE calendar_feeds (
      participant_id INTEGER PRIMARY KEY REFERENCES participants (id) ON DELETE CASCADE,
      token TEXT NOT NULL UNIQUE CHECK (length(token) = 43 AND token NOT GLOB '*[^A-Za-z0-9_-]*'),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE calendar_feeds`.execute(db);
  await sql`DROP TABLE staged_uploads`.execute(db);
}
