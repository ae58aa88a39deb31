/**
 * Compares the hand-written `DB` interface (app/db.server.ts) with a migrated SQLite database, so
 * a migration and its types cannot drift apart (decision 0019). TypeScript interfaces do not exist
 * at runtime, so the expected columns are read from the source with the TypeScript compiler's type
 * checker (which resolves aliases such as `FileVisibility` and unwraps `Generated<…>`), and the
 * real ones from `PRAGMA table_list` / `PRAGMA table_info`.
 */
import path from "node:path";
import { sql, type Kysely } from "kysely";
import ts from "typescript";

/** What TypeScript says a column holds when selected. */
export type TsKind = "string" | "number" | "bigint" | "blob" | "unknown";

export interface TsColumn {
  /** The kinds of the non-null members of the select type (`"a" | "b"` → string). */
  kinds: TsKind[];
  nullable: boolean;
  /** `Generated<…>` (or a ColumnType whose insert type allows undefined): inserts may leave it out. */
  optionalOnInsert: boolean;
  /** The select type as TypeScript prints it, for messages. */
  text: string;
}

export interface DbColumn {
  /** The declared type as written in the migration (STRICT tables: INTEGER, TEXT, REAL, BLOB, ANY). */
  declaredType: string;
  notNull: boolean;
  hasDefault: boolean;
  primaryKey: boolean;
}

export type TsSchema = Record<string, Record<string, TsColumn>>;
export type DbSchema = Record<string, Record<string, DbColumn>>;

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Reads the tables and columns of `interfaceName` in `file` (default: `DB` in app/db.server.ts). */
export function readDbInterface(file = path.join(ROOT, "app/db.server.ts"), interfaceName = "DB"): TsSchema {
  const configPath = path.join(ROOT, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (p) => ts.sys.readFile(p));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const program = ts.createProgram([file], { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`Cannot read ${file}`);
  const declaration = source.statements.find((s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === interfaceName);
  if (!declaration) throw new Error(`No interface ${interfaceName} in ${file}`);

  const schema: TsSchema = {};
  const dbType = checker.getTypeAtLocation(declaration);
  for (const table of dbType.getProperties()) {
    const tableType = checker.getTypeOfSymbolAtLocation(table, declaration);
    const columns: Record<string, TsColumn> = {};
    for (const column of tableType.getProperties()) {
      columns[column.name] = describeColumn(checker, checker.getTypeOfSymbolAtLocation(column, declaration), declaration);
    }
    schema[table.name] = columns;
  }
  return schema;
}

function describeColumn(checker: ts.TypeChecker, type: ts.Type, at: ts.Node): TsColumn {
  // Kysely's Generated<T> and ColumnType<S, I, U> are an object with __select__/__insert__ members.
  const select = type.getProperty("__select__");
  const insert = type.getProperty("__insert__");
  const selectType = select ? checker.getTypeOfSymbolAtLocation(select, at) : type;
  const insertType = insert ? checker.getTypeOfSymbolAtLocation(insert, at) : type;
  const members = selectType.isUnion() ? selectType.types : [selectType];
  const kinds = new Set<TsKind>();
  let nullable = false;
  for (const member of members) {
    if (member.flags & ts.TypeFlags.Null) nullable = true;
    else if (member.flags & ts.TypeFlags.Undefined) continue;
    else kinds.add(kindOf(member));
  }
  const insertMembers = insertType.isUnion() ? insertType.types : [insertType];
  return {
    kinds: [...kinds].sort(),
    nullable,
    optionalOnInsert: insertMembers.some((m) => (m.flags & ts.TypeFlags.Undefined) !== 0),
    text: checker.typeToString(selectType),
  };
}

function kindOf(type: ts.Type): TsKind {
  if (type.flags & ts.TypeFlags.StringLike) return "string";
  if (type.flags & ts.TypeFlags.NumberLike) return "number";
  if (type.flags & ts.TypeFlags.BigIntLike) return "bigint";
  const name = type.getSymbol()?.getName();
  if (name === "Buffer" || name === "Uint8Array") return "blob";
  return "unknown";
}

/** Reads every ordinary table of a database (not SQLite's, Kysely's migration bookkeeping or FTS shadow tables). */
export async function readDatabaseSchema<T>(database: Kysely<T>): Promise<{ tables: DbSchema; virtualTables: string[] }> {
  const list = await sql<{ name: string; type: string; schema: string }>`PRAGMA table_list`.execute(database);
  const tables: DbSchema = {};
  const virtualTables: string[] = [];
  for (const { name, type, schema } of list.rows) {
    if (schema !== "main" || name.startsWith("sqlite_") || name.startsWith("kysely_migration")) continue;
    if (type === "shadow") continue;
    if (type === "virtual") {
      virtualTables.push(name);
      continue;
    }
    if (type !== "table") continue;
    const info = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      SELECT name, type, "notnull", dflt_value, pk FROM pragma_table_info(${name})`.execute(database);
    tables[name] = Object.fromEntries(
      info.rows.map((c) => [c.name, { declaredType: c.type, notNull: c.notnull === 1, hasDefault: c.dflt_value !== null, primaryKey: c.pk > 0 }]),
    );
  }
  return { tables, virtualTables: virtualTables.sort() };
}

/** SQLite's type affinity of a declared type (https://sqlite.org/datatype3.html#determination_of_column_affinity). */
function affinity(declared: string): "INTEGER" | "TEXT" | "BLOB" | "REAL" | "NUMERIC" | "ANY" {
  const t = declared.toUpperCase();
  if (t === "ANY") return "ANY";
  if (t.includes("INT")) return "INTEGER";
  if (t.includes("CHAR") || t.includes("CLOB") || t.includes("TEXT")) return "TEXT";
  if (t === "" || t.includes("BLOB")) return "BLOB";
  if (t.includes("REAL") || t.includes("FLOA") || t.includes("DOUB")) return "REAL";
  return "NUMERIC";
}

const KINDS_FOR_AFFINITY: Record<ReturnType<typeof affinity>, TsKind[]> = {
  INTEGER: ["number", "bigint"],
  REAL: ["number"],
  NUMERIC: ["number", "bigint"],
  TEXT: ["string"],
  BLOB: ["blob"],
  ANY: ["string", "number", "bigint", "blob", "unknown"],
};

/**
 * Every difference, one sentence each (empty when they agree). Tables, columns, the select type
 * against the column's affinity, nullability both ways, and `Generated<>` on a column that the
 * database requires on insert. A NOT NULL column with a default typed without `Generated` is
 * allowed (the code then always supplies it). Virtual tables are listed apart by
 * `readDatabaseSchema`: their columns are untyped, and the test names the ones kept out of `DB`.
 */
export function compareSchemas(database: DbSchema, types: TsSchema): string[] {
  const issues: string[] = [];
  for (const table of Object.keys(database).sort()) {
    if (!types[table]) issues.push(`table ${table}: in the database, not in the DB interface`);
  }
  for (const table of Object.keys(types).sort()) {
    const dbColumns = database[table];
    const tsColumns = types[table]!;
    if (!dbColumns) {
      issues.push(`table ${table}: in the DB interface, not in the database`);
      continue;
    }
    for (const column of Object.keys(dbColumns)) {
      if (!tsColumns[column]) issues.push(`${table}.${column}: in the database, not in the DB interface`);
    }
    for (const [column, ts] of Object.entries(tsColumns)) {
      const real = dbColumns[column];
      const where = `${table}.${column}`;
      if (!real) {
        issues.push(`${where}: in the DB interface, not in the database`);
        continue;
      }
      const aff = affinity(real.declaredType);
      const allowed = KINDS_FOR_AFFINITY[aff];
      const wrong = ts.kinds.filter((k) => !allowed.includes(k));
      if (wrong.length > 0 || ts.kinds.length === 0) {
        issues.push(`${where}: typed ${ts.text}, but the column is ${real.declaredType || "untyped"} (${allowed.join(" or ")})`);
      }
      // An INTEGER PRIMARY KEY is the rowid: never null, filled in when left out.
      const rowid = real.primaryKey && aff === "INTEGER";
      const dbNullable = !real.notNull && !real.primaryKey;
      if (dbNullable && !ts.nullable) issues.push(`${where}: the column allows NULL, the type lacks | null`);
      if (!dbNullable && ts.nullable) issues.push(`${where}: the column is NOT NULL, the type allows null`);
      const insertableWithout = real.hasDefault || dbNullable || rowid;
      if (ts.optionalOnInsert && !insertableWithout) {
        issues.push(`${where}: typed Generated (optional on insert), but the column has no default and is NOT NULL`);
      }
    }
  }
  return issues;
}
