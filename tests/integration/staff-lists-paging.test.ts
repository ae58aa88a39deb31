import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { listPagesForEditor, pageListCursor } from "~/content/page-editor.server";
import { listAdminCourses } from "~/courses/course-admin.server";
import { listReviewQueue } from "~/staff/teaching/document-review.server";
import { courseEnrolmentCursor, enrolmentExportRows, listCourseEnrolmentPage } from "~/staff/teaching/enrolments-admin.server";
import { listParticipants, participantCursor, type ParticipantFilters } from "~/staff/teaching/participants-admin.server";
import { encodeCursor, INVALID_CURSOR_MESSAGE, readCursor } from "~/utils/keyset-paging.server";
import { growDatabase } from "../../bench/grow-database";
import { createParticipant, createSignedInStaff } from "../factories";
import { startTestServer } from "../support/test-server";

/**
 * The long staff lists at scale (issue 22, decision 0035): keyset pages that cover the list once,
 * in order, both ways; a cursor that is not the list's own is a Spanish 400; the participants
 * search through the trigram index; counts that stop at 1,000.
 */

let server: Awaited<ReturnType<typeof startTestServer>>;
let cookie: string;

beforeAll(async () => {
  const sqlite = new Database(process.env.DATABASE_PATH!);
  // 1,100 participants, 2,200 enrolments, 44 courses.
  growDatabase(sqlite, { factor: 2.2 });
  sqlite.close();
  server = await startTestServer();
  cookie = (await createSignedInStaff(db, "admin")).cookie;
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** Every page of the participants list, following each page's cursor forwards. */
async function allParticipantPages(filters: ParticipantFilters) {
  const pages = [];
  let page = await listParticipants(db, filters);
  pages.push(page);
  while (page.next) {
    const cursor = readCursor(new URLSearchParams({ despues: page.next }), participantCursor);
    if (!cursor.ok) throw new Error(cursor.problem.form.join(" "));
    page = await listParticipants(db, filters, cursor.position);
    pages.push(page);
  }
  return pages;
}

describe("the participants list, page by page", () => {
  test("the pages cover every participant once, newest first, and «Anterior» gives the same page back", async () => {
    const pages = await allParticipantPages({});
    const ids = pages.flatMap((page) => page.rows.map((row) => row.id));
    const expected = await db.selectFrom("participants").select("id").orderBy("created_at", "desc").orderBy("id", "desc").execute();
    expect(ids).toEqual(expected.map((row) => row.id));
    expect(pages[0]!.rows).toHaveLength(50);
    expect(pages[0]!.previous).toBeNull();
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages[0]!.total).toEqual({ count: expected.length, atLeast: false });

    const third = pages[2]!;
    const back = readCursor(new URLSearchParams({ antes: third.previous! }), participantCursor);
    if (!back.ok) throw new Error(back.problem.form.join(" "));
    const second = await listParticipants(db, {}, back.position);
    expect(second.rows.map((row) => row.id)).toEqual(pages[1]!.rows.map((row) => row.id));
    expect(second.next).toBe(pages[1]!.next);
  });

  test("a filtered count stops at 1,000: «Más de 1,000»", async () => {
    // Every grown participant has a document of each of their kinds, nearly all approved.
    const approved = await listParticipants(db, { documents: "aprobado" });
    expect(approved.total).toEqual({ count: 1_000, atLeast: true });
    const students = await allParticipantPages({ profile: "ESTUDIANTE" });
    const all = students.flatMap((page) => page.rows);
    expect(all.every((row) => row.profile === "ESTUDIANTE")).toBe(true);
    expect(students[0]!.total).toEqual({ count: all.length, atLeast: all.length > 1_000 });
  });

  test("the search finds any part of a name or an e-mail, without accents or capitals, and keeps up with changes", async () => {
    const garcias = await allParticipantPages({ q: "garcia" });
    const found = garcias.flatMap((page) => page.rows);
    const expected = await db.selectFrom("participants").select("id").where("name", "like", "%García%").execute();
    expect(found.length).toBeGreaterThan(20);
    expect(found.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());

    const person = await createParticipant({ name: "Xóchitl Ñañez Quiñónez", role: "EXTERNO" });
    expect((await listParticipants(db, { q: "QUINONEZ xochitl" })).rows.map((row) => row.id)).toEqual([person.id]);
    expect((await listParticipants(db, { q: person.email.slice(5, 25) })).rows.map((row) => row.id)).toEqual([person.id]);
    expect((await listParticipants(db, { q: "Ñ" })).rows.map((row) => row.id)).toContain(person.id);
    await db.updateTable("participants").set({ name: "Xóchitl Ortega" }).where("id", "=", person.id).execute();
    expect((await listParticipants(db, { q: "quiñónez" })).rows).toEqual([]);
    expect((await listParticipants(db, { q: "xochitl ortega" })).rows.map((row) => row.id)).toEqual([person.id]);
    await db.deleteFrom("participants").where("id", "=", person.id).execute();
    expect((await listParticipants(db, { q: "xochitl ortega" })).rows).toEqual([]);
  });
});

describe("the other long lists", () => {
  test("a course's enrolments come 50 a page, alphabetical, and the pages cover them once; the attendance export still has everyone", async () => {
    const course = await db
      .selectFrom("enrolments")
      .select(["course_id", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("course_id")
      .orderBy("n", "desc")
      .executeTakeFirstOrThrow();
    expect(Number(course.n)).toBeGreaterThan(100);
    const first = await listCourseEnrolmentPage(db, course.course_id);
    expect(first.rows).toHaveLength(50);
    expect(first.total).toBe(Number(course.n));
    const rows = [...first.rows];
    let page = first;
    while (page.next) {
      const cursor = readCursor(new URLSearchParams({ despues: page.next }), courseEnrolmentCursor);
      if (!cursor.ok) throw new Error(cursor.problem.form.join(" "));
      page = await listCourseEnrolmentPage(db, course.course_id, cursor.position);
      rows.push(...page.rows);
    }
    expect(rows).toHaveLength(Number(course.n));
    expect(new Set(rows.map((row) => row.enrolmentId)).size).toBe(rows.length);
    // Binary order of the names (what SQLite's ORDER BY gives), then the enrolment.
    const keys = rows.map((row) => [row.name, row.enrolmentId] as const);
    const sorted = [...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
    expect(keys).toEqual(sorted);
    const live = await db
      .selectFrom("enrolments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("course_id", "=", course.course_id)
      .where("status", "not in", ["cancelada", "rechazada"])
      .executeTakeFirstOrThrow();
    const exported = await enrolmentExportRows(db, course.course_id);
    expect(exported.filter((row) => row.status !== "cancelada" && row.status !== "rechazada")).toHaveLength(Number(live.n));
  });

  test("the course list and the review queue page by keyset too", async () => {
    const courses = await listAdminCourses(db, {}, null, 10);
    expect(courses.rows).toHaveLength(10);
    expect(courses.next).not.toBeNull();
    const dates = courses.rows.map((row) => row.startDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const queue = await listReviewQueue(db, new Date(), null, 5);
    expect(queue.total).toBeGreaterThan(5);
    expect(queue.rows).toHaveLength(5);
    const waiting = queue.rows.map((row) => row.waitingSince);
    expect(waiting).toEqual([...waiting].sort());
  });
});

describe("the information pages list", () => {
  async function allPages(q: string) {
    const pages = [];
    let page = await listPagesForEditor(db, q);
    pages.push(page);
    while (page.next) {
      const cursor = readCursor(new URLSearchParams({ despues: page.next }), pageListCursor);
      if (!cursor.ok) throw new Error(cursor.problem.form.join(" "));
      page = await listPagesForEditor(db, q, cursor.position);
      pages.push(page);
    }
    return pages;
  }

  test("50 pages at a time by address, covering every page once; «Anterior» gives the same page back", async () => {
    const pages = await allPages("");
    const expected = await db.selectFrom("content_pages").select("path").orderBy("path").execute();
    expect(expected.length).toBeGreaterThan(100);
    expect(pages.flatMap((page) => page.rows.map((row) => row.path))).toEqual(expected.map((row) => row.path));
    expect(pages[0]!.rows).toHaveLength(50);
    expect(pages[0]!.total).toEqual({ count: expected.length, atLeast: false });
    const back = readCursor(new URLSearchParams({ antes: pages[1]!.previous! }), pageListCursor);
    if (!back.ok) throw new Error(back.problem.form.join(" "));
    expect((await listPagesForEditor(db, "", back.position)).rows).toEqual(pages[0]!.rows);
  });

  test("the search keeps every word (title or address, capitals ignored) across the pages", async () => {
    const titled = await db.selectFrom("content_pages").select(["title"]).where("title", "like", "%Pediátrica%").execute();
    const pages = await allPages("PEDIÁTRICA");
    const found = pages.flatMap((page) => page.rows);
    expect(found.length).toBe(titled.length);
    expect(found.every((row) => row.title.includes("Pediátrica"))).toBe(true);
    expect(pages[0]!.total.count).toBe(titled.length);
    expect((await listPagesForEditor(db, "zzzz no existe")).rows).toEqual([]);
  });

  test("over HTTP: «Siguiente» keeps the search, and a cursor of another list is a Spanish 400", async () => {
    const first = await (await fetch(`${server.baseUrl}/admin/contenido?q=a`, { headers: { cookie } })).text();
    expect(first.match(/<tr>/g)?.length).toBe(51); // the header row and 50 pages
    const next = /<a[^>]+href="([^"]+)"[^>]*rel="next"|<a[^>]+rel="next"[^>]*href="([^"]+)"/.exec(first);
    const href = (next?.[1] ?? next?.[2])!.replace(/&amp;/g, "&");
    expect(href).toMatch(/^\/admin\/contenido\?q=a&despues=[A-Za-z0-9_-]+$/);
    const second = await fetch(`${server.baseUrl}${href}`, { headers: { cookie } });
    expect(second.status).toBe(200);
    expect(await second.text()).toContain("Primera página");
    const refused = await fetch(`${server.baseUrl}/admin/contenido?despues=${encodeCursor(["2026-01-01T00:00:00.000Z", 1])}`, {
      headers: { cookie },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Ir a la primera página");
  });
});

describe("over HTTP", () => {
  test("«Siguiente» and «Anterior» are links that work without JavaScript", async () => {
    const first = await (await fetch(`${server.baseUrl}/admin/estudiantes?perfil=EXTERNO`, { headers: { cookie } })).text();
    const next = /<a[^>]+href="([^"]+)"[^>]*rel="next"|<a[^>]+rel="next"[^>]*href="([^"]+)"/.exec(first);
    const href = (next?.[1] ?? next?.[2])!.replace(/&amp;/g, "&");
    expect(href).toMatch(/^\/admin\/estudiantes\?perfil=EXTERNO&despues=[A-Za-z0-9_-]+$/);
    const second = await fetch(`${server.baseUrl}${href}`, { headers: { cookie } });
    expect(second.status).toBe(200);
    const html = await second.text();
    expect(html).toContain('rel="prev"');
    expect(html).toContain("Primera página");
  });

  test("a cursor that is not the list's own is a 400 with a Spanish message, never a 500", async () => {
    const hostile = [
      "despues=%27%3B%20DROP%20TABLE%20participants%3B--",
      `despues=${encodeCursor(["2026-01-01T00:00:00.000Z", "1 OR 1=1"])}`,
      `despues=${encodeCursor(["no es una fecha", 450_001])}`,
      `despues=${encodeCursor(["2026-01-01T00:00:00.000Z", 450_001, "extra"])}`,
      `despues=${Buffer.from("{not json").toString("base64url")}`,
      `despues=${"A".repeat(5_000)}`,
      `despues=${encodeCursor(["2026-01-01T00:00:00.000Z", 450_001])}&antes=${encodeCursor(["2026-01-01T00:00:00.000Z", 450_001])}`,
    ];
    for (const query of hostile) {
      const response = await fetch(`${server.baseUrl}/admin/estudiantes?${query}`, { headers: { cookie } });
      expect(response.status, query).toBe(400);
      const html = await response.text();
      expect(html).toContain("La dirección de esta página de la lista no es válida");
      expect(html).toContain("Ir a la primera página");
    }
    for (const path of ["/admin/cursos", "/admin/revision"]) {
      const response = await fetch(`${server.baseUrl}${path}?despues=${encodeCursor(["x"])}`, { headers: { cookie } });
      expect(response.status, path).toBe(400);
      expect(await response.text()).toContain(INVALID_CURSOR_MESSAGE.slice(0, 40));
    }
    const course = await db.selectFrom("enrolments").select("course_id").executeTakeFirstOrThrow();
    const enrolments = await fetch(`${server.baseUrl}/admin/cursos/${course.course_id}/inscripciones?antes=${encodeCursor([1, "x"])}`, {
      headers: { cookie },
    });
    expect(enrolments.status).toBe(400);
  });
});
