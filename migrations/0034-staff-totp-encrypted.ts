import { sql, type Kysely } from "kysely";
import { rebuildTables } from "./support/rebuild-tables";

// Issue 21, decision 0034: the staff members' TOTP secrets (and the one a set-up link offers) are
// stored encrypted, `v1.<key id>.<iv>.<ciphertext>.<tag>` (app/staff/totp-secrets.server.ts), with
// a key that is never in the database. The CHECKs of 0012 allowed only a bare base32 secret.
//
// A migration has no key, so the secrets already stored are copied as they are and encrypted by
// the start that follows (sealStoredTotpSecrets in server/prepare-database.ts, which runs right
// after the migrations). The CHECK therefore still accepts a bare secret for those rows, and two
// triggers per table refuse writing a bare secret from now on: only encrypted values come in.
//
// Both tables are rebuilt with the 12-step procedure (rebuildTables). staff_members is referenced
// by name from staff_setup_tokens, staff_sessions, audit_log and the editors' revision tables,
// which keep their references; it has no index of its own but the e-mail's UNIQUE.
const SEALED = `GLOB 'v1.*'`;

export async function up(db: Kysely<any>): Promise<void> {
  await rebuildTables(db, "0034", migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE staff_members_new (
      id INTEGER PRIMARY KEY,
      email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) BETWEEN 3 AND 254 AND instr(email, '@') > 1 AND email = lower(trim(email))),
      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 150),
      role TEXT NOT NULL CHECK (role IN ('admin', 'ensenanza', 'comunicacion', 'finanzas')),
      status TEXT NOT NULL DEFAULT 'invitada' CHECK (status IN ('invitada', 'activa', 'inactiva')),
      password_hash TEXT CHECK (password_hash IS NULL OR password_hash GLOB 'scrypt$*'),
      -- Encrypted (v1.…), or a bare base32 secret stored before this migration until the next start encrypts it.
      totp_secret TEXT CHECK (
        totp_secret IS NULL
        OR (totp_secret ${sql.raw(SEALED)} AND length(totp_secret) BETWEEN 60 AND 400)
        OR (length(totp_secret) BETWEEN 16 AND 128 AND totp_secret NOT GLOB '*[^A-Z2-7]*')
      ),
      totp_last_step INTEGER CHECK (totp_last_step IS NULL OR totp_last_step > 0),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- Active staff always have both factors.
      CHECK (status <> 'activa' OR (password_hash IS NOT NULL AND totp_secret IS NOT NULL))
    ) STRICT`.execute(db);
  await sql`
    INSERT INTO staff_members_new (id, email, name, role, status, password_hash, totp_secret, totp_last_step, created_at, updated_at)
    SELECT id, email, name, role, status, password_hash, totp_secret, totp_last_step, created_at, updated_at FROM staff_members`.execute(db);

  await sql`
    CREATE TABLE staff_setup_tokens_new (
      token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
      staff_id INTEGER NOT NULL REFERENCES staff_members (id) ON DELETE CASCADE,
      totp_secret TEXT NOT NULL CHECK (
        (totp_secret ${sql.raw(SEALED)} AND length(totp_secret) BETWEEN 60 AND 400)
        OR (length(totp_secret) BETWEEN 16 AND 128 AND totp_secret NOT GLOB '*[^A-Z2-7]*')
      ),
      expires_at TEXT NOT NULL,
      used_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`
    INSERT INTO staff_setup_tokens_new (token_hash, staff_id, totp_secret, expires_at, used_at, created_at)
    SELECT token_hash, staff_id, totp_secret, expires_at, used_at, created_at FROM staff_setup_tokens`.execute(db);

  await sql`DROP TABLE staff_setup_tokens`.execute(db);
  await sql`DROP TABLE staff_members`.execute(db);
  await sql`ALTER TABLE staff_members_new RENAME TO staff_members`.execute(db);
  await sql`ALTER TABLE staff_setup_tokens_new RENAME TO staff_setup_tokens`.execute(db);
  await sql`CREATE INDEX staff_setup_tokens_staff ON staff_setup_tokens (staff_id)`.execute(db);

  for (const table of ["staff_members", "staff_setup_tokens"]) {
    const refuse = sql.raw(`SELECT RAISE(ABORT, '${table}.totp_secret must be stored encrypted (decision 0034)')`);
    const bare = sql.raw(`NEW.totp_secret IS NOT NULL AND NOT (NEW.totp_secret ${SEALED})`);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_totp_encrypted_insert`)} BEFORE INSERT ON ${sql.raw(table)}
      WHEN ${bare} BEGIN ${refuse}; END`.execute(db);
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_totp_encrypted_update`)} BEFORE UPDATE OF totp_secret ON ${sql.raw(table)}
      WHEN ${bare} BEGIN ${refuse}; END`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error("0034-staff-totp-encrypted cannot be undone: restore a backup instead");
}
