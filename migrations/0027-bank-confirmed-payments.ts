import { sql, type Kysely } from "kysely";
import { rebuildTables } from "./support/rebuild-tables";

// Money counts only on the bank's word (issue 19, docs/decisions/0030-bank-confirmed-payments.md):
//
// - payment_attempts gain the status 'in_verification' ("en verificación"): the buyer's browser
//   relayed an approval, and nothing is fulfilled until the bank confirms it out of band. The
//   relayed codes are kept apart from the bank's (claimed_referencia, claimed_codigo_aut,
//   claimed_at): the columns referencia / codigo_aut hold what the bank confirmed.
//   verification gains 'confirmado_manual' (a finance member typed the bank console's codes, and
//   confirmed_by says who).
// - refunds may give back a donation: enrolment_id becomes nullable beside donation_id, exactly
//   one of them.
// - a CFDI folio is used once (unique among invoice requests).
// - enrolments.offline_intent_at: the participant said "pagaré por transferencia o en ventanilla"
//   and the Teaching office finds them waiting.
//
// payment_attempts and refunds are rebuilt with the 12-step procedure, as 0019 did (foreign keys
// off outside any transaction, copy, drop, rename, indexes and triggers again,
// foreign_key_check). refunds' append-only triggers go with the old table and are made again.
export async function up(db: Kysely<any>): Promise<void> {
  await rebuildTables(db, "0027", migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE payment_attempts_new (
      id INTEGER PRIMARY KEY,
      purpose TEXT NOT NULL DEFAULT 'inscripcion' CHECK (purpose IN ('inscripcion', 'donativo')),
      enrolment_id INTEGER REFERENCES enrolments (id) ON DELETE CASCADE,
      donation_id INTEGER REFERENCES donations (id),
      control_number TEXT NOT NULL UNIQUE CHECK (length(control_number) BETWEEN 1 AND 30 AND control_number NOT GLOB '*[^A-Z0-9]*'),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      status TEXT NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'in_verification', 'approved', 'declined', 'rejected', 'no_answer', 'cancelled', 'closed', 'error', 'expired')),
      vi_hex TEXT,
      salt_hex TEXT,
      passphrase TEXT,
      relay_token_hash TEXT CHECK (relay_token_hash IS NULL OR (length(relay_token_hash) = 64 AND relay_token_hash NOT GLOB '*[^0-9a-f]*')),
      -- What the bank confirmed (verification, report or the console read by finance).
      referencia TEXT CHECK (referencia IS NULL OR (length(referencia) = 12 AND referencia NOT GLOB '*[^0-9]*')),
      codigo_aut TEXT CHECK (codigo_aut IS NULL OR (length(codigo_aut) BETWEEN 1 AND 12 AND codigo_aut NOT GLOB '*[^A-Za-z0-9]*')),
      -- What the buyer's browser relayed as an approval: a claim, never proof.
      claimed_referencia TEXT CHECK (claimed_referencia IS NULL OR (length(claimed_referencia) = 12 AND claimed_referencia NOT GLOB '*[^0-9]*')),
      claimed_codigo_aut TEXT CHECK (claimed_codigo_aut IS NULL OR (length(claimed_codigo_aut) BETWEEN 1 AND 12 AND claimed_codigo_aut NOT GLOB '*[^A-Za-z0-9]*')),
      claimed_at TEXT,
      response_json TEXT,
      provider TEXT NOT NULL CHECK (provider IN ('banorte', 'simulator')),
      mode TEXT NOT NULL CHECK (mode IN ('PRD', 'AUT', 'DEC', 'RND')),
      -- How the money was proven: the bank server-to-server (verificado), Banorte's report
      -- (conciliado), a finance member reading the bank's console (confirmado_manual); an approval
      -- taken on the relay's word before 0027 (por_conciliar), a report that disagreed (discrepancia).
      verification TEXT CHECK (verification IS NULL OR verification IN ('verificado', 'por_conciliar', 'conciliado', 'confirmado_manual', 'discrepancia')),
      verified_at TEXT,
      confirmed_by TEXT CHECK (confirmed_by IS NULL OR length(confirmed_by) BETWEEN 1 AND 200),
      refund_reason TEXT CHECK (refund_reason IS NULL OR length(refund_reason) BETWEEN 1 AND 500),
      settled_at TEXT,
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK ((purpose = 'inscripcion') = (enrolment_id IS NOT NULL) AND (purpose = 'donativo') = (donation_id IS NOT NULL)),
      CHECK ((vi_hex IS NULL) = (salt_hex IS NULL) AND (vi_hex IS NULL) = (passphrase IS NULL)),
      CHECK (status <> 'pending' OR vi_hex IS NOT NULL),
      CHECK (status IN ('pending', 'expired') OR vi_hex IS NULL),
      CHECK ((status = 'approved') = (codigo_aut IS NOT NULL)),
      CHECK (status <> 'approved' OR verification IS NOT NULL),
      CHECK (status <> 'in_verification' OR (claimed_at IS NOT NULL AND claimed_codigo_aut IS NOT NULL)),
      CHECK ((verification = 'confirmado_manual') = (confirmed_by IS NOT NULL)),
      CHECK (refund_reason IS NULL OR status = 'approved')
    ) STRICT`.execute(db);
  await sql`
    INSERT INTO payment_attempts_new (id, purpose, enrolment_id, donation_id, control_number, amount_centavos, status, vi_hex, salt_hex, passphrase,
      relay_token_hash, referencia, codigo_aut, response_json, provider, mode, verification, verified_at, refund_reason, settled_at, created_at, updated_at)
    SELECT id, purpose, enrolment_id, donation_id, control_number, amount_centavos, status, vi_hex, salt_hex, passphrase,
      relay_token_hash, referencia, codigo_aut, response_json, provider, mode, verification, verified_at, refund_reason, settled_at, created_at, updated_at
    FROM payment_attempts`.execute(db);
  await sql`DROP TABLE payment_attempts`.execute(db);
  await sql`ALTER TABLE payment_attempts_new RENAME TO payment_attempts`.execute(db);
  await sql`CREATE INDEX payment_attempts_enrolment ON payment_attempts (enrolment_id)`.execute(db);
  await sql`CREATE INDEX payment_attempts_open ON payment_attempts (status, created_at) WHERE status IN ('pending', 'expired')`.execute(db);
  await sql`CREATE UNIQUE INDEX payment_attempts_donation ON payment_attempts (donation_id) WHERE donation_id IS NOT NULL`.execute(db);
  // The finance queue: attempts waiting for the bank's word, oldest first.
  await sql`CREATE INDEX payment_attempts_in_verification ON payment_attempts (claimed_at) WHERE status = 'in_verification'`.execute(db);
  // A bank referencia confirms one payment: finance's manual confirmation checks it is not already used.
  await sql`CREATE INDEX payment_attempts_referencia ON payment_attempts (referencia) WHERE referencia IS NOT NULL`.execute(db);
  // The ledger reads settled money by date.
  await sql`CREATE INDEX payment_attempts_settled ON payment_attempts (settled_at) WHERE settled_at IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE refunds_new (
      id INTEGER PRIMARY KEY,
      enrolment_id INTEGER REFERENCES enrolments (id),
      donation_id INTEGER REFERENCES donations (id),
      payment_attempt_id INTEGER UNIQUE REFERENCES payment_attempts (id),
      offline_payment_id INTEGER UNIQUE REFERENCES offline_payments (id),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
      recorded_by TEXT NOT NULL CHECK (length(recorded_by) BETWEEN 1 AND 200),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- A refund belongs to an enrolment or a donation, and gives back exactly one payment.
      CHECK ((enrolment_id IS NULL) <> (donation_id IS NULL)),
      CHECK ((payment_attempt_id IS NULL) <> (offline_payment_id IS NULL)),
      -- A donation is paid only by card.
      CHECK (donation_id IS NULL OR payment_attempt_id IS NOT NULL)
    ) STRICT`.execute(db);
  await sql`
    INSERT INTO refunds_new (id, enrolment_id, donation_id, payment_attempt_id, offline_payment_id, amount_centavos, reason, recorded_by, created_at)
    SELECT id, enrolment_id, NULL, payment_attempt_id, offline_payment_id, amount_centavos, reason, recorded_by, created_at FROM refunds`.execute(db);
  await sql`DROP TABLE refunds`.execute(db);
  await sql`ALTER TABLE refunds_new RENAME TO refunds`.execute(db);
  await sql`CREATE INDEX refunds_enrolment ON refunds (enrolment_id)`.execute(db);
  await sql`CREATE INDEX refunds_donation ON refunds (donation_id) WHERE donation_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX refunds_created ON refunds (created_at)`.execute(db);
  await sql`CREATE TRIGGER refunds_no_update BEFORE UPDATE ON refunds BEGIN SELECT RAISE(ABORT, 'refunds is append-only'); END`.execute(db);
  await sql`CREATE TRIGGER refunds_no_delete BEFORE DELETE ON refunds BEGIN SELECT RAISE(ABORT, 'refunds is append-only'); END`.execute(db);

  // One CFDI, one request: the same folio on two requests is a typing mistake or a double invoice.
  await sql`CREATE UNIQUE INDEX invoice_requests_cfdi_folio ON invoice_requests (cfdi_folio) WHERE cfdi_folio IS NOT NULL`.execute(db);

  await sql`ALTER TABLE enrolments ADD COLUMN offline_intent_at TEXT CHECK (offline_intent_at IS NULL OR offline_intent_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*')`.execute(
    db,
  );
  await sql`CREATE INDEX enrolments_offline_intent ON enrolments (offline_intent_at) WHERE offline_intent_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX offline_payments_created ON offline_payments (created_at)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0027 is not reversible: restore a backup instead");
}
