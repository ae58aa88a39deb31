import { sql, type Kysely } from "kysely";

// Donations by card (issue 13, docs/decisions/0022-payments-for-donations.md):
//
// - donations: one gift, its amount fixed by the server when the form was accepted, the donor's
//   name and e-mail, the optional letter of intent and constancia (private files), and its status.
//   The donation's control number is its card attempt's (one attempt per donation).
// - payment_attempts gain a purpose ('inscripcion' | 'donativo') with exactly one of enrolment_id /
//   donation_id, and relay_token_hash: the SHA-256 of the per-attempt secret the browser that
//   started the payment holds (the relay's right to speak for the attempt; a donor is anonymous).
// - invoice_requests belong to an enrolment or a donation (exactly one), and gain what finance
//   records when the CFDI is issued (folio, when, by whom).
//
// SQLite cannot relax NOT NULL or add a table CHECK in place, so payment_attempts and
// invoice_requests are rebuilt with the 12-step procedure, as 0010 did: foreign keys off (outside
// any transaction: dropping payment_attempts with them on would SET NULL payment_events'
// references, which the append-only trigger refuses), copy, drop, rename, indexes again,
// foreign_key_check, foreign keys on. Neither rebuilt table has triggers of its own; the
// append-only triggers of payment_events and refunds (which reference payment_attempts) are
// untouched and keep their references by name.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`PRAGMA foreign_keys = OFF`.execute(db);
  try {
    await sql`BEGIN`.execute(db);
    try {
      await migrate(db);
      const problems = await sql`PRAGMA foreign_key_check`.execute(db);
      if (problems.rows.length > 0) throw new Error(`0019: foreign key check failed: ${JSON.stringify(problems.rows)}`);
      await sql`COMMIT`.execute(db);
    } catch (error) {
      await sql`ROLLBACK`.execute(db);
      throw error;
    }
  } finally {
    await sql`PRAGMA foreign_keys = ON`.execute(db);
  }
}

async function migrate(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE donations (
      id INTEGER PRIMARY KEY,
      control_number TEXT NOT NULL UNIQUE CHECK (length(control_number) BETWEEN 1 AND 30 AND control_number NOT GLOB '*[^A-Z0-9]*'),
      -- $10.00 to $100,000.00 online; larger gifts go by transfer.
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos BETWEEN 1000 AND 10000000),
      status TEXT NOT NULL DEFAULT 'pendiente' CHECK (status IN ('pendiente', 'aprobada', 'rechazada', 'cancelada', 'sin_respuesta', 'expirada')),
      donor_name TEXT NOT NULL CHECK (length(donor_name) BETWEEN 1 AND 200),
      donor_email TEXT NOT NULL CHECK (length(donor_email) BETWEEN 3 AND 254 AND donor_email LIKE '%_@_%'),
      letter_file_id TEXT REFERENCES stored_files (id),
      tax_certificate_file_id TEXT REFERENCES stored_files (id),
      client_address TEXT CHECK (client_address IS NULL OR length(client_address) <= 100),
      receipt_sent_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      approved_at TEXT,
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK ((status = 'aprobada') = (approved_at IS NOT NULL)),
      CHECK (receipt_sent_at IS NULL OR status = 'aprobada')
    ) STRICT`.execute(db);
  await sql`CREATE INDEX donations_created ON donations (created_at)`.execute(db);
  await sql`CREATE INDEX donations_status ON donations (status, created_at)`.execute(db);
  await sql`CREATE INDEX donations_email ON donations (donor_email)`.execute(db);

  await sql`
    CREATE TABLE payment_attempts_new (
      id INTEGER PRIMARY KEY,
      purpose TEXT NOT NULL DEFAULT 'inscripcion' CHECK (purpose IN ('inscripcion', 'donativo')),
      enrolment_id INTEGER REFERENCES enrolments (id) ON DELETE CASCADE,
      donation_id INTEGER REFERENCES donations (id),
      control_number TEXT NOT NULL UNIQUE CHECK (length(control_number) BETWEEN 1 AND 30 AND control_number NOT GLOB '*[^A-Z0-9]*'),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'declined', 'rejected', 'no_answer', 'cancelled', 'closed', 'error', 'expired')),
      vi_hex TEXT,
      salt_hex TEXT,
      passphrase TEXT,
      -- SHA-256 (hex) of the random secret handed to the browser that started the attempt: only a
      -- relay carrying it may speak for the attempt. Attempts started before 0019 have none.
      relay_token_hash TEXT CHECK (relay_token_hash IS NULL OR (length(relay_token_hash) = 64 AND relay_token_hash NOT GLOB '*[^0-9a-f]*')),
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
      -- A payment is for exactly one thing, and its purpose says which.
      CHECK ((purpose = 'inscripcion') = (enrolment_id IS NOT NULL) AND (purpose = 'donativo') = (donation_id IS NOT NULL)),
      -- The three secrets come and go together. A pending attempt has them; an expired one may keep
      -- them for a while (a late approval must still be read); every other status forgot them.
      CHECK ((vi_hex IS NULL) = (salt_hex IS NULL) AND (vi_hex IS NULL) = (passphrase IS NULL)),
      CHECK (status <> 'pending' OR vi_hex IS NOT NULL),
      CHECK (status IN ('pending', 'expired') OR vi_hex IS NULL),
      CHECK ((status = 'approved') = (codigo_aut IS NOT NULL)),
      CHECK (status <> 'approved' OR verification IS NOT NULL),
      CHECK (refund_reason IS NULL OR status = 'approved')
    ) STRICT`.execute(db);
  await sql`
    INSERT INTO payment_attempts_new (id, purpose, enrolment_id, donation_id, control_number, amount_centavos, status, vi_hex, salt_hex, passphrase,
      relay_token_hash, referencia, codigo_aut, response_json, provider, mode, verification, verified_at, refund_reason, settled_at, created_at, updated_at)
    SELECT id, 'inscripcion', enrolment_id, NULL, control_number, amount_centavos, status, vi_hex, salt_hex, passphrase,
      NULL, referencia, codigo_aut, response_json, provider, mode, verification, verified_at, refund_reason, settled_at, created_at, updated_at
    FROM payment_attempts`.execute(db);
  await sql`DROP TABLE payment_attempts`.execute(db);
  await sql`ALTER TABLE payment_attempts_new RENAME TO payment_attempts`.execute(db);
  await sql`CREATE INDEX payment_attempts_enrolment ON payment_attempts (enrolment_id)`.execute(db);
  await sql`CREATE INDEX payment_attempts_open ON payment_attempts (status, created_at) WHERE status IN ('pending', 'expired')`.execute(db);
  // One card attempt per donation: a second one would be a second charge for the same gift.
  await sql`CREATE UNIQUE INDEX payment_attempts_donation ON payment_attempts (donation_id) WHERE donation_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE invoice_requests_new (
      id INTEGER PRIMARY KEY,
      enrolment_id INTEGER REFERENCES enrolments (id) ON DELETE CASCADE,
      donation_id INTEGER REFERENCES donations (id),
      payment_attempt_id INTEGER REFERENCES payment_attempts (id),
      rfc TEXT NOT NULL CHECK (length(rfc) BETWEEN 12 AND 13),
      legal_name TEXT NOT NULL CHECK (length(legal_name) BETWEEN 1 AND 254),
      tax_regime TEXT NOT NULL CHECK (length(tax_regime) = 3),
      postcode TEXT NOT NULL CHECK (length(postcode) = 5 AND postcode NOT GLOB '*[^0-9]*'),
      cfdi_use TEXT NOT NULL CHECK (length(cfdi_use) BETWEEN 3 AND 4),
      constancia_file_id TEXT NOT NULL REFERENCES stored_files (id),
      -- Finance marks the request "facturada" with the CFDI's folio (UUID or series-folio).
      cfdi_folio TEXT CHECK (cfdi_folio IS NULL OR length(cfdi_folio) BETWEEN 1 AND 64),
      invoiced_at TEXT,
      invoiced_by TEXT CHECK (invoiced_by IS NULL OR length(invoiced_by) BETWEEN 1 AND 200),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- A request is for exactly one payment's owner: an enrolment or a donation.
      CHECK ((enrolment_id IS NULL) <> (donation_id IS NULL)),
      CHECK ((cfdi_folio IS NULL) = (invoiced_at IS NULL) AND (cfdi_folio IS NULL) = (invoiced_by IS NULL))
    ) STRICT`.execute(db);
  await sql`
    INSERT INTO invoice_requests_new (id, enrolment_id, donation_id, payment_attempt_id, rfc, legal_name, tax_regime, postcode, cfdi_use,
      constancia_file_id, cfdi_folio, invoiced_at, invoiced_by, created_at)
    SELECT id, enrolment_id, NULL, payment_attempt_id, rfc, legal_name, tax_regime, postcode, cfdi_use,
      constancia_file_id, NULL, NULL, NULL, created_at
    FROM invoice_requests`.execute(db);
  await sql`DROP TABLE invoice_requests`.execute(db);
  await sql`ALTER TABLE invoice_requests_new RENAME TO invoice_requests`.execute(db);
  await sql`CREATE INDEX invoice_requests_enrolment ON invoice_requests (enrolment_id) WHERE enrolment_id IS NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX invoice_requests_donation ON invoice_requests (donation_id) WHERE donation_id IS NOT NULL`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0019-donations cannot be undone: restore a backup instead");
}
