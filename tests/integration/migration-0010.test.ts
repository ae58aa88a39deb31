import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "~/db.server";
import { migrations } from "../../migrations/index";

// Migration 0010 rebuilds three tables that other tables reference: an existing 0009 database must
// keep every row, every foreign key and the append-only triggers.
const file = path.join(os.tmpdir(), `himfg-0010-${crypto.randomUUID()}.db`);
const db = openDatabase(file);
afterAll(async () => {
  await db.destroy();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

test("0009 data survives 0010: rows, foreign keys, triggers, and the new constraints hold", async () => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0009-enrolments-payments")).error).toBeUndefined();
  await sql`INSERT INTO participants (id, name, grade, institution, email, password_hash, age, graduated, nationality, state, phone, role)
    VALUES (450001, 'Ana', 'Médico', 'HIMFG', 'ana@example.org', 'scrypt$x', 30, 'SÍ', 'Mexicana', 'CDMX', '5512345678', 'EXTERNO')`.execute(db);
  await sql`INSERT INTO courses (course_id, course_name, course_start_date, course_finish_date, course_price, course_student_price, course_employee_price, course_able, course_max_range, modality_id, month_id, venue)
    VALUES (9001, 'Curso', '2027-01-01', '2027-01-02', 100000, 0, 0, 1, 10, 3, 0, 'Auditorio')`.execute(db);
  await sql`INSERT INTO enrolments (id, participant_id, course_id, modality, status, amount_centavos, confirmed_at, verification_token)
    VALUES (5, 450001, 9001, 'en_linea', 'confirmada', 100000, '2026-01-01T00:00:00.000Z', 'abcdefghijklmnopqrstuv')`.execute(db);
  await sql`INSERT INTO payment_attempts (id, enrolment_id, control_number, amount_centavos, status, codigo_aut, referencia, provider, mode, settled_at)
    VALUES (7, 5, 'HIMFGCURSOS9001ABCDEFGHIJ', 100000, 'approved', '123456', '123456789012', 'simulator', 'AUT', '2026-01-01T00:00:00.000Z')`.execute(
    db,
  );
  await sql`INSERT INTO payment_events (payment_attempt_id, control_number, kind, outcome, reason, payload) VALUES (7, 'HIMFGCURSOS9001ABCDEFGHIJ', 'success', 'applied', 'approved', '{}')`.execute(
    db,
  );

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  const attempt = await db.selectFrom("payment_attempts").selectAll().where("id", "=", 7).executeTakeFirstOrThrow();
  // Approvals settled before 0010 rested on the relay alone: they wait for the report.
  expect(attempt).toMatchObject({ status: "approved", verification: "por_conciliar", codigo_aut: "123456", enrolment_id: 5 });
  expect(await db.selectFrom("enrolments").select(["status", "reference"]).where("id", "=", 5).executeTakeFirstOrThrow()).toEqual({
    status: "confirmada",
    reference: "HIMFGCURSOS90010000000005",
  });
  expect((await sql`PRAGMA foreign_key_check`.execute(db)).rows).toEqual([]);
  expect((await sql<{ foreign_keys: number }>`PRAGMA foreign_keys`.execute(db)).rows[0]!.foreign_keys).toBe(1);
  await expect(sql`DELETE FROM payment_events`.execute(db)).rejects.toThrow(/append-only/);
  await expect(sql`UPDATE payment_events SET reason = 'x'`.execute(db)).rejects.toThrow(/append-only/);
  // The new constraints: a suspension needs its reason; an approval needs its verification state.
  await expect(sql`UPDATE enrolments SET status = 'suspendida' WHERE id = 5`.execute(db)).rejects.toThrow(/CHECK/);
  await expect(sql`UPDATE payment_attempts SET verification = NULL WHERE id = 7`.execute(db)).rejects.toThrow(/CHECK/);
  await expect(sql`UPDATE payment_attempts SET verification = 'quizas' WHERE id = 7`.execute(db)).rejects.toThrow(/CHECK/);
  // Foreign keys still bite: an attempt for a missing enrolment is refused.
  await expect(
    sql`INSERT INTO payment_attempts (enrolment_id, control_number, amount_centavos, status, provider, mode, vi_hex, salt_hex, passphrase) VALUES (999, 'X1', 1, 'pending', 'simulator', 'AUT', 'a', 'b', 'c')`.execute(
      db,
    ),
  ).rejects.toThrow(/FOREIGN KEY/);
});
