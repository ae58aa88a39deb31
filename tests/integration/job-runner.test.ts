import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { createPage } from "~/content/page-editor.server";
import { db } from "~/db.server";
import { JobRunner, type Job } from "~/jobs/runner.server";
import { siteJobs } from "~/jobs/site-jobs.server";
import { loader as pageLoader } from "~/routes/$";
import { createSignedInStaff } from "../factories";

const MINUTE = 60_000;

function clockAt(start: Date) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at: Date) => {
      current = at.getTime();
    },
  };
}

async function runsOf(job: string) {
  return db.selectFrom("job_runs").selectAll().where("job", "=", job).orderBy("id").execute();
}

describe("the one job runner", () => {
  it("runs the backup job at the configured times (every 6 hours and nightly, Mexico City time), on an injected clock", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-respaldos-"));
    const config = readConfig({ ...process.env, BACKUP_DIR: directory });
    const backups = siteJobs(config).filter((job) => job.name === "respaldos");
    // 23:59:00 on 28 February in Mexico City (UTC-6), through the next day.
    const clock = clockAt(new Date("2026-03-01T05:59:00Z"));
    const runner = new JobRunner(db, backups, { clock: clock.now });
    for (let minute = 0; minute <= 24 * 60 + 1; minute += 1) {
      clock.set(new Date(Date.parse("2026-03-01T05:59:00Z") + minute * MINUTE));
      await runner.tick(clock.now());
    }
    const runs = await runsOf("respaldos");
    expect(runs.map((run) => run.started_at)).toEqual([
      "2026-03-01T06:00:00.000Z", // 00:00
      "2026-03-01T08:30:00.000Z", // 02:30, the nightly one
      "2026-03-01T12:00:00.000Z", // 06:00
      "2026-03-01T18:00:00.000Z", // 12:00
      "2026-03-02T00:00:00.000Z", // 18:00
      "2026-03-02T06:00:00.000Z", // 00:00 the next day
    ]);
    expect(runs.every((run) => run.outcome === "ok" && run.finished_at !== null)).toBe(true);
    expect(fs.readdirSync(directory).sort()).toEqual([
      "himfg-2026-03-01T06-00-00-000Z.db.gz",
      "himfg-2026-03-01T08-30-00-000Z.db.gz",
      "himfg-2026-03-01T12-00-00-000Z.db.gz",
      "himfg-2026-03-01T18-00-00-000Z.db.gz",
      "himfg-2026-03-02T00-00-00-000Z.db.gz",
      "himfg-2026-03-02T06-00-00-000Z.db.gz",
    ]);
    const recorded = await db.selectFrom("backups").select(["file_name", "ok", "integrity", "origin"]).orderBy("id").execute();
    expect(recorded).toHaveLength(6);
    expect(recorded.every((backup) => backup.ok === 1 && backup.integrity === "ok" && backup.origin === "programado")).toBe(true);
    expect(JSON.parse(runs[0]!.counts)).toMatchObject({ borrados: 0 });
  });

  it("never overlaps a run with itself, records each run's counts, and a failure with its error", async () => {
    let release: () => void = () => {};
    let started = 0;
    const slow: Job = {
      name: "lento",
      label: "Lento",
      schedule: { cron: ["* * * * *"] },
      run: async () => {
        started += 1;
        await new Promise<void>((resolve) => (release = resolve));
        return { hechos: 3 };
      },
    };
    const failing: Job = {
      name: "roto",
      label: "Roto",
      schedule: { everySeconds: 60 },
      run: async () => {
        throw new Error("El disco no responde");
      },
    };
    const clock = clockAt(new Date("2026-03-01T12:00:30Z"));
    const runner = new JobRunner(db, [slow, failing], { clock: clock.now });
    clock.set(new Date("2026-03-01T12:01:30Z"));
    const first = runner.tick();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runner.isRunning("lento")).toBe(true);
    clock.set(new Date("2026-03-01T12:02:30Z"));
    const second = await Promise.race([runner.tick(), new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), 500))]);
    expect(second).not.toBe("waiting");
    expect(second).toContainEqual({ ran: false, reason: "en_curso" });
    expect(started).toBe(1);
    expect((await runsOf("lento")).map((run) => run.outcome)).toEqual(["en_curso"]);
    release();
    await first;
    const [slowRun] = await runsOf("lento");
    expect(slowRun).toMatchObject({ outcome: "ok", error: null, started_at: "2026-03-01T12:01:30.000Z" });
    expect(JSON.parse(slowRun!.counts)).toEqual({ hechos: 3 });
    const failed = await runsOf("roto");
    expect(failed.map((run) => [run.outcome, run.error])).toEqual([
      ["fallo", "El disco no responde"],
      ["fallo", "El disco no responde"],
    ]);
  });

  it("publishes a scheduled page at its minute; the public page's GET only reads (it publishes nothing itself)", async () => {
    const editor = (await createSignedInStaff(db, "comunicacion")).user;
    const created = await createPage(
      db,
      {
        path: "/aviso-del-corredor",
        title: "Aviso del corredor",
        navLabel: "",
        summary: "Resumen.",
        body: "Texto del aviso.",
        status: "programada",
        publishAt: "2026-03-02T10:30",
      },
      editor,
      null,
      new Date("2026-03-01T12:00:00Z"),
    );
    expect(created.ok).toBe(true);
    const loadPage = () =>
      pageLoader({
        request: new Request("http://localhost/aviso-del-corredor"),
        params: { "*": "aviso-del-corredor" },
        context: { cspNonce: "n", requestId: "r" },
      }).then(
        () => "publicada",
        (error: unknown) => (error instanceof Response ? error.status : error),
      );
    // Its time (10:30 in Mexico City) is long past on the real clock, yet a visit writes nothing.
    expect(await loadPage()).toBe(404);
    expect(await loadPage()).toBe(404);
    const clock = clockAt(new Date("2026-03-02T16:29:10Z"));
    const runner = new JobRunner(
      db,
      siteJobs().filter((job) => job.name === "publicacion"),
      { clock: clock.now },
    );
    clock.set(new Date("2026-03-02T16:29:59Z"));
    expect(await runner.tick()).toEqual([]);
    clock.set(new Date("2026-03-02T16:30:00Z"));
    const [outcome] = await runner.tick();
    expect(outcome).toMatchObject({ ran: true, ok: true, counts: { publicadas: 1 } });
    expect(await loadPage()).toBe("publicada");
  });
});
