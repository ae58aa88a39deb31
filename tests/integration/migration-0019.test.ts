import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "~/db.server";
import { migrations } from "../../migrations/index";

// Migration 0019 rebuilds payment_attempts and invoice_requests (a purpose with exactly one owner;
// an invoice request for an enrolment or a donation). A database made by 0001-0018 with attempts,
// events, refunds and invoice requests in it must keep every row and every reference, and the
// append-only triggers must refuse exactly what they refused before.
const file = path.join(os.tmpdir(), `himfg-0019-${crypto.randomUUID()}.db`);
const db = openDatabase(file);
afterAll(async () => {
  await db.destroy();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

type Row = Record<string, unknown>;
const all = async (query: string) => (await sql.raw<Row>(query).execute(db)).rows;
const schemaOf = async (types: string) =>
  all(`SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN (${types}) AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name`);

test("0018 data survives 0019: rows, events, references, triggers, and the new constraints hold", async () => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0018-content-version-redirects")).error).toBeUndefined();

  await sql`INSERT INTO participants (id, name, grade, institution, email, password_hash, age, graduated, nationality, state, phone, role)
    VALUES (450001, 'Ana', 'Médico', 'HIMFG', 'ana@example.org', 'scrypt$x', 30, 'SÍ', 'Mexicana', 'CDMX', '5512345678', 'EXTERNO')`.execute(db);
  await sql`INSERT INTO courses (course_id, course_name, course_start_date, course_finish_date, course_price, course_student_price, course_employee_price, course_able, course_max_range, modality_id, month_id, venue)
    VALUES (9001, 'Curso', '2027-01-01', '2027-01-02', 100000, 0, 0, 1, 10, 3, 0, 'Auditorio')`.execute(db);
  await sql`INSERT INTO enrolments (id, participant_id, course_id, modality, status, amount_centavos, confirmed_at, verification_token)
    VALUES (5, 450001, 9001, 'en_linea', 'confirmada', 100000, '2026-01-01T00:00:00.000Z', 'abcdefghijklmnopqrstuv'),
           (6, 450001, 9001, 'en_linea', 'cancelada', 100000, NULL, 'bbcdefghijklmnopqrstuv')`.execute(db);
  // An approved attempt, a declined one, a pending one with its secrets, and an expired one.
  await sql`INSERT INTO payment_attempts (id, enrolment_id, control_number, amount_centavos, status, codigo_aut, referencia, provider, mode, verification, settled_at)
    VALUES (7, 5, 'HIMFGCURSOS9001ABCDEFGHIJ', 100000, 'approved', '123456', '123456789012', 'simulator', 'AUT', 'verificado', '2026-01-01T00:00:00.000Z'),
           (8, 6, 'HIMFGCURSOS9001ZZZZZZZZZZ', 100000, 'declined', NULL, NULL, 'simulator', 'AUT', NULL, '2026-01-01T00:00:00.000Z')`.execute(db);
  await sql`INSERT INTO payment_attempts (id, enrolment_id, control_number, amount_centavos, status, vi_hex, salt_hex, passphrase, provider, mode)
    VALUES (9, 6, 'HIMFGCURSOS9001PENDING001', 100000, 'pending', 'aa', 'bb', 'cc', 'simulator', 'AUT'),
           (10, 6, 'HIMFGCURSOS9001EXPIRED001', 100000, 'expired', 'dd', 'ee', 'ff', 'simulator', 'AUT')`.execute(db);
  for (const [attempt, kind] of [
    [7, "success"],
    [7, "success"],
    [8, "success"],
    [9, "cancel"],
  ] as const) {
    await sql`INSERT INTO payment_events (payment_attempt_id, control_number, kind, outcome, reason, payload) VALUES (${attempt}, 'X', ${kind}, 'applied', 'r', '{}')`.execute(
      db,
    );
  }
  await sql`INSERT INTO payment_events (payment_attempt_id, control_number, kind, outcome, reason, payload) VALUES (NULL, 'UNKNOWN', 'unknown', 'ignored', 'r', '{}')`.execute(
    db,
  );
  await sql`INSERT INTO stored_files (id, file_name, content_type, byte_size, sha256, data, visibility) VALUES ('f1', 'constancia.pdf', 'application/pdf', 4, ${"a".repeat(64)}, X'25504446', 'private')`.execute(
    db,
  );
  await sql`INSERT INTO invoice_requests (id, enrolment_id, payment_attempt_id, rfc, legal_name, tax_regime, postcode, cfdi_use, constancia_file_id)
    VALUES (3, 5, 7, 'GOMJ800101AB1', 'Juana Gómez', '612', '06720', 'D10', 'f1')`.execute(db);
  await sql`INSERT INTO refunds (enrolment_id, payment_attempt_id, amount_centavos, reason, recorded_by) VALUES (5, 7, 100000, 'Duplicado', 'Finanzas')`.execute(
    db,
  );

  const attemptsBefore = await all("SELECT * FROM payment_attempts ORDER BY id");
  const eventsBefore = await all("SELECT * FROM payment_events ORDER BY id");
  const invoicesBefore = await all("SELECT * FROM invoice_requests ORDER BY id");
  const refundsBefore = await all("SELECT * FROM refunds ORDER BY id");
  const triggersBefore = await schemaOf("'trigger'");
  const indexesBefore = (await schemaOf("'index'")).filter((row) => !["payment_attempts", "invoice_requests"].includes(String(row.tbl_name)));

  expect((await migrator.migrateTo("0019-donations")).error).toBeUndefined();

  // Every attempt kept, with its purpose and no token (they predate it); nothing else changed.
  const attemptsAfter = await all("SELECT * FROM payment_attempts ORDER BY id");
  expect(attemptsAfter).toEqual(attemptsBefore.map((row) => ({ ...row, purpose: "inscripcion", donation_id: null, relay_token_hash: null })));
  expect(await all("SELECT * FROM payment_events ORDER BY id")).toEqual(eventsBefore);
  expect(await all("SELECT * FROM invoice_requests ORDER BY id")).toEqual(
    invoicesBefore.map((row) => ({ ...row, donation_id: null, cfdi_folio: null, invoiced_at: null, invoiced_by: null })),
  );
  expect(await all("SELECT * FROM refunds ORDER BY id")).toEqual(refundsBefore);
  // The triggers (append-only ones, content-version, search) and other tables' indexes are exactly as they were.
  expect(await schemaOf("'trigger'")).toEqual(triggersBefore);
  expect((await schemaOf("'index'")).filter((row) => !["payment_attempts", "invoice_requests", "donations"].includes(String(row.tbl_name)))).toEqual(
    indexesBefore,
  );
  expect((await schemaOf("'index'")).filter((row) => row.tbl_name === "payment_attempts").map((row) => row.name)).toEqual([
    "payment_attempts_donation",
    "payment_attempts_enrolment",
    "payment_attempts_open",
  ]);
  expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);
  expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0]!.foreign_keys).toBe(1);

  // The append-only triggers still refuse what they refused before.
  await expect(sql`DELETE FROM payment_events`.execute(db)).rejects.toThrow(/append-only/);
  await expect(sql`UPDATE payment_events SET reason = 'x' WHERE id = 1`.execute(db)).rejects.toThrow(/append-only/);
  await expect(sql`DELETE FROM refunds`.execute(db)).rejects.toThrow(/append-only/);
  await expect(sql`UPDATE refunds SET reason = 'x'`.execute(db)).rejects.toThrow(/append-only/);
  // Deleting an attempt would SET NULL its events: the trigger refuses that too.
  await expect(sql`DELETE FROM payment_attempts WHERE id = 8`.execute(db)).rejects.toThrow(/append-only/);

  // The references still bite, to the rebuilt tables too.
  await expect(
    sql`INSERT INTO payment_events (payment_attempt_id, kind, outcome, payload) VALUES (999, 'success', 'ignored', '{}')`.execute(db),
  ).rejects.toThrow(/FOREIGN KEY/);
  await expect(
    sql`INSERT INTO payment_attempts (enrolment_id, control_number, amount_centavos, status, provider, mode, vi_hex, salt_hex, passphrase) VALUES (999, 'X1', 1, 'pending', 'simulator', 'AUT', 'a', 'b', 'c')`.execute(
      db,
    ),
  ).rejects.toThrow(/FOREIGN KEY/);

  // A payment is for exactly one thing.
  await sql`INSERT INTO donations (id, control_number, amount_centavos, donor_name, donor_email) VALUES (1, 'HIMFGCURSOSDON0123456789', 50000, 'Luis', 'luis@example.org')`.execute(
    db,
  );
  const insertAttempt = (purpose: string, enrolment: number | null, donation: number | null, control: string) =>
    sql`INSERT INTO payment_attempts (purpose, enrolment_id, donation_id, control_number, amount_centavos, status, provider, mode, vi_hex, salt_hex, passphrase)
      VALUES (${purpose}, ${enrolment}, ${donation}, ${control}, 50000, 'pending', 'simulator', 'AUT', 'a', 'b', 'c')`.execute(db);
  await expect(insertAttempt("donativo", 5, 1, "B1")).rejects.toThrow(/CHECK/);
  await expect(insertAttempt("donativo", null, null, "B2")).rejects.toThrow(/CHECK/);
  await expect(insertAttempt("inscripcion", null, 1, "B3")).rejects.toThrow(/CHECK/);
  await expect(insertAttempt("regalo", null, 1, "B4")).rejects.toThrow(/CHECK/);
  await insertAttempt("donativo", null, 1, "HIMFGCURSOSDON0123456789");
  // ...and a donation has one card attempt.
  await expect(insertAttempt("donativo", null, 1, "B5")).rejects.toThrow(/UNIQUE/);
  // An invoice request belongs to exactly one owner.
  await expect(
    sql`INSERT INTO invoice_requests (enrolment_id, donation_id, rfc, legal_name, tax_regime, postcode, cfdi_use, constancia_file_id) VALUES (5, 1, 'GOMJ800101AB1', 'J', '612', '06720', 'D10', 'f1')`.execute(
      db,
    ),
  ).rejects.toThrow(/CHECK/);
  await expect(
    sql`INSERT INTO invoice_requests (rfc, legal_name, tax_regime, postcode, cfdi_use, constancia_file_id) VALUES ('GOMJ800101AB1', 'J', '612', '06720', 'D10', 'f1')`.execute(
      db,
    ),
  ).rejects.toThrow(/CHECK/);
  // Donation limits live in the database too.
  for (const amount of [999, 10000001, 0, -1]) {
    await expect(
      sql`INSERT INTO donations (control_number, amount_centavos, donor_name, donor_email) VALUES (${`HIMFGCURSOSDON${amount < 0 ? "N" : amount}`}, ${amount}, 'Luis', 'luis@example.org')`.execute(
        db,
      ),
    ).rejects.toThrow(/CHECK/);
  }
  await expect(sql`UPDATE donations SET status = 'aprobada' WHERE id = 1`.execute(db)).rejects.toThrow(/CHECK/);
});
