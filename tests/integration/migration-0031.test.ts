import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator, sql } from "kysely";
import { afterAll, expect, test } from "vitest";
import { openDatabase } from "~/db.server";
import { migrations } from "../../migrations/index";

// Migration 0031 rebuilds participants so that graduated may be unknown (NULL: an API registration
// without it). A database made by 0001-0028 with participants, their documents, enrolments and
// reset tokens must keep every row and every reference, and the other constraints must hold.
const file = path.join(os.tmpdir(), `himfg-0031-${crypto.randomUUID()}.db`);
const db = openDatabase(file);
afterAll(async () => {
  await db.destroy();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
});

type Row = Record<string, unknown>;
const all = async (query: string) => (await sql.raw<Row>(query).execute(db)).rows;

test("0028 data survives 0031; graduated may now be NULL, and nothing else is relaxed", async () => {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0028-ledger-indexes")).error).toBeUndefined();

  await sql`INSERT INTO participants (id, name, grade, institution, email, password_hash, age, graduated, nationality, state, phone, role, created_at, updated_at)
    VALUES (450001, 'Ana', 'Médico', 'HIMFG', 'Ana@Example.org', 'scrypt$x', 30, 'SÍ', 'Mexicana', 'Puebla', '5512345678', 'EXTERNO', '2025-01-01T00:00:00.000Z', '2025-01-02T00:00:00.000Z'),
           (450002, 'Luis', 'ESTUDIANTE', 'UNAM', 'luis@example.org', 'scrypt$y', 21, 'NO', 'Mexicana', 'Jalisco', '3312345678', 'ESTUDIANTE', '2025-01-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z')`.execute(
    db,
  );
  await sql`INSERT INTO stored_files (id, file_name, content_type, byte_size, sha256, data, visibility) VALUES ('f1', 'cedula.pdf', 'application/pdf', 4, ${"a".repeat(64)}, X'25504446', 'private')`.execute(
    db,
  );
  await sql`INSERT INTO participant_documents (participant_id, kind, file_id) VALUES (450001, 'professional_license', 'f1')`.execute(db);
  await sql`INSERT INTO courses (course_id, course_name, course_start_date, course_finish_date, course_price, course_student_price, course_employee_price, course_able, course_max_range, modality_id, month_id, venue)
    VALUES (9001, 'Curso', '2027-01-01', '2027-01-02', 100000, 0, 0, 1, 10, 3, 0, 'Auditorio')`.execute(db);
  await sql`INSERT INTO enrolments (id, participant_id, course_id, modality, status, amount_centavos, verification_token)
    VALUES (5, 450002, 9001, 'en_linea', 'pendiente_de_pago', 0, 'abcdefghijklmnopqrstuv')`.execute(db);
  await sql`INSERT INTO password_reset_tokens (token_hash, participant_id, expires_at) VALUES (${"b".repeat(64)}, 450001, '2030-01-01T00:00:00.000Z')`.execute(
    db,
  );
  const before = await all("SELECT * FROM participants ORDER BY id");

  expect((await migrator.migrateTo("0031-graduated-unknown")).error).toBeUndefined();

  expect(await all("SELECT * FROM participants ORDER BY id")).toEqual(before);
  expect(await all("PRAGMA foreign_key_check")).toEqual([]);
  expect((await all("PRAGMA foreign_keys"))[0]).toEqual({ foreign_keys: 1 });
  expect(await all("SELECT participant_id, kind FROM participant_documents")).toEqual([{ participant_id: 450001, kind: "professional_license" }]);

  // Unknown is now allowed; any other value still is not.
  await sql`INSERT INTO participants (id, name, grade, institution, email, password_hash, age, graduated, nationality, state, phone, role)
    VALUES (450003, 'Eva', 'Médico', 'IMSS', 'eva@example.org', 'scrypt$z', 40, NULL, 'Mexicana', 'Ciudad de México', '5511111111', 'EXTERNO')`.execute(
    db,
  );
  await expect(sql`UPDATE participants SET graduated = 'TAL VEZ' WHERE id = 450003`.execute(db)).rejects.toThrow(/CHECK/);
  // The e-mail stays unique in any letter case; the id range and the student rule still hold.
  await expect(
    sql`INSERT INTO participants (id, name, grade, institution, email, password_hash, age, graduated, nationality, state, phone, role)
      VALUES (450004, 'Otra', 'Médico', 'IMSS', 'ANA@example.org', 'scrypt$z', 40, 'NO', 'Mexicana', 'Puebla', '5511111111', 'EXTERNO')`.execute(db),
  ).rejects.toThrow(/UNIQUE/);
  await expect(sql`UPDATE participants SET id = 100 WHERE id = 450003`.execute(db)).rejects.toThrow(/CHECK/);
  await expect(sql`UPDATE participants SET grade = 'Médico' WHERE id = 450002`.execute(db)).rejects.toThrow(/CHECK/);

  // The references still lead here: deleting a participant takes their documents, enrolments and tokens.
  await sql`DELETE FROM participants WHERE id IN (450001, 450002)`.execute(db);
  expect(await all("SELECT id FROM participant_documents")).toEqual([]);
  expect(await all("SELECT id FROM enrolments")).toEqual([]);
  expect(await all("SELECT token_hash FROM password_reset_tokens")).toEqual([]);
});
