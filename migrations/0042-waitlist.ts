import { sql, type Kysely } from "kysely";

// Issue 26: the waitlist of a course's in-person seats (decision 0053).
//
// - waitlist_entries: one row per place in a line. A person has at most one live place per
//   course (en_espera or ofrecido: the partial unique index waitlist_one_place). An offer holds
//   one in-person seat until offer_expires_at (seat counting adds the live offers); its link's
//   token is stored only as a SHA-256 hash.
// - waitlist_courses: what staff set per course: the line closed to new places, and how long an
//   offer holds the seat (null: the default, 24 h).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE waitlist_entries (
      id INTEGER PRIMARY KEY,
      course_id INTEGER NOT NULL REFERENCES courses (course_id),
      participant_id INTEGER NOT NULL REFERENCES participants (id) ON DELETE CASCADE,
      position INTEGER NOT NULL CHECK (position >= 1),
      status TEXT NOT NULL CHECK (status IN ('en_espera', 'ofrecido', 'reclamado', 'vencido', 'retirado')),
      offer_token_hash TEXT UNIQUE CHECK (offer_token_hash IS NULL OR length(offer_token_hash) = 64),
      offered_at TEXT,
      offer_expires_at TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      CHECK (status <> 'ofrecido' OR (offer_token_hash IS NOT NULL AND offer_expires_at IS NOT NULL AND offered_at IS NOT NULL))
    ) STRICT`.execute(db);
  await sql`CREATE UNIQUE INDEX waitlist_one_place ON waitlist_entries (course_id, participant_id) WHERE status IN ('en_espera', 'ofrecido')`.execute(
    db,
  );
  await sql`CREATE INDEX waitlist_line ON waitlist_entries (course_id, status, position)`.execute(db);
  await sql`
    CREATE TABLE waitlist_courses (
      course_id INTEGER PRIMARY KEY REFERENCES courses (course_id),
      closed INTEGER NOT NULL DEFAULT 0 CHECK (closed IN (0, 1)),
      offer_hours INTEGER CHECK (offer_hours IS NULL OR offer_hours BETWEEN 1 AND 168)
    ) STRICT`.execute(db);
}
