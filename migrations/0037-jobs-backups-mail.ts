import { sql, type Kysely } from "kysely";

// Issues 23 and 24, decision 0043: the one job runner's record of each run, the backups it took,
// the delivery record of every message the site sends (the outbox the system page shows and
// retries from) and the problems already told to the administrators (one mail per problem).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE job_runs (
      id INTEGER PRIMARY KEY,
      job TEXT NOT NULL CHECK (length(job) BETWEEN 1 AND 60),
      started_at TEXT NOT NULL,
      finished_at TEXT,
      outcome TEXT NOT NULL DEFAULT 'en_curso' CHECK (outcome IN ('en_curso', 'ok', 'fallo')),
      error TEXT CHECK (error IS NULL OR length(error) <= 2000),
      -- What the run did, e.g. {"publicadas":1}: a JSON object of counts.
      counts TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(counts) AND json_type(counts) = 'object'),
      CHECK ((outcome = 'en_curso') = (finished_at IS NULL))
    ) STRICT`.execute(db);
  await sql`CREATE INDEX job_runs_job_started ON job_runs (job, started_at)`.execute(db);
  await sql`CREATE INDEX job_runs_started ON job_runs (started_at)`.execute(db);
  await sql`CREATE INDEX job_runs_failed ON job_runs (started_at) WHERE outcome = 'fallo'`.execute(db);

  await sql`
    CREATE TABLE backups (
      id INTEGER PRIMARY KEY,
      file_name TEXT NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255 AND instr(file_name, '/') = 0),
      directory TEXT NOT NULL,
      started_at TEXT NOT NULL,
      taken_at TEXT NOT NULL,
      size_bytes INTEGER NOT NULL CHECK (size_bytes >= 0),
      -- PRAGMA integrity_check of the copy: 'ok', or what it said (the file is then removed).
      integrity TEXT NOT NULL,
      ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
      origin TEXT NOT NULL CHECK (origin IN ('programado', 'manual', 'consola')),
      removed_at TEXT
    ) STRICT`.execute(db);
  await sql`CREATE INDEX backups_taken ON backups (taken_at)`.execute(db);

  await sql`
    CREATE TABLE mail_deliveries (
      id INTEGER PRIMARY KEY,
      recipients TEXT NOT NULL CHECK (json_valid(recipients) AND json_type(recipients) = 'array'),
      subject TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('en_espera', 'enviado', 'fallido')),
      attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      last_error TEXT CHECK (last_error IS NULL OR length(last_error) <= 2000),
      -- The whole message (text, HTML, attachments in base64) while it may still be sent; NULL once sent.
      message TEXT CHECK (message IS NULL OR json_valid(message)),
      created_at TEXT NOT NULL,
      sent_at TEXT,
      next_attempt_at TEXT,
      CHECK (status = 'enviado' OR message IS NOT NULL)
    ) STRICT`.execute(db);
  await sql`CREATE INDEX mail_deliveries_open ON mail_deliveries (status, next_attempt_at)`.execute(db);
  await sql`CREATE INDEX mail_deliveries_created ON mail_deliveries (created_at)`.execute(db);

  await sql`
    CREATE TABLE system_alerts (
      key TEXT PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 100),
      message TEXT NOT NULL,
      raised_at TEXT NOT NULL,
      notified_at TEXT
    ) STRICT`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE system_alerts`.execute(db);
  await sql`DROP TABLE mail_deliveries`.execute(db);
  await sql`DROP TABLE backups`.execute(db);
  await sql`DROP TABLE job_runs`.execute(db);
}
