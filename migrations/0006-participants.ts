import { sql, type Kysely } from "kysely";

// Participants (course students) and their identity documents, plus what sign-in needs:
// failed attempts for rate limiting and single-use password reset tokens (only their SHA-256
// is stored, so a copy of the database cannot be used to reset a password).
//
// The participant id is the public "student_id" of the seed (450000–899999). It is chosen on the
// server with a secure generator; the CHECK keeps any other path from storing an id outside the
// range. E-mail is unique in any letter case (COLLATE NOCASE on the column and its index).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE participants (
      id INTEGER PRIMARY KEY CHECK (id BETWEEN 450000 AND 899999),
      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 150),
      grade TEXT NOT NULL CHECK (length(grade) BETWEEN 1 AND 100),
      institution TEXT NOT NULL CHECK (length(institution) BETWEEN 1 AND 150),
      email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) BETWEEN 3 AND 254 AND instr(email, '@') > 1),
      password_hash TEXT NOT NULL CHECK (password_hash GLOB 'scrypt$*'),
      age INTEGER NOT NULL CHECK (age BETWEEN 15 AND 100),
      graduated TEXT NOT NULL CHECK (graduated IN ('SÍ', 'NO')),
      nationality TEXT NOT NULL CHECK (length(nationality) BETWEEN 1 AND 80),
      state TEXT NOT NULL CHECK (length(state) BETWEEN 1 AND 80),
      phone TEXT NOT NULL CHECK (length(phone) = 10 AND phone NOT GLOB '*[^0-9]*'),
      role TEXT NOT NULL CHECK (role IN ('PERSONAL_HIMFG', 'ESTUDIANTE', 'EXTERNO')),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- The seed: a student's grade is ESTUDIANTE; nobody else's is.
      CHECK ((role = 'ESTUDIANTE') = (grade = 'ESTUDIANTE'))
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE participant_documents (
      id INTEGER PRIMARY KEY,
      participant_id INTEGER NOT NULL REFERENCES participants (id) ON DELETE CASCADE,
      kind TEXT NOT NULL CHECK (kind IN ('staff_id_front', 'staff_id_back', 'student_id_front', 'student_id_back', 'professional_license')),
      file_id TEXT NOT NULL UNIQUE REFERENCES stored_files (id),
      status TEXT NOT NULL DEFAULT 'pendiente' CHECK (status IN ('pendiente', 'aprobado', 'rechazado')),
      rejection_reason TEXT CHECK (rejection_reason IS NULL OR length(rejection_reason) BETWEEN 1 AND 500),
      reviewed_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- One live document per kind: a replacement updates the row (and points at a new file).
      UNIQUE (participant_id, kind),
      -- A rejection always says why; only a rejection has a reason; a decision has a date.
      CHECK ((status = 'rechazado') = (rejection_reason IS NOT NULL)),
      CHECK ((status = 'pendiente') = (reviewed_at IS NULL))
    ) STRICT`.execute(db);

  await sql`
    CREATE TABLE login_failures (
      id INTEGER PRIMARY KEY,
      -- The e-mail as typed, lower-cased (the account may not exist).
      account_key TEXT NOT NULL,
      client_address TEXT NOT NULL,
      failed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX login_failures_account ON login_failures (account_key, failed_at)`.execute(db);
  await sql`CREATE INDEX login_failures_address ON login_failures (client_address, failed_at)`.execute(db);

  await sql`
    CREATE TABLE password_reset_tokens (
      token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 64),
      participant_id INTEGER NOT NULL REFERENCES participants (id) ON DELETE CASCADE,
      expires_at TEXT NOT NULL,
      used_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX password_reset_tokens_participant ON password_reset_tokens (participant_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["password_reset_tokens", "login_failures", "participant_documents", "participants"]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
