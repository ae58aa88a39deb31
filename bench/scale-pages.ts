/**
 * Times the staff lists and the participant and public pages on a grown database (issue 22), as
 * the built site serves them: one request at a time, so each time is the page's own server time
 * plus a local socket.
 *
 *   npm run build
 *   node --import tsx bench/grow-database.ts --factor 100 --out /tmp/himfg-100x.db
 *   node --import tsx bench/scale-pages.ts --db /tmp/himfg-100x.db [--runs 7] [--port 3108]
 *
 * The grown file is copied first (sessions are written into the copy). Prints a Markdown table:
 * median and slowest of the runs, the HTML size, the status, and the machine's load average.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { sessionSecret, siteEnv, startSite, stopChild } from "./site";

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

interface Timing {
  label: string;
  url: string;
  status: number;
  medianMs: number;
  maxMs: number;
  kilobytes: number;
  runs: number;
}

const SLOW_MS = 5_000;

async function timeOne(
  base: string,
  url: string,
  cookie: string | undefined,
  timeoutMs: number,
): Promise<{ ms: number; status: number; bytes: number }> {
  const started = performance.now();
  try {
    const response = await fetch(base + url, {
      headers: { ...(cookie ? { cookie } : {}), "accept-encoding": "identity" },
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status, bytes: body.byteLength };
  } catch {
    return { ms: performance.now() - started, status: 0, bytes: 0 };
  }
}

async function main() {
  const source = argument("db");
  if (!source) throw new Error("Uso: node --import tsx bench/scale-pages.ts --db ARCHIVO [--runs 7] [--port 3108]");
  const runs = Number(argument("runs") ?? 7);
  const timeoutMs = Number(argument("timeout") ?? 60) * 1000;
  const port = Number(argument("port") ?? process.env.E2E_PORT ?? 3108);
  const copy = path.join(os.tmpdir(), `himfg-scale-pages-${port}.db`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(copy + suffix, { force: true });
  const original = new Database(source, { readonly: true });
  await original.backup(copy);

  // The subjects: the biggest course, a participant with many enrolments, an admin.
  const sqlite = new Database(copy);
  const course = sqlite.prepare("SELECT course_id AS id FROM enrolments GROUP BY course_id ORDER BY count(*) DESC LIMIT 1").get() as { id: number };
  const busy = sqlite
    .prepare("SELECT participant_id AS id FROM enrolments GROUP BY participant_id ORDER BY count(*) DESC, participant_id LIMIT 1")
    .get() as {
    id: number;
  };
  const participant = sqlite.prepare("SELECT id, name FROM participants WHERE id = ?").get(busy.id) as { id: number; name: string };
  const admin = sqlite.prepare("SELECT id FROM staff_members WHERE role = 'admin' AND status = 'activa' ORDER BY id LIMIT 1").get() as
    { id: number } | undefined;
  sqlite.close();
  original.close();
  if (!admin) throw new Error("the database has no active admin (grow it with bench/grow-database.ts)");

  process.env.DATABASE_PATH = copy;
  process.env.SESSION_SECRET = sessionSecret;
  const { createStaffSession } = await import("../app/staff/session.server");
  const { createUserSession } = await import("../app/accounts/session.server");
  const { db } = await import("../app/db.server");
  const staffCookie = (await createStaffSession(null, admin.id, "activa")).split(";")[0]!;
  const participantCookie = (await createUserSession({ id: participant.id, name: participant.name })).split(";")[0]!;
  await db.destroy();

  const env = { ...siteEnv(port, copy), SESSION_SECRET: sessionSecret };
  let site = await startSite(env);
  // Whatever happens, the site started here does not outlive the run.
  process.on("exit", () => site.child.kill("SIGKILL"));
  const base = `http://127.0.0.1:${port}`;
  const pages: { label: string; url: string; cookie?: string }[] = [
    { label: "Estudiantes", url: "/admin/estudiantes", cookie: staffCookie },
    { label: "Estudiantes, página siguiente", url: "__next__/admin/estudiantes", cookie: staffCookie },
    { label: "Estudiantes ?q=torres", url: "/admin/estudiantes?q=torres", cookie: staffCookie },
    { label: "Estudiantes ?q=xochitiotzi (rare)", url: "/admin/estudiantes?q=xochitiotzi", cookie: staffCookie },
    { label: "Estudiantes ?q=zzzz (none)", url: "/admin/estudiantes?q=zzzz", cookie: staffCookie },
    { label: "Estudiantes ?pago=fuera_de_linea", url: "/admin/estudiantes?pago=fuera_de_linea", cookie: staffCookie },
    { label: "Estudiantes ?documentos=pendiente", url: "/admin/estudiantes?documentos=pendiente", cookie: staffCookie },
    { label: "Estudiantes ?documentos=rechazado", url: "/admin/estudiantes?documentos=rechazado", cookie: staffCookie },
    { label: "Estudiantes ?perfil=ESTUDIANTE", url: "/admin/estudiantes?perfil=ESTUDIANTE", cookie: staffCookie },
    { label: "Estudiantes ?curso=(biggest)", url: `/admin/estudiantes?curso=${course.id}`, cookie: staffCookie },
    { label: "Estudiantes ?q=torres&perfil=EXTERNO", url: "/admin/estudiantes?q=torres&perfil=EXTERNO", cookie: staffCookie },
    { label: "Participant detail", url: `/admin/estudiantes/${participant.id}`, cookie: staffCookie },
    { label: "Cursos", url: "/admin/cursos", cookie: staffCookie },
    { label: "Cursos ?q=pediatr", url: "/admin/cursos?q=pediatr", cookie: staffCookie },
    { label: "Cursos archivados", url: "/admin/cursos?archivados=1", cookie: staffCookie },
    { label: "Inscripciones (biggest course)", url: `/admin/cursos/${course.id}/inscripciones`, cookie: staffCookie },
    { label: "Revisión", url: "/admin/revision", cookie: staffCookie },
    { label: "Donativos", url: "/admin/donativos", cookie: staffCookie },
    { label: "Donativos ?estado=aprobada", url: "/admin/donativos?estado=aprobada", cookie: staffCookie },
    { label: "Facturas", url: "/admin/facturas", cookie: staffCookie },
    { label: "Facturas ?estado=facturada", url: "/admin/facturas?estado=facturada", cookie: staffCookie },
    { label: "Dashboard", url: "/admin/dashboard", cookie: staffCookie },
    { label: "Pagos (ledger)", url: "/admin/pagos", cookie: staffCookie },
    { label: "Contenido", url: "/admin/contenido", cookie: staffCookie },
    { label: "Contenido, second page", url: "__next__/admin/contenido", cookie: staffCookie },
    { label: "Contenido ?q=pediatr", url: "/admin/contenido?q=pediatr", cookie: staffCookie },
    { label: "Contenido ?q=zzzz (none)", url: "/admin/contenido?q=zzzz", cookie: staffCookie },
    { label: "Contenido: departamentos", url: "/admin/contenido/departamentos", cookie: staffCookie },
    { label: "Contenido: investigación", url: "/admin/contenido/investigacion", cookie: staffCookie },
    { label: "Contenido: perfiles", url: "/admin/contenido/perfiles", cookie: staffCookie },
    { label: "Banners", url: "/admin/banners", cookie: staffCookie },
    { label: "Galerías", url: "/admin/galerias", cookie: staffCookie },
    { label: "Galería legado-artistico", url: "/admin/galerias/legado-artistico", cookie: staffCookie },
    { label: "Menús", url: "/admin/menus", cookie: staffCookie },
    { label: "Documentos", url: "/admin/documentos", cookie: staffCookie },
    { label: "Documentos transparency-portal", url: "/admin/documentos/transparency-portal", cookie: staffCookie },
    { label: "Bitácora", url: "/admin/bitacora", cookie: staffCookie },
    { label: "/profile (signed in)", url: "/profile", cookie: participantCookie },
    { label: "/ (anonymous)", url: "/" },
    { label: "/ensenanza/offer (anonymous)", url: "/ensenanza/offer" },
  ];
  const timings: Timing[] = [];
  // --only REGEX: time only the pages whose label matches (a quicker check of a few pages).
  const only = argument("only");
  for (const page of pages.filter((candidate) => !only || new RegExp(only, "i").test(candidate.label))) {
    let url = page.url;
    if (url.startsWith("__next__")) {
      // The second page of the list: the address of its «Siguiente» link.
      const html = await fetch(base + url.slice("__next__".length), { headers: { cookie: page.cookie! }, signal: AbortSignal.timeout(timeoutMs) })
        .then((response) => response.text())
        .catch(() => "");
      const next = /<a[^>]+href="([^"]+)"[^>]*>\s*Siguiente/.exec(html)?.[1]?.replace(/&amp;/g, "&");
      if (!next) {
        timings.push({ label: page.label, url, status: 0, medianMs: 0, maxMs: 0, kilobytes: 0, runs: 0 });
        continue;
      }
      url = next;
    }
    const first = await timeOne(base, url, page.cookie, timeoutMs);
    const samples = [first];
    if (first.status === 0) {
      // No answer in time: the process is still busy with it (SQLite runs on the event loop), so start it again.
      site.child.kill("SIGKILL");
      await stopChild(site.child);
      site = await startSite(env);
    } else if (first.ms < SLOW_MS) for (let i = 1; i < runs; i++) samples.push(await timeOne(base, url, page.cookie, timeoutMs));
    const measured = samples.length > 1 ? samples.slice(1) : samples;
    const ms = measured.map((s) => s.ms).sort((a, b) => a - b);
    timings.push({
      label: page.label,
      url,
      status: samples[samples.length - 1]!.status,
      medianMs: ms[Math.floor(ms.length / 2)]!,
      maxMs: ms[ms.length - 1]!,
      kilobytes: samples[samples.length - 1]!.bytes / 1024,
      runs: measured.length,
    });
    process.stderr.write(`${page.label}: ${ms[Math.floor(ms.length / 2)]!.toFixed(1)} ms\n`);
  }
  await stopChild(site.child);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(copy + suffix, { force: true });

  const load = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
  console.log(`Load average (1/5/15 min) at the end: ${load}; ${os.cpus().length} CPUs; ${runs} runs a page (the first is a warm-up).\n`);
  console.log("| Page | Status | Median ms | Slowest ms | HTML KB |");
  console.log("| --- | ---: | ---: | ---: | ---: |");
  for (const t of timings) {
    const status = t.status === 0 ? `no answer in ${timeoutMs / 1000} s` : String(t.status);
    console.log(`| ${t.label} | ${status} | ${t.medianMs.toFixed(1)} | ${t.maxMs.toFixed(1)} | ${t.kilobytes.toFixed(1)} |`);
  }
}

await main();
