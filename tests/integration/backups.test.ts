import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { describe, expect, inject, it } from "vitest";
import { applyRetention, backupFileName, backupsToKeep, restoreBackup, takeBackup } from "~/backups/backups.server";
import { db, sqliteConnection } from "~/db.server";

const scratch = () => fs.mkdtempSync(path.join(os.tmpdir(), "himfg-respaldo-prueba-"));

describe("retention", () => {
  it("keeps exactly the 8 newest, the newest of each of the 14 latest days and of each of the 12 latest months (Mexico City)", () => {
    // Four backups a day (00:00, 06:00, 12:00, 18:00 Mexico City = 06, 12, 18, 00 UTC) for 500 days.
    const start = Date.parse("2025-01-01T06:00:00Z");
    const all = Array.from({ length: 500 * 4 }, (_, index) => ({ takenAt: new Date(start + index * 6 * 3_600_000) }));
    const kept = [...backupsToKeep(all, { recent: 8, daily: 14, monthly: 12 })].map((backup) => backup.takenAt.toISOString()).sort();
    const last = all.at(-1)!.takenAt; // 2026-05-16T00:00Z = 15 May 18:00 in Mexico City
    expect(last.toISOString()).toBe("2026-05-16T00:00:00.000Z");
    const recent = all.slice(-8).map((backup) => backup.takenAt.toISOString());
    // Newest of each Mexico City day: the 18:00 one (00:00 UTC the next day), 15 May back to 2 May.
    const daily = Array.from({ length: 14 }, (_, day) => new Date(Date.parse("2026-05-16T00:00:00Z") - day * 86_400_000).toISOString());
    // Newest of each month: the last day's 18:00, May 2026 back to June 2025 (May's is the newest of all).
    const monthly = ["2026-05-16T00:00:00.000Z"];
    for (let month = 1; month < 12; month += 1) {
      const firstOfNext = new Date(Date.UTC(2026, 4 - month + 1, 1, 0, 0, 0)); // 00:00 UTC on the 1st = 18:00 the day before in Mexico City
      monthly.push(firstOfNext.toISOString());
    }
    expect(kept).toEqual([...new Set([...recent, ...daily, ...monthly])].sort());
    expect(kept).toHaveLength(new Set([...recent, ...daily, ...monthly]).size);
  });

  it("removes from the directory exactly the files the rule drops, and never a file that is not a backup", async () => {
    const directory = scratch();
    const times = [
      "2026-01-31T23:00:00Z",
      "2026-02-01T01:00:00Z",
      "2026-02-10T18:00:00Z",
      "2026-02-10T20:00:00Z",
      "2026-02-11T18:00:00Z",
      "2026-03-05T18:00:00Z",
    ];
    for (const at of times) fs.writeFileSync(path.join(directory, backupFileName(new Date(at))), "x");
    fs.writeFileSync(path.join(directory, "notas.txt"), "no es un respaldo");
    const removed = await applyRetention(directory, { recent: 1, daily: 2, monthly: 2 });
    // recent: 5 Mar; daily: 5 Mar and 11 Feb; monthly: March (5 Mar), February (11 Feb). The 31 Jan
    // 23:00 UTC one is 17:00 on 31 Jan in Mexico City, and 1 Feb 01:00 UTC is still 31 Jan there.
    expect(removed.sort()).toEqual(
      ["2026-01-31T23:00:00Z", "2026-02-01T01:00:00Z", "2026-02-10T18:00:00Z", "2026-02-10T20:00:00Z"]
        .map((at) => backupFileName(new Date(at)))
        .sort(),
    );
    expect(fs.readdirSync(directory).sort()).toEqual(
      [backupFileName(new Date("2026-02-11T18:00:00Z")), backupFileName(new Date("2026-03-05T18:00:00Z")), "notas.txt"].sort(),
    );
  });
});

/** A writer on its own connection (as another process would be), counting its commits in shared memory. */
function startOutsideWriter(file: string) {
  const shared = new Int32Array(new SharedArrayBuffer(8));
  const worker = new Worker(
    `
    const { workerData } = require("node:worker_threads");
    const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve("better-sqlite3"))});
    const database = new Database(workerData.file);
    database.pragma("busy_timeout = 5000");
    const insert = database.prepare("INSERT INTO carga_externa (n, relleno) VALUES (?, randomblob(3000))");
    const counts = workerData.counts;
    let n = 0;
    while (Atomics.load(counts, 1) === 0) {
      n += 1;
      insert.run(n);
      Atomics.store(counts, 0, n);
    }
    database.close();
    `,
    { eval: true, workerData: { file, counts: shared } },
  );
  return {
    committed: () => Atomics.load(shared, 0),
    stop: () => {
      Atomics.store(shared, 1, 1);
      return new Promise((resolve) => worker.once("exit", resolve));
    },
  };
}

describe("backup and restore", () => {
  it("a backup taken while the site and another process write restores with every committed row", async () => {
    await sql`CREATE TABLE carga (n INTEGER PRIMARY KEY, relleno BLOB NOT NULL)`.execute(db);
    await sql`CREATE TABLE carga_externa (n INTEGER PRIMARY KEY, relleno BLOB NOT NULL)`.execute(db);
    // Some volume first, so the copy takes many steps.
    for (let n = 1; n <= 2000; n += 1) await sql`INSERT INTO carga (n, relleno) VALUES (${n}, randomblob(3000))`.execute(db);
    const outside = startOutsideWriter(process.env.DATABASE_PATH!);
    let siteWrites = 2000;
    let writing = true;
    const site = (async () => {
      while (writing) {
        siteWrites += 1;
        await sql`INSERT INTO carga (n, relleno) VALUES (${siteWrites}, randomblob(3000))`.execute(db);
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    // Both writers under way (a worker takes a moment to start).
    for (let waited = 0; outside.committed() < 50 && waited < 20_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    const siteBefore = siteWrites;
    const outsideBefore = outside.committed();
    expect(outsideBefore).toBeGreaterThan(0);
    const directory = scratch();
    const backup = await takeBackup({ source: sqliteConnection(db)!, directory, origin: "manual", db });
    const siteAfter = siteWrites;
    writing = false;
    await site;
    await outside.stop();
    expect(backup).toMatchObject({ ok: true, integrity: "ok" });
    expect(siteAfter).toBeGreaterThan(siteBefore); // the site kept writing during the copy

    const restored = path.join(scratch(), "himfg.db");
    fs.writeFileSync(restored, "");
    const outcome = await restoreBackup(backup.file, restored);
    expect(outcome).toMatchObject({ ok: true });
    const copy = new Database(restored, { readonly: true });
    const rows = (table: string) =>
      copy.prepare(`SELECT count(*) AS count, coalesce(max(n), 0) AS max FROM ${table}`).get() as { count: number; max: number };
    const siteRows = rows("carga");
    const outsideRows = rows("carga_externa");
    // Every row committed before the backup began is there, and the copy is one consistent moment (no gaps).
    expect(siteRows.max).toBeGreaterThanOrEqual(siteBefore - 1);
    expect(siteRows.count).toBe(siteRows.max);
    expect(outsideRows.max).toBeGreaterThanOrEqual(outsideBefore);
    expect(outsideRows.count).toBe(outsideRows.max);
    expect((copy.pragma("integrity_check") as { integrity_check: string }[])[0]!.integrity_check).toBe("ok");
    copy.close();
    // The file that was there is kept aside.
    expect(outcome.ok && outcome.previous && fs.existsSync(outcome.previous)).toBe(true);
  }, 60_000);

  it("refuses a damaged backup (the compressed bytes, or the database inside) and a database in use, changing nothing", async () => {
    // A database of its own, a copy of the migrated template: the file's database is left ~150 MB of
    // random rows by the test above, and compressing that again took ~30 s of the suite.
    const source = path.join(scratch(), "himfg.db");
    fs.copyFileSync(inject("templateDatabases").migrated, source);
    const directory = scratch();
    const backup = await takeBackup({ source, directory, origin: "consola" });
    expect(backup.ok).toBe(true);
    const target = path.join(scratch(), "himfg.db");
    fs.writeFileSync(target, "la base de datos actual");

    // Bytes flipped inside the compressed stream: it does not decompress whole.
    const compressed = fs.readFileSync(backup.file);
    for (let offset = 2000; offset < 2016; offset += 1) compressed[offset] = compressed[offset]! ^ 0xff;
    const flipped = path.join(directory, "danado.db.gz");
    fs.writeFileSync(flipped, compressed);
    const refusedGzip = await restoreBackup(flipped, target);
    expect(refusedGzip).toMatchObject({ ok: false, problem: { form: [expect.stringMatching(/no se pudo descomprimir/)] } });

    // A whole gzip of a database whose pages were damaged: integrity_check refuses it.
    const database = zlib.gunzipSync(fs.readFileSync(backup.file));
    const pageSize = database.readUInt16BE(16);
    for (let page = 2; page < 40; page += 1) database.fill(0x5a, page * pageSize, page * pageSize + 64);
    const corrupted = path.join(directory, "corrupta.db.gz");
    fs.writeFileSync(corrupted, zlib.gzipSync(database));
    const refusedIntegrity = await restoreBackup(corrupted, target);
    expect(refusedIntegrity).toMatchObject({ ok: false, problem: { form: [expect.stringMatching(/integridad/)] } });
    expect(fs.readFileSync(target, "utf8")).toBe("la base de datos actual");

    // A good backup over a database the running site has open: refused.
    const live = path.join(scratch(), "himfg.db");
    const running = new Database(live);
    running.pragma("journal_mode = WAL");
    running.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)");
    const refusedInUse = await restoreBackup(backup.file, live);
    expect(refusedInUse).toMatchObject({ ok: false, problem: { form: [expect.stringMatching(/está en uso/)] } });
    expect(running.prepare("SELECT x FROM t").get()).toEqual({ x: 1 });
    running.close();
    expect(fs.readdirSync(path.dirname(live)).filter((name) => name.startsWith(".restaurar"))).toEqual([]);
  }, 60_000);
});
