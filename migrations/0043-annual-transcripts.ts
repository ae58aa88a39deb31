import { sql, type Kysely } from "kysely";

// Issue 26 "Yearly transcript" (decision 0054): the «Constancia anual de educación continua» of a
// participant for one year, frozen when first issued. entries is a JSON array of what each listed
// constancia states (folio, kind, course, dates, hours); total_hours their sum. When a constancia of
// that year is issued, revoked or reissued later, the next download stores a new row and the old
// one points to it (replaced_by_folio), as constancias do.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE TABLE annual_transcripts (
    id INTEGER PRIMARY KEY,
    folio TEXT NOT NULL UNIQUE,
    participant_id INTEGER NOT NULL REFERENCES participants(id),
    year INTEGER NOT NULL CHECK (year BETWEEN 1900 AND 2999),
    participant_name TEXT NOT NULL,
    entries TEXT NOT NULL,
    total_hours INTEGER NOT NULL CHECK (total_hours >= 0),
    issued_at TEXT NOT NULL,
    replaced_by_folio TEXT
  ) STRICT`.execute(db);
  await sql`CREATE UNIQUE INDEX annual_transcripts_standing ON annual_transcripts (participant_id, year) WHERE replaced_by_folio IS NULL`.execute(db);
}
