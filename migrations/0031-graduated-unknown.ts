import { sql, type Kysely } from "kysely";
import { rebuildTables } from "./support/rebuild-tables";

// Issue 20: the old site's client can register a participant without saying whether they are a
// graduate (student_graduated). The answer is then unknown — NULL, never invented — and asked for
// at the participant's first sign-in. The web registration form keeps requiring it.
//
// SQLite cannot relax NOT NULL or change a CHECK in place, so participants is rebuilt with the
// 12-step procedure, as 0010 and 0019 did: foreign keys off (outside any transaction: dropping
// participants with them on would cascade to participant_documents, enrolments, tokens…), copy,
// drop, rename, foreign_key_check, foreign keys on. participants has no index of its own but the
// e-mail's UNIQUE (recreated with the table), no triggers and no views; the tables that reference
// it keep their references by name.
export async function up(db: Kysely<any>): Promise<void> {
  await rebuildTables(db, "0031", migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE participants_new (
      id INTEGER PRIMARY KEY CHECK (id BETWEEN 450000 AND 899999),
      name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 150),
      grade TEXT NOT NULL CHECK (length(grade) BETWEEN 1 AND 100),
      institution TEXT NOT NULL CHECK (length(institution) BETWEEN 1 AND 150),
      email TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (length(email) BETWEEN 3 AND 254 AND instr(email, '@') > 1),
      password_hash TEXT NOT NULL CHECK (password_hash GLOB 'scrypt$*'),
      age INTEGER NOT NULL CHECK (age BETWEEN 15 AND 100),
      -- NULL: not known yet (a registration through the API without it); asked at sign-in.
      graduated TEXT CHECK (graduated IS NULL OR graduated IN ('SÍ', 'NO')),
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
    INSERT INTO participants_new (id, name, grade, institution, email, password_hash, age, graduated, nationality, state, phone, role, created_at, updated_at)
    SELECT id, name, grade, institution, email, password_hash, age, graduated, nationality, state, phone, role, created_at, updated_at
    FROM participants`.execute(db);
  await sql`DROP TABLE participants`.execute(db);
  await sql`ALTER TABLE participants_new RENAME TO participants`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error("0031-graduated-unknown cannot be undone: restore a backup instead");
}
