/**
 * The Bitácora at 100× the demo's data (issue 22), measured: grows a fresh, migrated database to
 * 200,000 audit rows (tests/support/audit-log-growth.ts, deterministic) and times the page
 * (`readAuditPage`: the ids, the rows, the records' names, the sentences) and the filter choices
 * for each kind of filter, first and deep pages, as the median of several runs. For comparison it
 * also times what the page did before (a count of the whole log, two DISTINCT scans, OFFSET).
 * Not a test (no timing assertions anywhere); run it on a quiet machine:
 *
 *   node --import tsx tests/support/measure-audit-log.ts [rows]
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";

const rows = Number(process.argv[2] ?? 200_000);
const file = path.join(os.tmpdir(), `himfg-audit-scale-${process.pid}.db`);
process.env.DATABASE_PATH = file;
process.env.SESSION_SECRET ??= "measure-secret-measure-secret-0123456789";

const { db, migrateToLatest } = await import("../../app/db.server");
const { growAuditLog } = await import("./audit-log-growth");
const { auditFilterOptions, readAuditPage } = await import("../../app/staff/audit-log.server");

async function median(run: () => Promise<unknown>, times = 15): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let index = 0; index < times; index += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

try {
  await migrateToLatest(db);
  const grown = performance.now();
  const staff = await growAuditLog(db, { count: rows });
  console.log(
    `${rows.toLocaleString("en")} audit rows in ${((performance.now() - grown) / 1000).toFixed(1)} s; file ${(fs.statSync(file).size / 1e6).toFixed(0)} MB`,
  );
  const ana = staff.get("Ana Pérez")!;
  const middle = await db
    .selectFrom("audit_log")
    .select(["id", "created_at"])
    .orderBy("id")
    .offset(Math.floor(rows / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep = { direction: "older" as const, createdAt: middle.created_at, id: middle.id };
  const cases: [string, Parameters<typeof readAuditPage>[1]][] = [
    ["no filter", {}],
    ["person", { actor: ana }],
    ["record type", { entity: "course" }],
    ["action", { action: "page.restore" }],
    ["date range (a month)", { from: "2025-01-01", to: "2025-01-31" }],
    ["person + record type (none match)", { actor: ana, entity: "course" }],
    ["person + type + action + a year", { actor: ana, entity: "content_page", action: "page.restore", from: "2025-01-01", to: "2025-12-31" }],
  ];
  console.log("\npage (25 entries, in words)               first page   deep page");
  for (const [name, filters] of cases) {
    const first = await median(() => readAuditPage(db, filters, null));
    const far = await median(() => readAuditPage(db, filters, deep));
    console.log(`${name.padEnd(40)} ${first.toFixed(1).padStart(8)} ms ${far.toFixed(1).padStart(8)} ms`);
  }
  console.log(`filter choices (registry + staff_members) ${(await median(() => auditFilterOptions(db))).toFixed(1).padStart(8)} ms`);

  // What each page cost before issue 22: a count of the whole log, two DISTINCT scans, OFFSET paging.
  const before = async (page: number) => {
    await sql`SELECT count(*) FROM audit_log LEFT JOIN staff_members ON staff_members.id = audit_log.actor_staff_id`.execute(db);
    await sql`SELECT DISTINCT entity FROM audit_log ORDER BY entity`.execute(db);
    await sql`SELECT DISTINCT action FROM audit_log ORDER BY action`.execute(db);
    await sql`SELECT audit_log.*, staff_members.name FROM audit_log LEFT JOIN staff_members ON staff_members.id = audit_log.actor_staff_id
              ORDER BY audit_log.id DESC LIMIT 50 OFFSET ${(page - 1) * 50}`.execute(db);
  };
  console.log(`\nbefore (count + 2 DISTINCT + OFFSET), page 1      ${(await median(() => before(1), 5)).toFixed(1).padStart(8)} ms`);
  console.log(
    `before, page ${Math.floor(rows / 100)} (the middle of the log)     ${(await median(() => before(Math.floor(rows / 100)), 5)).toFixed(1).padStart(8)} ms`,
  );
  console.log(
    `\nload average: ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")} on ${os.cpus().length} cores`,
  );
} finally {
  await db.destroy();
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
}
