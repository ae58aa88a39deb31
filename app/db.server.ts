import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type Generated, type Selectable } from "kysely";
import { migrations } from "../migrations/index";
import { databasePath } from "./config.server";
import { singleton } from "./utils/singleton.server";

/** The typed schema of the SQLite file. One interface per table. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface StoredFilesTable {
  id: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  data: Buffer;
  created_at: Generated<string>;
}

export type DirectionLevel = "direccion" | "subdireccion" | "departamento" | "servicio" | "unidad";

export interface DirectionNodesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  href: string;
  slug: string | null;
  level: DirectionLevel;
  head_name: string | null;
  position: Generated<number>;
}

export interface BannersTable {
  id: Generated<number>;
  title: string;
  alt_text: string;
  link_url: string | null;
  image_file_id: string;
  position: Generated<number>;
  is_active: Generated<0 | 1>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SessionsTable {
  id: string;
  data: string;
  expires_at: string;
  created_at: Generated<string>;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<string>;
}

export interface SeedLogTable {
  name: string;
  applied_at: Generated<string>;
}

export interface DB {
  site_settings: SiteSettingsTable;
  stored_files: StoredFilesTable;
  direction_nodes: DirectionNodesTable;
  banners: BannersTable;
  sessions: SessionsTable;
  app_secrets: AppSecretsTable;
  seed_log: SeedLogTable;
}

export type DirectionNode = Selectable<DirectionNodesTable>;
export type Banner = Selectable<BannersTable>;

/** Opens (creating if needed) one SQLite file with WAL and foreign keys on. */
export function openDatabase(filePath: string): Kysely<DB> {
  if (filePath !== ":memory:") fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const sqlite = new Database(filePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Applies every pending migration; throws if one fails. Returns the names applied now. */
export async function migrateToLatest(database: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The database of this process, at DATABASE_PATH (default ./data/himfg.db). */
export const db: Kysely<DB> = singleton(`db:${databasePath()}`, () => openDatabase(databasePath()));
