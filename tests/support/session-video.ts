import Database from "better-sqlite3";

/**
 * Sets the clinical session's video setting the way a script would: from this (the test's)
 * process, into the SQLite file the e2e server shares (playwright.config.ts sets DATABASE_PATH).
 * The server's page cache notices a write from another process within VERSION_RECHECK_MS (100 ms,
 * decision 0041), so that time is waited out before the caller visits a page.
 */
export async function setSessionVideo(url: string): Promise<void> {
  const sqlite = new Database(process.env.DATABASE_PATH!);
  try {
    sqlite
      .prepare("INSERT INTO site_settings (key, value) VALUES ('sessionVideoEmbedUrl', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
      .run(JSON.stringify(url));
  } finally {
    sqlite.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 150));
}
