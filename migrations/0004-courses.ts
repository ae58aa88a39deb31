import { sql, type Kysely } from "kysely";

// Courses: the continuing-education catalogue. Field names follow the seed specification
// (course_*, modality_id, month_id). Dates are plain calendar dates ('YYYY-MM-DD', no time zone,
// so a date can never shift a day); prices are integer centavos per profile (0 means free);
// images and programme PDFs are stored files. course_password, online_access_url and
// course_content are for enrolled participants only and never reach a public page.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE courses (
      course_id INTEGER PRIMARY KEY CHECK (course_id > 0),
      course_name TEXT NOT NULL CHECK (length(course_name) BETWEEN 1 AND 200),
      course_summary TEXT NOT NULL DEFAULT '' CHECK (length(course_summary) <= 600),
      course_start_date TEXT NOT NULL CHECK (date(course_start_date) IS course_start_date),
      course_finish_date TEXT NOT NULL CHECK (date(course_finish_date) IS course_finish_date),
      course_price INTEGER NOT NULL CHECK (course_price >= 0),
      course_student_price INTEGER NOT NULL CHECK (course_student_price >= 0),
      course_employee_price INTEGER NOT NULL CHECK (course_employee_price >= 0),
      course_image_file_id TEXT REFERENCES stored_files (id),
      course_pdf_file_id TEXT REFERENCES stored_files (id),
      course_url TEXT UNIQUE CHECK (
        course_url IS NULL
        OR (length(course_url) BETWEEN 1 AND 120 AND course_url GLOB '[a-z0-9]*' AND course_url NOT GLOB '*[^a-z0-9-]*')
      ),
      course_password TEXT,
      course_able INTEGER NOT NULL DEFAULT 0 CHECK (course_able IN (0, 1)),
      course_max_range INTEGER NOT NULL DEFAULT 0 CHECK (course_max_range >= 0),
      modality_id INTEGER NOT NULL CHECK (modality_id IN (1, 2, 3)),
      month_id INTEGER NOT NULL CHECK (month_id BETWEEN 0 AND 11),
      capacity_wording TEXT NOT NULL DEFAULT 'personas' CHECK (capacity_wording IN ('plazas', 'personas')),
      venue TEXT,
      online_access_url TEXT CHECK (online_access_url IS NULL OR online_access_url GLOB 'https://*'),
      -- JSON for enrolled participants: { sessions: [{ title, date, url }], videoUrl, materials: [{ title, url }] }.
      course_content TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(course_content)),
      created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
      CHECK (course_finish_date >= course_start_date),
      -- An in-person course needs somewhere to happen.
      CHECK (modality_id = 2 OR venue IS NOT NULL)
    ) STRICT`.execute(db);
  await sql`CREATE INDEX courses_month ON courses (month_id, course_start_date)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE courses`.execute(db);
}
