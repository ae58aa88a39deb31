import { sql, type Kysely } from "kysely";

// Payment trust (docs/decisions/0013-payment-trust-model.md):
// - enrolments gain the status 'suspendida' (a reconciliation found the payment does not match
//   Banorte's report) with its reason;
// - payment_attempts record how the payment was confirmed (verification), keep the secrets of an
//   expired attempt for a while (a late approval for it must still be read: money was taken),
//   and carry a refund flag for an approval we could not honour;
// - payment_events may say 'tampering' and log verification and reconciliation, still append-only;
// - the simulated bank keeps a record of what it answered (its verification reads it).
//
// SQLite cannot change a CHECK constraint in place, so the three tables are rebuilt with the
// documented 12-step procedure: foreign keys off (outside any transaction), copy, drop, rename,
// indexes and triggers again, foreign_key_check, foreign keys on. Kysely runs SQLite migrations
// without a transaction (no transactional DDL), so this migration opens its own.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await rebuild(db);
      const problems = await sql`PRAGMA foreign_key_check`.execute(db);
      if (problems.rows.length > 0) throw new Error(`0010: foreign key check failed: ${JSON.stringify(problems.rows)}`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

async function rebuild(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE enrolments_new (
      id INTEGER PRIMARY KEY,
      participant_id INTEGER NOT NULL REFERENCES participants (id) ON DELETE CASCADE,
      course_id INTEGER NOT NULL REFERENCES courses (course_id),
      modality TEXT NOT NULL CHECK (modality IN ('presencial', 'en_linea')),
      status TEXT NOT NULL CHECK (status IN ('pendiente_de_pago', 'pendiente_de_revision', 'confirmada', 'suspendida', 'rechazada', 'cancelada')),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos >= 0),
      seat_held_until TEXT,
      refund_reason TEXT CHECK (refund_reason IS NULL OR length(refund_reason) BETWEEN 1 AND 500),
      rejection_reason TEXT CHECK (rejection_reason IS NULL OR length(rejection_reason) BETWEEN 1 AND 500),
      suspension_reason TEXT CHECK (suspension_reason IS NULL OR length(suspension_reason) BETWEEN 1 AND 500),
      -- The enrolment's own reference in the control-number format (HIMFGCURSOS + course + 10
      -- digits): what the access PDF prints when no card payment carries one (free, reviewed).
      reference TEXT UNIQUE CHECK (reference IS NULL OR (length(reference) BETWEEN 1 AND 30 AND reference NOT GLOB '*[^A-Z0-9]*')),
      modality_note TEXT,
      reviewed_by TEXT,
      confirmed_at TEXT,
      verification_token TEXT NOT NULL UNIQUE CHECK (length(verification_token) = 22),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK ((status = 'rechazada') = (rejection_reason IS NOT NULL)),
      CHECK ((status = 'suspendida') = (suspension_reason IS NOT NULL)),
      CHECK (status NOT IN ('confirmada', 'suspendida') OR confirmed_at IS NOT NULL),
      -- Only a pending card payment holds a seat.
      CHECK (seat_held_until IS NULL OR status = 'pendiente_de_pago')
    ) STRICT`.execute(db);
  await sql`
    INSERT INTO enrolments_new (id, participant_id, course_id, modality, status, amount_centavos, seat_held_until, refund_reason,
      rejection_reason, suspension_reason, reference, modality_note, reviewed_by, confirmed_at, verification_token, created_at, updated_at)
    SELECT id, participant_id, course_id, modality, status, amount_centavos,
      CASE WHEN status = 'pendiente_de_pago' THEN seat_held_until END, refund_reason,
      rejection_reason, NULL,
      CASE WHEN length('HIMFGCURSOS' || course_id || printf('%010d', id)) <= 30 THEN 'HIMFGCURSOS' || course_id || printf('%010d', id) END,
      modality_note, reviewed_by, confirmed_at, verification_token, created_at, updated_at
    FROM enrolments`.execute(db);
  await sql`DROP TABLE enrolments`.execute(db);
  await sql`ALTER TABLE enrolments_new RENAME TO enrolments`.execute(db);
  await sql`
    CREATE UNIQUE INDEX enrolments_one_live_per_course ON enrolments (participant_id, course_id)
    WHERE status NOT IN ('rechazada', 'cancelada')`.execute(db);
  await sql`CREATE INDEX enrolments_course_seats ON enrolments (course_id, modality, status)`.execute(db);

  await sql`
    CREATE TABLE payment_attempts_new (
      id INTEGER PRIMARY KEY,
      enrolment_id INTEGER NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
      control_number TEXT NOT NULL UNIQUE CHECK (length(control_number) BETWEEN 1 AND 30 AND control_number NOT GLOB '*[^A-Z0-9]*'),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'rejected', 'no_answer', 'cancelled', 'closed', 'error', 'expired')),
      vi_hex TEXT,
      salt_hex TEXT,
      passphrase TEXT,
      referencia TEXT CHECK (referencia IS NULL OR (length(referencia) = 12 AND referencia NOT GLOB '*[^0-9]*')),
      codigo_aut TEXT CHECK (codigo_aut IS NULL OR (length(codigo_aut) BETWEEN 1 AND 12 AND codigo_aut NOT GLOB '*[^A-Za-z0-9]*')),
      response_json TEXT,
      provider TEXT NOT NULL CHECK (provider IN ('banorte', 'simulator')),
      mode TEXT NOT NULL CHECK (mode IN ('PRD', 'AUT', 'DEC', 'RND')),
      -- How far the money is proven: the bank confirmed it server-to-server (verificado), we took
      -- the relay's word and wait for Banorte's report (por_conciliar), the report matched
      -- (conciliado) or did not (discrepancia).
      verification TEXT CHECK (verification IS NULL OR verification IN ('verificado', 'por_conciliar', 'conciliado', 'discrepancia')),
      verified_at TEXT,
      -- An approval we could not honour (no seat, or the enrolment was already paid): refund it.
      refund_reason TEXT CHECK (refund_reason IS NULL OR length(refund_reason) BETWEEN 1 AND 500),
      settled_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- The three secrets come and go together. A pending attempt has them; an expired one may keep
      -- them for a while (a late approval must still be read); every other status forgot them.
      CHECK ((vi_hex IS NULL) = (salt_hex IS NULL) AND (vi_hex IS NULL) = (passphrase IS NULL)),
      CHECK (status <> 'pending' OR vi_hex IS NOT NULL),
      CHECK (status IN ('pending', 'expired') OR vi_hex IS NULL),
      CHECK ((status = 'approved') = (codigo_aut IS NOT NULL)),
      CHECK (status <> 'approved' OR verification IS NOT NULL),
      CHECK (refund_reason IS NULL OR status = 'approved')
    ) STRICT`.execute(db);
  // Approvals settled before this migration rested on the relay alone.
  await sql`
    INSERT INTO payment_attempts_new (id, enrolment_id, control_number, amount_centavos, status, vi_hex, salt_hex, passphrase, referencia,
      codigo_aut, response_json, provider, mode, verification, verified_at, refund_reason, settled_at, created_at, updated_at)
    SELECT id, enrolment_id, control_number, amount_centavos, status, vi_hex, salt_hex, passphrase,
      CASE WHEN length(referencia) = 12 AND referencia NOT GLOB '*[^0-9]*' THEN referencia END,
      codigo_aut, response_json, provider, mode,
      CASE WHEN status IN ('approved', 'no_answer') THEN 'por_conciliar' END, NULL, NULL, settled_at, created_at, updated_at
    FROM payment_attempts`.execute(db);
  await sql`DROP TABLE payment_attempts`.execute(db);
  await sql`ALTER TABLE payment_attempts_new RENAME TO payment_attempts`.execute(db);
  await sql`CREATE INDEX payment_attempts_enrolment ON payment_attempts (enrolment_id)`.execute(db);
  await sql`CREATE INDEX payment_attempts_open ON payment_attempts (status, created_at) WHERE status IN ('pending', 'expired')`.execute(db);

  await sql`
    CREATE TABLE payment_events_new (
      id INTEGER PRIMARY KEY,
      payment_attempt_id INTEGER REFERENCES payment_attempts (id) ON DELETE SET NULL,
      control_number TEXT,
      kind TEXT NOT NULL CHECK (kind IN ('success', 'error', 'cancel', 'closed', 'unknown', 'verify', 'reconcile', 'expire')),
      outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'ignored', 'tampering')),
      reason TEXT,
      payload TEXT NOT NULL,
      client_address TEXT,
      received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`INSERT INTO payment_events_new SELECT id, payment_attempt_id, control_number, kind, outcome, reason, payload, client_address, received_at FROM payment_events`.execute(
    db,
  );
  await sql`DROP TABLE payment_events`.execute(db);
  await sql`ALTER TABLE payment_events_new RENAME TO payment_events`.execute(db);
  await sql`CREATE INDEX payment_events_attempt ON payment_events (payment_attempt_id)`.execute(db);
  // Append-only: the log of what the browser relayed is evidence; nothing may rewrite it.
  await sql`
    CREATE TRIGGER payment_events_no_update BEFORE UPDATE ON payment_events
    BEGIN SELECT RAISE(ABORT, 'payment_events is append-only'); END`.execute(db);
  await sql`
    CREATE TRIGGER payment_events_no_delete BEFORE DELETE ON payment_events
    BEGIN SELECT RAISE(ABORT, 'payment_events is append-only'); END`.execute(db);

  // What the simulated bank answered, by control number: its server-to-server verification reads
  // this, as Banorte's would read its own books. Also makes "control number already used"
  // (PAYW-3039) survive a restart.
  await sql`
    CREATE TABLE simulator_transactions (
      control_number TEXT PRIMARY KEY CHECK (length(control_number) BETWEEN 1 AND 30),
      merchant_id TEXT NOT NULL,
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      result TEXT CHECK (result IS NULL OR result IN ('A', 'D', 'R', 'T')),
      referencia TEXT,
      codigo_aut TEXT,
      answered_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0010-payment-trust cannot be undone: restore a backup instead");
}
