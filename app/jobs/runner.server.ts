import { Cron } from "croner";
import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import * as clock from "~/utils/clock.server";

/**
 * The one job runner (issue 23, decision 0043): every piece of work the site does on its own —
 * scheduled publication, payment maintenance, the mail outbox, expiring uploads, backups, the
 * administrators' alerts — is a `Job` run here, in the server's process. Each run is recorded in
 * `job_runs` (started, finished, outcome, error, counts); a job never overlaps itself (a run still
 * going when the next is due is skipped). The clock is injected, so tests drive the schedule by
 * calling `tick(now)` instead of waiting.
 */

export type JobCounts = Record<string, number>;

export interface JobContext {
  db: Kysely<DB>;
  /** The instant the run was due (the runner's clock). */
  now: Date;
  /** Started by a person (`runNow`), not by the schedule. */
  manual: boolean;
}

export type JobSchedule =
  /** Cron patterns (5 fields, or 6 with seconds), read in Mexico City time; the job runs at each. */
  | { cron: string[] }
  /** Every N seconds after the runner starts. */
  | { everySeconds: number };

export interface Job {
  /** Stable key kept in job_runs, e.g. "respaldos". */
  name: string;
  /** What the system page calls it, in Spanish. */
  label: string;
  schedule: JobSchedule;
  run(context: JobContext): Promise<JobCounts | void>;
}

export type RunOutcome =
  | { ran: true; runId: number; ok: true; counts: JobCounts }
  // A run that threw: a record of the run, not a refusal (app/actions/outcome.ts), so no `ok: false`.
  | { ran: true; runId: number; ok?: never; error: string }
  | { ran: false; reason: "en_curso" };

export const JOB_TIME_ZONE = "America/Mexico_City";
/** Runs older than this are deleted when the job runs again. */
const KEEP_RUNS_DAYS = 30;
/** The runner looks at the clock at least this often (a changed system clock is noticed). */
const LONGEST_WAIT_MS = 30_000;

interface RunnerOptions {
  clock?: () => Date;
  log?: (level: "info" | "warn" | "error", message: string, fields?: Record<string, unknown>) => void;
}

export class JobRunner {
  private readonly next = new Map<string, Date>();
  private readonly running = new Map<string, Promise<RunOutcome>>();
  private readonly patterns = new Map<string, Cron[]>();
  private readonly clock: () => Date;
  private readonly log: NonNullable<RunnerOptions["log"]>;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<DB>,
    readonly jobs: readonly Job[],
    options: RunnerOptions = {},
  ) {
    this.clock = options.clock ?? clock.now;
    this.log = options.log ?? (() => {});
    const names = new Set<string>();
    for (const job of jobs) {
      if (names.has(job.name)) throw new Error(`Two jobs are called ${job.name}`);
      names.add(job.name);
      if ("cron" in job.schedule) {
        this.patterns.set(
          job.name,
          job.schedule.cron.map((pattern) => new Cron(pattern, { timezone: JOB_TIME_ZONE, paused: true })),
        );
      }
    }
    const start = this.clock();
    for (const job of jobs) this.next.set(job.name, this.after(job, start));
  }

  /** The next instant each job is due. */
  nextRuns(): { name: string; label: string; at: Date }[] {
    return this.jobs.map((job) => ({ name: job.name, label: job.label, at: this.next.get(job.name)! }));
  }

  /**
   * Starts every job that is due at `now` (a job still running is skipped, and its next time is
   * computed from `now`, so missed times collapse into one run). Resolves when those runs end.
   */
  async tick(now: Date = this.clock()): Promise<RunOutcome[]> {
    const started: Promise<RunOutcome>[] = [];
    for (const job of this.jobs) {
      const due = this.next.get(job.name)!;
      if (due.getTime() > now.getTime()) continue;
      this.next.set(job.name, this.after(job, now));
      started.push(this.runJob(job, now, false));
    }
    return Promise.all(started);
  }

  /** Runs one job at once (an administrator's «Respaldar ahora»), unless it is already running. */
  runNow(name: string, now: Date = this.clock()): Promise<RunOutcome> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No job called ${name}`);
    return this.runJob(job, now, true);
  }

  /** Whether a run of the job is going on in this process. */
  isRunning(name: string): boolean {
    return this.running.has(name);
  }

  /** Runs jobs on the real clock until `stop()`. Runs left "en curso" by a process that died are closed first. */
  async start(): Promise<void> {
    await this.db
      .updateTable("job_runs")
      .set({ outcome: "fallo", finished_at: this.clock().toISOString(), error: "El servidor se detuvo durante la ejecución." })
      .where("outcome", "=", "en_curso")
      .execute();
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for the runs in progress (a backup finishes its file). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()]);
  }

  private schedule() {
    if (this.stopped) return;
    const now = this.clock().getTime();
    const soonest = Math.min(now + LONGEST_WAIT_MS, ...[...this.next.values()].map((at) => at.getTime()));
    const wait = Math.max(0, Math.min(LONGEST_WAIT_MS, soonest - now));
    this.timer = setTimeout(() => {
      void this.tick(this.clock()).catch((error: unknown) => this.log("error", "job runner tick failed", { error: String(error) }));
      this.schedule();
    }, wait);
    this.timer.unref();
  }

  private after(job: Job, from: Date): Date {
    if ("everySeconds" in job.schedule) return new Date(from.getTime() + job.schedule.everySeconds * 1000);
    const times = this.patterns
      .get(job.name)!
      .map((cron) => cron.nextRun(from))
      .filter((at): at is Date => at !== null);
    // A pattern that never fires again (e.g. a past date): never.
    return times.length ? new Date(Math.min(...times.map((at) => at.getTime()))) : new Date(8.64e15);
  }

  private runJob(job: Job, now: Date, manual: boolean): Promise<RunOutcome> {
    if (this.running.has(job.name)) {
      this.log("warn", "job still running: this run is skipped", { job: job.name });
      return Promise.resolve({ ran: false, reason: "en_curso" });
    }
    const run = this.record(job, now, manual).finally(() => this.running.delete(job.name));
    this.running.set(job.name, run);
    return run;
  }

  private async record(job: Job, now: Date, manual: boolean): Promise<RunOutcome> {
    const started = this.clock();
    const { id } = await this.db
      .insertInto("job_runs")
      .values({ job: job.name, started_at: started.toISOString(), finished_at: null, error: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    let outcome: RunOutcome;
    try {
      const counts = (await job.run({ db: this.db, now, manual })) ?? {};
      outcome = { ran: true, runId: id, ok: true, counts };
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000) || "Error sin mensaje";
      outcome = { ran: true, runId: id, error: message };
      this.log("error", "job failed", { job: job.name, error: message });
    }
    const finished = this.clock();
    await this.db
      .updateTable("job_runs")
      .set({
        finished_at: (finished < started ? started : finished).toISOString(),
        outcome: outcome.ok ? "ok" : "fallo",
        error: outcome.ok ? null : outcome.error,
        counts: JSON.stringify(outcome.ok ? outcome.counts : {}),
      })
      .where("id", "=", id)
      .execute();
    const keepFrom = new Date(started.getTime() - KEEP_RUNS_DAYS * 86_400_000).toISOString();
    await this.db.deleteFrom("job_runs").where("job", "=", job.name).where("started_at", "<", keepFrom).execute();
    return outcome;
  }
}
