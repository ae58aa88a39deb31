import { sql, type Kysely } from "kysely";

// The captured outbox: outside production (and on demo boxes without SMTP_URL) every message the
// site sends goes over real SMTP to an in-process server that parses it and stores it here, so
// developers and tests can read it (see docs/decisions/0008-mail-capture.md). Attachments are
// kept in their own table, not in stored_files, so they are never reachable through the public
// /archivos route and go away with their message.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE mail_outbox (
      id INTEGER PRIMARY KEY,
      message_id TEXT,
      envelope_from TEXT,
      -- The SMTP recipients (To, Cc and Bcc), as a JSON array of addresses: what tests look up.
      envelope_to TEXT NOT NULL CHECK (json_valid(envelope_to) AND json_type(envelope_to) = 'array'),
      from_address TEXT NOT NULL DEFAULT '',
      to_address TEXT NOT NULL DEFAULT '',
      subject TEXT NOT NULL DEFAULT '',
      text TEXT NOT NULL DEFAULT '',
      html TEXT,
      -- JSON array of { filename, contentType, size }, in the order of mail_outbox_attachments.
      attachments TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(attachments) AND json_type(attachments) = 'array'),
      raw_size INTEGER NOT NULL CHECK (raw_size >= 0),
      received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE mail_outbox_attachments (
      mail_id INTEGER NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
      position INTEGER NOT NULL CHECK (position >= 1),
      filename TEXT NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
      content_type TEXT NOT NULL,
      size INTEGER NOT NULL,
      content_id TEXT,
      data BLOB NOT NULL,
      CHECK (size = length(data)),
      PRIMARY KEY (mail_id, position)
    ) STRICT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE mail_outbox_attachments`.execute(db);
  await sql`DROP TABLE mail_outbox`.execute(db);
}
