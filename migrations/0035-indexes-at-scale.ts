import { sql, type Kysely } from "kysely";

/**
 * Indexes for a hundred times the data (issue 22, decision 0035), each chosen from the EXPLAIN
 * QUERY PLAN of a staff list, the dashboard or /profile on a grown copy of the demo database
 * (bench/grow-database.ts); tests/integration/query-plans.test.ts keeps those queries off full scans.
 *
 * - enrolments (participant_id, created_at): a participant's enrolments (/profile, the staff
 *   participant page, the participants list's count per person). The only index that started
 *   with participant_id was the partial unique one of live enrolments, which a query on every
 *   status cannot use, so each of those read the whole table.
 * - enrolments (created_at) and (confirmed_at) where set: the dashboard's month.
 * - enrolments (participant_id, created_at) where status is pendiente_de_revision: the review queue;
 *   (participant_id) of the enrolments waiting for an off-line payment: /admin/estudiantes?pago=fuera_de_linea
 *   and /profile. It replaces enrolments_offline_intent (migration 0027), which also held the paid
 *   ones: their rows had to be read to be left out, and SQLite preferred it to the new one.
 * - participants (created_at, id): the participants list, newest first, paged by that key.
 * - participant_documents (status, participant_id): the documents filter, the review queue and the
 *   dashboard's count of documents waiting.
 * - courses (course_start_date, course_id): the staff course list, paged by that key.
 * - invoice_requests pending (created_at, id) and invoiced (invoiced_at, id): the two halves of the
 *   invoice queue, each read in its own order.
 * - payment_attempts (created_at) where status is pending: the dashboard's count of pending card payments.
 * - participants_search: a trigram FTS5 index of participants' names and e-mails (any part of a
 *   word, case and accents ignored: «garcia» finds «García»), kept by triggers in the writer's
 *   transaction like the site search (migration 0015), so a staff search never scans the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX enrolments_participant ON enrolments (participant_id, created_at)`.execute(db);
  await sql`CREATE INDEX enrolments_created ON enrolments (created_at)`.execute(db);
  await sql`CREATE INDEX enrolments_confirmed ON enrolments (confirmed_at, status) WHERE confirmed_at IS NOT NULL`.execute(db);
  await sql`CREATE INDEX enrolments_in_review ON enrolments (participant_id, created_at) WHERE status = 'pendiente_de_revision'`.execute(db);
  // Replaces enrolments_offline_intent (migration 0027), which also held the paid ones.
  await sql`DROP INDEX enrolments_offline_intent`.execute(db);
  await sql`CREATE INDEX enrolments_offline_waiting ON enrolments (participant_id) WHERE offline_intent_at IS NOT NULL AND status = 'pendiente_de_pago'`.execute(
    db,
  );
  await sql`CREATE INDEX participants_created ON participants (created_at, id)`.execute(db);
  await sql`CREATE INDEX participant_documents_status ON participant_documents (status, participant_id)`.execute(db);
  await sql`CREATE INDEX courses_start ON courses (course_start_date, course_id)`.execute(db);
  await sql`CREATE INDEX invoice_requests_pending ON invoice_requests (created_at, id) WHERE cfdi_folio IS NULL`.execute(db);
  await sql`CREATE INDEX invoice_requests_invoiced ON invoice_requests (invoiced_at, id) WHERE cfdi_folio IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payment_attempts_pending ON payment_attempts (created_at) WHERE status = 'pending'`.execute(db);

  await sql`CREATE VIRTUAL TABLE participants_search USING fts5(
      name, email,
      content = 'participants', content_rowid = 'id',
      tokenize = 'trigram remove_diacritics 1'
    )`.execute(db);
  await sql`CREATE TRIGGER participants_search_insert AFTER INSERT ON participants BEGIN
      INSERT INTO participants_search (rowid, name, email) VALUES (new.id, new.name, new.email);
    END`.execute(db);
  await sql`CREATE TRIGGER participants_search_delete AFTER DELETE ON participants BEGIN
      INSERT INTO participants_search (participants_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
    END`.execute(db);
  await sql`CREATE TRIGGER participants_search_update AFTER UPDATE OF id, name, email ON participants BEGIN
      INSERT INTO participants_search (participants_search, rowid, name, email) VALUES ('delete', old.id, old.name, old.email);
      INSERT INTO participants_search (rowid, name, email) VALUES (new.id, new.name, new.email);
    END`.execute(db);
  await sql`INSERT INTO participants_search (participants_search) VALUES ('rebuild')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX enrolments_offline_intent ON enrolments (offline_intent_at) WHERE offline_intent_at IS NOT NULL`.execute(db);
  for (const trigger of ["participants_search_insert", "participants_search_delete", "participants_search_update"]) {
    await sql`DROP TRIGGER ${sql.id(trigger)}`.execute(db);
  }
  await sql`DROP TABLE participants_search`.execute(db);
  for (const index of [
    "enrolments_participant",
    "enrolments_created",
    "enrolments_confirmed",
    "enrolments_in_review",
    "enrolments_offline_waiting",
    "participants_created",
    "participant_documents_status",
    "courses_start",
    "invoice_requests_pending",
    "invoice_requests_invoiced",
    "payment_attempts_pending",
  ]) {
    await sql`DROP INDEX ${sql.id(index)}`.execute(db);
  }
}
