import { sql, type Kysely } from "kysely";

/**
 * After enrolment (issue 25): the course's completion settings, attendance per course day, the
 * quality survey, the knowledge evaluation with its attempts, and the constancias with their folios.
 * One migration for the three parts so their tables agree from the start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // What a constancia states about the course, and what it takes to earn one (set by the Teaching office).
  await sql`CREATE TABLE course_completion (
    course_id INTEGER PRIMARY KEY REFERENCES courses(course_id),
    hours INTEGER NOT NULL DEFAULT 0 CHECK (hours BETWEEN 0 AND 2000),
    required_attendance_percent INTEGER NOT NULL DEFAULT 80 CHECK (required_attendance_percent BETWEEN 0 AND 100),
    signatories TEXT NOT NULL DEFAULT '[]',
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
  ) STRICT`.execute(db);

  // One row per enrolment and course day ('YYYY-MM-DD', Mexico City): checked in once.
  await sql`CREATE TABLE attendance_checkins (
    id INTEGER PRIMARY KEY,
    enrolment_id INTEGER NOT NULL REFERENCES enrolments(id),
    course_day TEXT NOT NULL CHECK (course_day GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
    checked_in_at TEXT NOT NULL,
    method TEXT NOT NULL CHECK (method IN ('qr','numero_de_control','nombre','en_linea','personal')),
    recorded_by TEXT,
    reason TEXT,
    removed_at TEXT,
    UNIQUE (enrolment_id, course_day)
  ) STRICT`.execute(db);
  await sql`CREATE INDEX attendance_checkins_day ON attendance_checkins (course_day, enrolment_id)`.execute(db);

  // The knowledge evaluation of a course (one per course), built by the Teaching office.
  await sql`CREATE TABLE course_evaluations (
    course_id INTEGER PRIMARY KEY REFERENCES courses(course_id),
    passing_grade INTEGER NOT NULL DEFAULT 80 CHECK (passing_grade BETWEEN 0 AND 100),
    attempts_allowed INTEGER NOT NULL DEFAULT 2 CHECK (attempts_allowed BETWEEN 1 AND 10),
    opens_at TEXT,
    closes_at TEXT,
    updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now'))
  ) STRICT`.execute(db);
  await sql`CREATE TABLE evaluation_questions (
    id INTEGER PRIMARY KEY,
    course_id INTEGER NOT NULL REFERENCES course_evaluations(course_id),
    position INTEGER NOT NULL,
    prompt TEXT NOT NULL
  ) STRICT`.execute(db);
  await sql`CREATE INDEX evaluation_questions_course ON evaluation_questions (course_id, position)`.execute(db);
  await sql`CREATE TABLE evaluation_options (
    id INTEGER PRIMARY KEY,
    question_id INTEGER NOT NULL REFERENCES evaluation_questions(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    label TEXT NOT NULL,
    is_correct INTEGER NOT NULL DEFAULT 0 CHECK (is_correct IN (0,1))
  ) STRICT`.execute(db);
  await sql`CREATE INDEX evaluation_options_question ON evaluation_options (question_id, position)`.execute(db);
  // Every attempt is kept; answers is a JSON object {questionId: optionId}; grade 0–100 set by the server.
  await sql`CREATE TABLE evaluation_attempts (
    id INTEGER PRIMARY KEY,
    enrolment_id INTEGER NOT NULL REFERENCES enrolments(id),
    attempt_number INTEGER NOT NULL,
    started_at TEXT NOT NULL,
    submitted_at TEXT,
    answers TEXT NOT NULL DEFAULT '{}',
    grade INTEGER CHECK (grade BETWEEN 0 AND 100),
    passed INTEGER CHECK (passed IN (0,1)),
    UNIQUE (enrolment_id, attempt_number)
  ) STRICT`.execute(db);

  // The quality survey (site-facts courseQualitySurvey), answered once per enrolment.
  // answers is a JSON object: closed questions "s<section>q<question>" → "E" | "B" | "D", open ones → text.
  await sql`CREATE TABLE survey_responses (
    enrolment_id INTEGER PRIMARY KEY REFERENCES enrolments(id),
    answers TEXT NOT NULL,
    submitted_at TEXT NOT NULL
  ) STRICT`.execute(db);

  // Constancias: what was issued is frozen in the row (the name as registered then, the course's
  // details), so a later edit of the course or a name correction never changes an issued one.
  await sql`CREATE TABLE constancias (
    id INTEGER PRIMARY KEY,
    folio TEXT NOT NULL UNIQUE,
    enrolment_id INTEGER NOT NULL REFERENCES enrolments(id),
    kind TEXT NOT NULL CHECK (kind IN ('asistencia','acreditacion')),
    participant_name TEXT NOT NULL,
    course_name TEXT NOT NULL,
    course_start_date TEXT NOT NULL,
    course_finish_date TEXT NOT NULL,
    hours INTEGER NOT NULL,
    grade INTEGER,
    signatories TEXT NOT NULL DEFAULT '[]',
    issued_at TEXT NOT NULL,
    issued_by TEXT NOT NULL,
    revoked_at TEXT,
    revocation_reason TEXT,
    replaced_by_folio TEXT
  ) STRICT`.execute(db);
  await sql`CREATE INDEX constancias_enrolment ON constancias (enrolment_id)`.execute(db);
  // At most one standing constancia per enrolment (a reissue replaces, a revocation ends it).
  await sql`CREATE UNIQUE INDEX constancias_standing ON constancias (enrolment_id) WHERE revoked_at IS NULL AND replaced_by_folio IS NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "constancias",
    "survey_responses",
    "evaluation_attempts",
    "evaluation_options",
    "evaluation_questions",
    "course_evaluations",
    "attendance_checkins",
    "course_completion",
  ]) {
    await sql.raw(`DROP TABLE ${table}`).execute(db);
  }
}
