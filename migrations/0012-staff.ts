import { sql, type Kysely } from "kysely";

// Staff of the hospital who run the site (decision 0015). They are not participants: their own
// table, set-up tokens, sessions and an append-only audit log.
//
// A staff member is `invitada` until they open their set-up link, choose a password and enrol
// TOTP; only then `activa` (the CHECK ties the status to the credentials it needs). `inactiva`
// keeps the row (the audit log points at it) but opens nothing. `totp_last_step` is the last
// RFC 6238 time step accepted, so a code is accepted once.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE staff_members (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) BETWEEN 3 AND 254 AND instr(email, '@') > 1 AND email = lower(trim(email))),
      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 150),
      role TEXT NOT NULL CHECK (role IN ('admin', 'ensenanza', 'comunicacion', 'finanzas')),
      status TEXT NOT NULL DEFAULT 'invitada' CHECK (status IN ('invitada', 'activa', 'inactiva')),
      password_hash TEXT CHECK (password_hash IS NULL OR password_hash GLOB 'scrypt$*'),
      totp_secret TEXT CHECK (totp_secret IS NULL OR (length(totp_secret) BETWEEN 16 AND 128 AND totp_secret NOT GLOB '*[^A-Z2-7]*')),
      totp_last_step INTEGER CHECK (totp_last_step IS NULL OR totp_last_step > 0),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- Active staff always have both factors.
      CHECK (status <> 'activa' OR (password_hash IS NOT NULL AND totp_secret IS NOT NULL))
    ) STRICT`.execute(db);

  // Only the SHA-256 of a set-up token is stored; the TOTP secret offered on the set-up page is
  // chosen by the server when the link is made, so the page and its POST agree on it.
  await sql`
    CREATE TABLE staff_setup_tokens (
      token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
      staff_id INTEGER NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
      totp_secret TEXT NOT NULL CHECK (length(totp_secret) BETWEEN 16 AND 128 AND totp_secret NOT GLOB '*[^A-Z2-7]*'),
      expires_at TEXT NOT NULL,
      used_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX staff_setup_tokens_staff ON staff_setup_tokens (staff_id)`.execute(db);

  // A staff session: the cookie carries a signed random id, the table its SHA-256. `stage` is
  // 'contrasena' between the password and the code (a few minutes), then 'activa'.
  await sql`
    CREATE TABLE staff_sessions (
      id_hash TEXT PRIMARY KEY CHECK (length(id_hash) = 64),
      staff_id INTEGER NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
      stage TEXT NOT NULL CHECK (stage IN ('contrasena', 'activa')),
      expires_at TEXT NOT NULL,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id)`.execute(db);

  // Who did what to which record, with the before and after. The actor's e-mail and role are
  // copied so the row keeps saying who acted even after a role change; a null actor is the CLI.
  await sql`
    CREATE TABLE audit_log (
      id INTEGER PRIMARY KEY,
      actor_staff_id INTEGER REFERENCES staff_members (id),
      actor_email TEXT CHECK (actor_email IS NULL OR length(actor_email) BETWEEN 3 AND 254),
      actor_role TEXT CHECK (actor_role IS NULL OR actor_role IN ('admin', 'ensenanza', 'comunicacion', 'finanzas')),
      action TEXT NOT NULL CHECK (length(action) BETWEEN 1 AND 80),
      entity TEXT NOT NULL CHECK (length(entity) BETWEEN 1 AND 80),
      entity_id TEXT CHECK (entity_id IS NULL OR length(entity_id) BETWEEN 1 AND 120),
      before_json TEXT CHECK (before_json IS NULL OR json_valid(before_json)),
      after_json TEXT CHECK (after_json IS NULL OR json_valid(after_json)),
      request_id TEXT CHECK (request_id IS NULL OR length(request_id) BETWEEN 1 AND 100),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK ((actor_staff_id IS NULL) = (actor_email IS NULL) AND (actor_staff_id IS NULL) = (actor_role IS NULL))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX audit_log_created ON audit_log (created_at)`.execute(db);
  await sql`CREATE INDEX audit_log_actor ON audit_log (actor_staff_id, created_at)`.execute(db);
  await sql`CREATE INDEX audit_log_entity ON audit_log (entity, entity_id)`.execute(db);
  // Append-only, like payment_events: the log is evidence; nothing may rewrite or remove it.
  await sql`
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP TABLE staff_sessions`.execute(db);
  await sql`DROP TABLE staff_setup_tokens`.execute(db);
  await sql`DROP TABLE staff_members`.execute(db);
}
