import { sql, type Kysely } from "kysely";

// What the Teaching office (Dirección de Enseñanza) records from the admin area (issue 10):
//
// - courses.archived_at: a course with enrolments is never deleted (its enrolments, payments and
//   access PDFs point at it); archiving hides it from the catalogue and closes enrolment.
// - participant_documents.reviewed_by: who decided (the staff member's name, as shown in the
//   audit log). The decision itself stays in participant_documents.status (decision 0016).
// - offline_payments: a transfer, store or bank-window payment, or a Teaching-office reference,
//   recorded by staff with its receipt. Evidence of money received: append-only.
// - refunds: money given back, for a card attempt or an off-line payment, always with a reason.
//   One refund per payment; append-only too.
// - manual_enrolments: why a staff member enrolled a participant by hand (a speaker, a guest).
//
// New tables only, plus ADD COLUMN on tables nobody rebuilds: enrolments and payment_attempts
// are left as they are (they are rebuilt elsewhere to add a status).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE courses ADD COLUMN archived_at TEXT CHECK (archived_at IS NULL OR archived_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*')`.execute(
    db,
  );
  await sql`ALTER TABLE participant_documents ADD COLUMN reviewed_by TEXT CHECK (reviewed_by IS NULL OR length(reviewed_by) BETWEEN 1 AND 200)`.execute(
    db,
  );

  await sql`
    CREATE TABLE offline_payments (
      id INTEGER PRIMARY KEY,
      enrolment_id INTEGER NOT NULL REFERENCES enrolments (id),
      method TEXT NOT NULL CHECK (method IN ('transferencia', 'tienda', 'ventanilla', 'referencia_ensenanza')),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      paid_on TEXT NOT NULL CHECK (date(paid_on) IS paid_on),
      reference TEXT NOT NULL CHECK (length(reference) BETWEEN 1 AND 100),
      receipt_file_id TEXT NOT NULL UNIQUE REFERENCES stored_files (id),
      recorded_by TEXT NOT NULL CHECK (length(recorded_by) BETWEEN 1 AND 200),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX offline_payments_enrolment ON offline_payments (enrolment_id)`.execute(db);
  // The same bank reference recorded twice is the same money: refuse the second.
  await sql`CREATE UNIQUE INDEX offline_payments_reference ON offline_payments (method, reference)`.execute(db);

  await sql`
    CREATE TABLE refunds (
      id INTEGER PRIMARY KEY,
      enrolment_id INTEGER NOT NULL REFERENCES enrolments (id),
      payment_attempt_id INTEGER UNIQUE REFERENCES payment_attempts (id),
      offline_payment_id INTEGER UNIQUE REFERENCES offline_payments (id),
      amount_centavos INTEGER NOT NULL CHECK (amount_centavos > 0),
      reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
      recorded_by TEXT NOT NULL CHECK (length(recorded_by) BETWEEN 1 AND 200),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      -- A refund gives back exactly one payment: a card attempt or an off-line payment.
      CHECK ((payment_attempt_id IS NULL) <> (offline_payment_id IS NULL))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX refunds_enrolment ON refunds (enrolment_id)`.execute(db);

  await sql`
    CREATE TABLE manual_enrolments (
      enrolment_id INTEGER PRIMARY KEY REFERENCES enrolments (id),
      reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
      recorded_by TEXT NOT NULL CHECK (length(recorded_by) BETWEEN 1 AND 200),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);

  // Money records are evidence: nothing may rewrite or remove them (as payment_events).
  for (const table of ["offline_payments", "refunds", "manual_enrolments"]) {
    await sql
      .raw(`CREATE TRIGGER ${table}_no_update BEFORE UPDATE ON ${table} BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_no_delete BEFORE DELETE ON ${table} BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END`)
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["manual_enrolments", "refunds", "offline_payments"]) await sql.raw(`DROP TABLE ${table}`).execute(db);
  await sql`ALTER TABLE participant_documents DROP COLUMN reviewed_by`.execute(db);
  await sql`ALTER TABLE courses DROP COLUMN archived_at`.execute(db);
}
