import { sql, type Kysely } from "kysely";

// Enrolments, card payment attempts, the log of every relay the browser sent us, and invoice
// (CFDI) requests. Statuses are closed sets; the seat and money invariants live here too:
// a participant holds at most one live enrolment per course (partial unique index), a control
// number is never reused (UNIQUE), and settled attempts keep no secrets.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE enrolments (
      id INTEGER PRIMARY KEY,
      participant_id INTEGER NOT NULL REFERENCES participants (id) ON DELETE CASCADE,
      course_id INTEGER NOT NULL REFERENCES courses (course_id),
      modality TEXT NOT NULL CHECK (modality IN ('presencial', 'en_linea')),
      status TEXT NOT NULL CHECK (status IN ('pendiente_de_pago', 'pendiente_de_revision', 'confirmada', 'rechazada', 'cancelada')),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos >= 0),
      seat_held_until TEXT,
      refund_reason TEXT CHECK (refund_reason IS NULL OR length(refund_reason) BETWEEN 1 AND 500),
      rejection_reason TEXT CHECK (rejection_reason IS NULL OR length(rejection_reason) BETWEEN 1 AND 500),
      modality_note TEXT,
      reviewed_by TEXT,
      confirmed_at TEXT,
      -- The access PDF's QR code links to /verificar/<token>: random, never derived from the id.
      verification_token TEXT NOT NULL UNIQUE CHECK (length(verification_token) = 22),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK ((status = 'rechazada') = (rejection_reason IS NOT NULL)),
      CHECK (status <> 'confirmada' OR confirmed_at IS NOT NULL)
    ) STRICT`.execute(db);
  await sql`
    CREATE UNIQUE INDEX enrolments_one_live_per_course ON enrolments (participant_id, course_id)
    WHERE status NOT IN ('rechazada', 'cancelada')`.execute(db);
  await sql`CREATE INDEX enrolments_course_seats ON enrolments (course_id, modality, status)`.execute(db);

  await sql`
    CREATE TABLE payment_attempts (
      id INTEGER PRIMARY KEY,
      enrolment_id INTEGER NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
      control_number TEXT NOT NULL UNIQUE CHECK (length(control_number) BETWEEN 1 AND 30 AND control_number NOT GLOB '*[^A-Z0-9]*'),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'rejected', 'no_answer', 'cancelled', 'closed', 'error', 'expired')),
      vi_hex TEXT,
      salt_hex TEXT,
      passphrase TEXT,
      referencia TEXT,
      codigo_aut TEXT,
      response_json TEXT,
      provider TEXT NOT NULL CHECK (provider IN ('banorte', 'simulator')),
      mode TEXT NOT NULL CHECK (mode IN ('PRD', 'AUT', 'DEC', 'RND')),
      settled_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- A pending attempt has its secrets; a settled one has forgotten them.
      CHECK ((status = 'pending') = (vi_hex IS NOT NULL AND salt_hex IS NOT NULL AND passphrase IS NOT NULL)),
      CHECK ((status = 'approved') = (codigo_aut IS NOT NULL))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX payment_attempts_enrolment ON payment_attempts (enrolment_id)`.execute(db);

  await sql`
    CREATE TABLE payment_events (
      id INTEGER PRIMARY KEY,
      payment_attempt_id INTEGER REFERENCES payment_attempts (id) ON DELETE SET NULL,
      control_number TEXT,
      kind TEXT NOT NULL CHECK (kind IN ('success', 'error', 'cancel', 'closed', 'unknown')),
      outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'ignored')),
      reason TEXT,
      payload TEXT NOT NULL,
      client_address TEXT,
      received_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  // Append-only: the log of what the browser relayed is evidence; nothing may rewrite it.
  await sql`
    CREATE TRIGGER payment_events_no_update BEFORE UPDATE ON payment_events
    BEGIN SELECT RAISE(ABORT, 'payment_events is append-only'); END`.execute(db);
  await sql`
    CREATE TRIGGER payment_events_no_delete BEFORE DELETE ON payment_events
    BEGIN SELECT RAISE(ABORT, 'payment_events is append-only'); END`.execute(db);

  await sql`
    CREATE TABLE invoice_requests (
      id INTEGER PRIMARY KEY,
      enrolment_id INTEGER NOT NULL REFERENCES enrolments (id) ON DELETE CASCADE,
      payment_attempt_id INTEGER REFERENCES payment_attempts (id),
      rfc TEXT NOT NULL CHECK (length(rfc) BETWEEN 12 AND 13),
      legal_name TEXT NOT NULL CHECK (length(legal_name) BETWEEN 1 AND 254),
      tax_regime TEXT NOT NULL CHECK (length(tax_regime) = 3),
      postcode TEXT NOT NULL CHECK (length(postcode) = 5 AND postcode NOT GLOB '*[^0-9]*'),
      cfdi_use TEXT NOT NULL CHECK (length(cfdi_use) BETWEEN 3 AND 4),
      constancia_file_id TEXT NOT NULL REFERENCES stored_files (id),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE invoice_requests`.execute(db);
  await sql`DROP TABLE payment_events`.execute(db);
  await sql`DROP TABLE payment_attempts`.execute(db);
  await sql`DROP TABLE enrolments`.execute(db);
}
