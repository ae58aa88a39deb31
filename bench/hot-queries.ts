/**
 * The hot queries of the staff lists, the dashboard and /profile (issue 22), as the real query
 * functions run them: each entry calls the function, and a Kysely instance that logs every
 * compiled query catches the SQL and its parameters. The query-plan test
 * (tests/integration/query-plans.test.ts) runs EXPLAIN QUERY PLAN over what they caught;
 * `node --import tsx bench/hot-queries.ts --db FILE` prints the plans and the time of each
 * function on a grown database.
 */
import Database from "better-sqlite3";
import { Kysely, SqliteDialect, type CompiledQuery } from "kysely";
import type { DB } from "../app/db.server";

export interface Subjects {
  /** The course with the most enrolments. */
  bigCourseId: number;
  /** A participant with enrolments (the busiest). */
  participantId: number;
  /** The grown data's "now" (the dashboard's month). */
  now: Date;
}

export interface HotQuery {
  name: string;
  run: (db: Kysely<DB>, subjects: Subjects) => Promise<unknown>;
}

/** A Kysely over a better-sqlite3 handle that keeps every query it compiles. */
export function capturingDatabase(sqlite: Database.Database) {
  const captured: CompiledQuery[] = [];
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({ database: sqlite }),
    log: (event) => {
      if (event.level === "query") captured.push(event.query);
    },
  });
  return { db, captured };
}

export async function findSubjects(db: Kysely<DB>, now: Date): Promise<Subjects> {
  const course = await db
    .selectFrom("enrolments")
    .select(["course_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("course_id")
    .orderBy("n", "desc")
    .orderBy("course_id")
    .executeTakeFirstOrThrow();
  const participant = await db
    .selectFrom("enrolments")
    .select(["participant_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("participant_id")
    .orderBy("n", "desc")
    .orderBy("participant_id")
    .executeTakeFirstOrThrow();
  return { bigCourseId: course.course_id, participantId: participant.participant_id, now };
}

const participants = () => import("../app/staff/teaching/participants-admin.server");
const courseAdmin = () => import("../app/courses/course-admin.server");
const dashboard = () => import("../app/staff/dashboard.server");
const ledger = () => import("../app/finance/ledger.server");
const pageEditor = () => import("../app/content/page-editor.server");

export const HOT_QUERIES: HotQuery[] = [
  { name: "participants: unfiltered", run: async (db) => (await participants()).listParticipants(db, {}) },
  {
    name: "participants: second page",
    run: async (db) => {
      const { listParticipants } = await participants();
      const first = await listParticipants(db, {});
      const { participantCursor } = await participants();
      const { readCursor } = await import("../app/utils/keyset-paging.server");
      const cursor = readCursor(new URLSearchParams({ despues: first.next ?? "" }), participantCursor);
      return cursor.ok ? listParticipants(db, {}, cursor.position) : null;
    },
  },
  { name: "participants: q=torres", run: async (db) => (await participants()).listParticipants(db, { q: "torres" }) },
  { name: "participants: q=García Hernández", run: async (db) => (await participants()).listParticipants(db, { q: "García Hernández" }) },
  { name: "participants: q=participant number", run: async (db, s) => (await participants()).listParticipants(db, { q: String(s.participantId) }) },
  { name: "participants: q=torres, perfil", run: async (db) => (await participants()).listParticipants(db, { q: "torres", profile: "EXTERNO" }) },
  { name: "participants: perfil", run: async (db) => (await participants()).listParticipants(db, { profile: "ESTUDIANTE" }) },
  { name: "participants: pago=fuera_de_linea", run: async (db) => (await participants()).listParticipants(db, { awaitingOffline: true }) },
  { name: "participants: documentos=pendiente", run: async (db) => (await participants()).listParticipants(db, { documents: "pendiente" }) },
  { name: "participants: documentos=rechazado", run: async (db) => (await participants()).listParticipants(db, { documents: "rechazado" }) },
  { name: "participants: documentos=aprobado", run: async (db) => (await participants()).listParticipants(db, { documents: "aprobado" }) },
  { name: "participants: curso", run: async (db, s) => (await participants()).listParticipants(db, { courseId: s.bigCourseId }) },
  { name: "participants: course options", run: async (db) => (await courseAdmin()).listCourseOptions(db) },
  { name: "participant detail", run: async (db, s) => (await participants()).getParticipantDetail(db, s.participantId) },
  { name: "courses: unfiltered", run: async (db) => (await courseAdmin()).listAdminCourses(db, {}) },
  { name: "courses: archived", run: async (db) => (await courseAdmin()).listAdminCourses(db, { archived: true }) },
  { name: "courses: open, modality", run: async (db) => (await courseAdmin()).listAdminCourses(db, { open: "abiertos", modality: 2 }) },
  {
    name: "course enrolments",
    run: async (db, s) => (await import("../app/staff/teaching/enrolments-admin.server")).listCourseEnrolmentPage(db, s.bigCourseId),
  },
  { name: "review queue", run: async (db, s) => (await import("../app/staff/teaching/document-review.server")).listReviewQueue(db, s.now) },
  { name: "donations", run: async (db) => (await import("../app/finance/donations-admin.server")).listDonations(db, { page: 1 }) },
  {
    name: "donations: aprobada",
    run: async (db) => (await import("../app/finance/donations-admin.server")).listDonations(db, { status: "aprobada", page: 1 }),
  },
  { name: "invoices", run: async (db) => (await import("../app/finance/invoices-admin.server")).listInvoiceRequests(db, { page: 1 }) },
  {
    name: "invoices: facturada",
    run: async (db) => (await import("../app/finance/invoices-admin.server")).listInvoiceRequests(db, { state: "facturada", page: 1 }),
  },
  { name: "dashboard figures", run: async (db, s) => (await dashboard()).dashboardFigures(db, s.now) },
  { name: "dashboard documents waiting", run: async (db, s) => (await dashboard()).documentsWaitingForReview(db, 10, s.now) },
  { name: "dashboard income by month", run: async (db, s) => (await dashboard()).incomeByMonth(db, s.now) },
  { name: "dashboard enrolments by month", run: async (db, s) => (await dashboard()).enrolmentsByMonth(db, s.now) },
  { name: "dashboard seats this month", run: async (db, s) => (await dashboard()).seatsThisMonth(db, s.now) },
  { name: "dashboard constancias by month", run: async (db, s) => (await dashboard()).constanciasByMonth(db, s.now) },
  {
    name: "ledger: this month",
    run: async (db, s) => (await ledger()).listLedger(db, (await ledger()).parseLedgerFilters(new URLSearchParams(), s.now).filters),
  },
  {
    name: "ledger: a year, refunded, page 3",
    run: async (db, s) =>
      (await ledger()).listLedger(
        db,
        (await ledger()).parseLedgerFilters(new URLSearchParams("desde=2026-01-01&hasta=2026-12-31&estado=reembolsado&pagina=3"), s.now).filters,
      ),
  },
  { name: "ledger: income chart", run: async (db, s) => (await ledger()).monthlyIncome(db, s.now) },
  { name: "content pages: unfiltered", run: async (db) => (await pageEditor()).listPagesForEditor(db) },
  {
    name: "content pages: second page",
    run: async (db) => {
      const { listPagesForEditor, pageListCursor } = await pageEditor();
      const first = await listPagesForEditor(db);
      const { readCursor } = await import("../app/utils/keyset-paging.server");
      const cursor = readCursor(new URLSearchParams({ despues: first.next ?? "" }), pageListCursor);
      return cursor.ok ? listPagesForEditor(db, "", cursor.position) : null;
    },
  },
  { name: "content pages: q=pediátrica", run: async (db) => (await pageEditor()).listPagesForEditor(db, "pediátrica") },
  { name: "content pages: q=zzzz", run: async (db) => (await pageEditor()).listPagesForEditor(db, "zzzz") },
  { name: "department pages", run: async (db) => (await import("../app/content/department-editor.server")).listDepartmentPagesForEditor(db, "") },
  { name: "research units", run: async (db) => (await import("../app/content/research-unit-editor.server")).listResearchUnitsForEditor(db, "") },
  { name: "profile pages", run: async (db) => (await import("../app/content/profile-page-editor.server")).listProfilesForEditor(db, "") },
  { name: "menus", run: async (db) => (await import("../app/content/menus.server")).listMenusForEditor(db) },
  { name: "banners", run: async (db, s) => (await import("../app/content/banners.server")).listBannersForEditor(db, s.now) },
  {
    name: "gallery images",
    run: async (db) => (await import("../app/gallery/gallery-editor.server")).listGalleryImagesForEditor(db, "legado-artistico"),
  },
  { name: "document collections", run: async (db) => (await import("../app/documents/document-editor.server")).listCollectionsForEditor(db) },
  { name: "profile: enrolments", run: async (db, s) => (await import("../app/enrolment/enrolment.server")).listEnrolments(db, s.participantId) },
  { name: "profile: documents", run: async (db, s) => (await import("../app/accounts/participants.server")).listDocuments(db, s.participantId) },
  {
    name: "profile: off-line intents",
    run: async (db, s) => (await import("../app/payments/checkout.server")).offlineIntentsOf(db, s.participantId),
  },
  // The streamed exports (decision 0040): a first and a later batch of each.
  {
    name: "export: course enrolments, batches",
    run: async (db, s) => {
      const { enrolmentExportBatches } = await import("../app/staff/teaching/enrolments-admin.server");
      return firstBatches(enrolmentExportBatches(db, s.bigCourseId, s.now));
    },
  },
  {
    name: "export: ledger (a year), batches",
    run: async (db, s) => {
      const { ledgerExportBatches } = await import("../app/finance/ledger.server");
      const filters = yearOfLedger(s.now);
      return firstBatches(ledgerExportBatches(db, filters));
    },
  },
  {
    name: "export: ledger (a year, one course, approved), batches",
    run: async (db, s) => {
      const { ledgerExportBatches } = await import("../app/finance/ledger.server");
      return firstBatches(ledgerExportBatches(db, { ...yearOfLedger(s.now), course: s.bigCourseId, status: "aprobado", purpose: "inscripcion" }));
    },
  },
  {
    name: "export: donations, batches",
    run: async (db) => {
      const { donationExportBatches } = await import("../app/finance/donations-admin.server");
      return firstBatches(donationExportBatches(db, { page: 1 }));
    },
  },
];

/**
 * The site's jobs that sweep whole tables for the rows to act on (app/jobs/site-jobs.server.ts):
 * «pagos» every minute (migration 0045). They write, so only the query-plan test runs them, on its
 * own copy, after the hot queries above; the `--db` tool below only reads.
 */
export const HOT_JOBS: HotQuery[] = [
  {
    name: "job pagos: holds, abandoned attempts, secrets, sessions, the bank's word",
    run: async (db, s) => {
      const { runPaymentMaintenance } = await import("../app/payments/maintenance.server");
      const { createSimulatorProvider } = await import("../app/payments/simulator.server");
      return runPaymentMaintenance(db, { now: s.now, holdMinutes: 15, provider: createSimulatorProvider(db, "AUT"), origin: null });
    },
  },
];

/** The ledger's longest export: the year up to `now` (Mexico City days). */
function yearOfLedger(now: Date) {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(now.getTime() - 365 * 86_400_000).toISOString().slice(0, 10);
  return { from, to, page: 1 };
}

/** The first two batches of a streamed export (a first read and a keyset read). */
async function firstBatches(batches: AsyncIterable<readonly unknown[]>) {
  let read = 0;
  for await (const batch of batches) {
    read += batch.length;
    if (read > batch.length) break;
  }
  return read;
}

export interface PlannedQuery {
  name: string;
  sql: string;
  plan: string[];
}

/** Runs each hot query once, catching its SQL, and returns the plan of every statement it ran, with the time it took. */
export async function planHotQueries(sqlite: Database.Database, subjects: Subjects, queries: readonly HotQuery[] = HOT_QUERIES) {
  const { db, captured } = capturingDatabase(sqlite);
  const planned: PlannedQuery[] = [];
  const timings: { name: string; ms: number; cpuMs: number }[] = [];
  /** A query function that threw, with its error (the rest still run). */
  const errors = new Map<string, string>();
  for (const query of queries) {
    captured.length = 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    try {
      await query.run(db, subjects);
    } catch (error) {
      errors.set(query.name, String(error));
    }
    const used = process.cpuUsage(cpu);
    timings.push({ name: query.name, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
    for (const compiled of captured) {
      // Reads, and the sweeps of a job (an UPDATE or DELETE … WHERE plans its WHERE like a read).
      if (!/^\s*(select|with|update|delete)\b/i.test(compiled.sql)) continue;
      const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as { detail: string }[];
      planned.push({ name: query.name, sql: compiled.sql, plan: rows.map((row) => row.detail) });
    }
  }
  return { planned, timings, errors };
}

async function main() {
  const index = process.argv.indexOf("--db");
  const file = index >= 0 ? process.argv[index + 1] : undefined;
  if (!file) throw new Error("Uso: node --import tsx bench/hot-queries.ts --db ARCHIVO [--now ISO]");
  // The query modules open the process's database when imported: let it be this file (only read here),
  // not ./data/himfg.db.
  process.env.DATABASE_PATH = file;
  const nowIndex = process.argv.indexOf("--now");
  const { DEFAULT_NOW } = await import("./grow-database");
  const now = new Date(nowIndex >= 0 ? process.argv[nowIndex + 1]! : DEFAULT_NOW);
  const sqlite = new Database(file, { readonly: true });
  const subjects = await findSubjects(capturingDatabase(sqlite).db, now);
  // Twice: the first run warms the page cache of the file; the second is timed.
  await planHotQueries(sqlite, subjects);
  const { planned, timings } = await planHotQueries(sqlite, subjects);
  for (const { name, ms, cpuMs } of timings) {
    console.log(`\n## ${name}: ${ms.toFixed(1)} ms (CPU ${cpuMs.toFixed(1)} ms)`);
    for (const query of planned.filter((p) => p.name === name)) {
      console.log(`  ${query.sql.replace(/\s+/g, " ").slice(0, 160)}…`);
      for (const line of query.plan) console.log(`    ${line}`);
    }
  }
  sqlite.close();
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").slice(-2).join("/"))) {
  await main();
}
