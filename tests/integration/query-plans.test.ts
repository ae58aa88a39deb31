import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { migrateToLatest, openDatabase } from "~/db.server";
import { growDatabase } from "../../bench/grow-database";
import { findSubjects, HOT_JOBS, HOT_QUERIES, planHotQueries, capturingDatabase, type PlannedQuery, type Subjects } from "../../bench/hot-queries";

/**
 * The hot queries (the staff lists, the dashboard, /profile; bench/hot-queries.ts) never read a
 * whole big table (issue 22, decision 0035). Each query function runs against a grown database
 * and EXPLAIN QUERY PLAN is read for every statement it ran, as Kysely compiled it: a step that
 * SCANs a table without an index, or builds an AUTOMATIC index on one (a scan at every call), fails.
 */

/**
 * Tables that stay small whatever the use: a handful of staff, and the records the editors write one
 * by one and list whole (about a hundred department pages, a few research units, profile pages,
 * menu links and document collections: the grown database keeps the seed's). Every other table
 * counts as big.
 */
const SMALL_TABLES = new Set([
  "staff_members",
  "site_settings",
  "content_version",
  "department_pages",
  "research_units",
  "profile_pages",
  "menu_links",
  "document_collections",
]);

/**
 * Partial indexes of a queue: the rows still waiting (invoices not yet issued, card payments
 * pending), which stay few whatever the table's size, so a walk of the whole index is cheap.
 */
const QUEUE_INDEXES = new Set(["invoice_requests_pending", "payment_attempts_pending"]);

const SQL_WORDS = new Set(["where", "join", "left", "inner", "cross", "on", "group", "order", "limit", "union", "as", "using", "natural", "select"]);

/** alias → table, from the statement's FROM, JOIN and UPDATE clauses (Kysely's `"t" as "a"` and raw `t a`). */
function aliasesOf(statement: string): Map<string, Set<string>> {
  const aliases = new Map<string, Set<string>>();
  const add = (alias: string, table: string) => aliases.set(alias, new Set([...(aliases.get(alias) ?? []), table]));
  for (const match of statement.matchAll(/\b(?:from|join|update)\s+"?([a-z_]+)"?(?:\s+(?:as\s+)?"?([a-z_]+)"?)?/gi)) {
    const table = match[1]!.toLowerCase();
    if (SQL_WORDS.has(table)) continue;
    add(table, table);
    const alias = match[2]?.toLowerCase();
    if (alias && !SQL_WORDS.has(alias)) add(alias, table);
  }
  return aliases;
}

/** The steps of a plan that read a whole big table, or index one at every call. */
function fullScans(query: PlannedQuery, tables: ReadonlySet<string>): string[] {
  const aliases = aliasesOf(query.sql);
  const big = (name: string) => [...(aliases.get(name) ?? [])].some((table) => tables.has(table) && !SMALL_TABLES.has(table));
  return query.plan.filter((step) => {
    const scan = /^SCAN (\w+)(.*)$/.exec(step);
    if (scan && big(scan[1]!) && !/USING (COVERING )?INDEX|USING INTEGER PRIMARY KEY|VIRTUAL TABLE/.test(scan[2]!)) return true;
    // A walk of a whole (non-covering) index only for its partial WHERE (a count, a sum, a group)
    // reads every row it holds and each row's table entry: a full scan by another name. A list read
    // in the index's order (ORDER BY, paged by LIMIT) is left to the checks above; a queue's index
    // holds only the work still to do.
    const walked = scan && /^ USING INDEX (\w+)/.exec(scan[2]!);
    if (walked && big(scan[1]!) && !QUEUE_INDEXES.has(walked[1]!) && !/\b(limit|order by)\b/i.test(query.sql)) return true;
    const automatic = /^(?:SEARCH|SCAN) (\w+) USING AUTOMATIC/.exec(step);
    return Boolean(automatic && big(automatic[1]!));
  });
}

/**
 * A bounded count (`… LIMIT 1001) AS counted`, app/utils/keyset-paging.server.ts) may walk a
 * table for a filter that most rows meet (a profile, approved documents): it stops at the 1,001st
 * match, so it never reads more than that many matching rows.
 */
const isBoundedCount = (query: PlannedQuery) => /\) as "counted"/.test(query.sql);

const file = process.env.DATABASE_PATH!;
let sqlite: Database.Database;
let subjects: Subjects;
let tables: Set<string>;
let planned: PlannedQuery[];
let errors: Map<string, string>;

beforeAll(async () => {
  sqlite = new Database(file);
  growDatabase(sqlite, { factor: 1 });
  subjects = await findSubjects(capturingDatabase(sqlite).db, new Date("2026-11-15T18:00:00.000Z"));
  tables = new Set((sqlite.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name));
  ({ planned, errors } = await planHotQueries(sqlite, subjects, [...HOT_QUERIES, ...HOT_JOBS]));
}, 60_000);

afterAll(() => sqlite.close());

describe("the hot queries' plans", () => {
  test.each([...HOT_QUERIES, ...HOT_JOBS].map((query) => [query.name]))("%s reads no big table whole", (name) => {
    expect(errors.get(name)).toBeUndefined();
    const statements = planned.filter((query) => query.name === name);
    expect(statements.length).toBeGreaterThan(0);
    const offences = statements
      .filter((query) => !isBoundedCount(query))
      .flatMap((query) => fullScans(query, tables).map((step) => `${step}  ←  ${query.sql}`));
    expect(offences).toEqual([]);
  });

  // The off-line source's lines share a day and a time (sort_at is paid_on at noon): ordered any
  // other way than its index, SQLite sorted every payment of the day at hand for each page and each
  // export batch (issue 22).
  test.each(["ledger: this month", "ledger: a year, refunded, page 3", "export: ledger (a year), batches"])(
    "%s reads the off-line payments in their index's order, without sorting them",
    (name) => {
      const statements = planned.filter((query) => query.name === name && query.plan.some((step) => step.includes("offline_payments_paid_on")));
      expect(statements.length).toBeGreaterThan(0);
      for (const { plan } of statements) {
        const from = plan.findIndex((step) => step.includes("offline_payments_paid_on"));
        const to = plan.findIndex((step, index) => index > from && /^(SCAN \(subquery|UNION ALL|COMPOUND)/.test(step));
        expect(plan.slice(from, to < 0 ? undefined : to).filter((step) => step.includes("TEMP B-TREE"))).toEqual([]);
      }
    },
  );

  test("the check itself catches a scan of a big table, and an automatic index", () => {
    const scan = { name: "x", sql: 'select count(*) from "enrolments" as "e" where e.participant_id = ?', plan: ["SCAN e"] };
    expect(fullScans(scan, tables)).toEqual(["SCAN e"]);
    const automatic = {
      name: "x",
      sql: "SELECT 1 FROM participants p JOIN enrolments e ON e.participant_id = p.id",
      plan: ["SCAN p USING COVERING INDEX participants_created", "SEARCH e USING AUTOMATIC COVERING INDEX (participant_id=?)"],
    };
    expect(fullScans(automatic, tables)).toEqual(["SEARCH e USING AUTOMATIC COVERING INDEX (participant_id=?)"]);
    const walk = {
      name: "x",
      sql: 'select kind from "constancias" where "revoked_at" is null',
      plan: ["SCAN constancias USING INDEX constancias_standing"],
    };
    expect(fullScans(walk, tables)).toEqual(["SCAN constancias USING INDEX constancias_standing"]);
    const queue = {
      name: "x",
      sql: 'select count(*) from "invoice_requests" where "cfdi_folio" is null',
      plan: ["SCAN invoice_requests USING INDEX invoice_requests_pending"],
    };
    expect(fullScans(queue, tables)).toEqual([]);
    const sweep = { name: "x", sql: 'update "enrolments" set "seat_held_until" = ? where "seat_held_until" <= ?', plan: ["SCAN enrolments"] };
    expect(fullScans(sweep, tables)).toEqual(["SCAN enrolments"]);
    const small = { name: "x", sql: 'select * from "staff_members"', plan: ["SCAN staff_members"] };
    expect(fullScans(small, tables)).toEqual([]);
  });
});

describe("the database grower", () => {
  const files: string[] = [];
  afterAll(() => {
    for (const grown of files) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(grown + suffix, { force: true });
  });

  async function grownDigest(): Promise<string> {
    const grown = path.join(os.tmpdir(), `himfg-grow-${process.pid}-${crypto.randomUUID()}.db`);
    files.push(grown);
    const database = openDatabase(grown);
    await migrateToLatest(database);
    await database.destroy();
    const handle = new Database(grown);
    try {
      return growDatabase(handle, { factor: 0.2 }).digest;
    } finally {
      handle.close();
    }
  }

  test("writes the same rows every run", async () => {
    expect(await grownDigest()).toBe(await grownDigest());
  });

  test("grows to the asked size, with common surnames shared", () => {
    const count = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(count("participants")).toBe(500);
    expect(count("enrolments")).toBe(1_000);
    expect(count("courses")).toBe(20);
    expect(count("content_pages")).toBe(50);
    expect(count("audit_log")).toBe(2_000);
    const hernandez = (sqlite.prepare("SELECT count(*) AS n FROM participants WHERE name LIKE '%Hernández%'").get() as { n: number }).n;
    expect(hernandez).toBeGreaterThan(30);
  });
});
