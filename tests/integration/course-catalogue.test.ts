import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, test } from "vitest";
import { getChosenCourseId, getSession, setChosenCourse } from "~/accounts/session.server";
import { cataloguePageHref, currentMonthInMexicoCity, monthHref } from "~/courses/catalogue";
import type { Profile } from "~/courses/pricing";
import { CATALOGUE_PAGE_SIZE, getCourseByUrl, listCoursesByMonth } from "~/courses/courses.server";
import { db } from "~/db.server";
import { getStoredFile } from "~/files/files.server";
import { action as catalogueAction, loader as catalogueLoader } from "~/routes/ensenanza.offer";
import { loader as programmeLoader } from "~/routes/ensenanza.offer_.programa.$courseId";
import { loader as entryLoader } from "~/routes/cursos2025.$courseUrl";
import { createCourse, createSignedInParticipant } from "../factories";
import { useSeededDatabase } from "../support/database";

const context = { cspNonce: "test-nonce", requestId: "test-request", clientAddress: "127.0.0.1" };

beforeAll(async () => {
  await useSeededDatabase();
});

/** A registered participant of this profile, signed in; returns the Cookie header and the id. */
async function signedIn(profile: Profile = "EXTERNO"): Promise<{ cookie: string; id: number }> {
  const { cookie, id } = await createSignedInParticipant({ role: profile });
  return { cookie, id };
}

function get(path: string, cookie?: string) {
  return new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

function post(path: string, fields: Record<string, string>, cookie?: string) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function thrownBy(promise: Promise<unknown>): Promise<Response> {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return thrown as Response;
}

async function courseRow(id: number) {
  return db.selectFrom("courses").selectAll().where("course_id", "=", id).executeTakeFirstOrThrow();
}

describe("seeded demo courses", () => {
  test("cover every month and the combinations the catalogue must show", async () => {
    const rows = await db.selectFrom("courses").selectAll().execute();
    expect(new Set(rows.map((r) => r.month_id))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    expect(rows.some((r) => r.course_price === 0 && r.course_student_price === 0 && r.course_employee_price === 0)).toBe(true);
    expect(rows.some((r) => r.course_price > 0)).toBe(true);
    expect(rows.some((r) => r.course_able === 1) && rows.some((r) => r.course_able === 0)).toBe(true);
    expect(new Set(rows.map((r) => r.modality_id))).toEqual(new Set([1, 2, 3]));
    expect(rows.some((r) => r.modality_id === 3 && r.course_max_range === 0)).toBe(true);
    expect(rows.some((r) => r.course_price > 0 && r.course_student_price === 0)).toBe(true);
    expect(rows.some((r) => r.course_price > 0 && r.course_employee_price === 0)).toBe(true);
    expect(rows.some((r) => r.course_pdf_file_id === null)).toBe(true);
    expect(rows.some((r) => r.course_url === null)).toBe(true);
    const course286 = await courseRow(286);
    expect(course286.capacity_wording).toBe("plazas");
    expect(rows.filter((r) => r.course_id !== 286).every((r) => r.capacity_wording === "personas")).toBe(true);
    // Each course falls in its month, a year ahead at most.
    for (const row of rows) expect(Number(row.course_start_date.slice(5, 7)) - 1).toBe(row.month_id);
  });

  test("programmes are real PDFs and images are SVGs, stored in the database", async () => {
    const row = await courseRow(286);
    const pdf = await getStoredFile(db, row.course_pdf_file_id!);
    expect(pdf?.content_type).toBe("application/pdf");
    const document = await PDFDocument.load(new Uint8Array(pdf!.data), { throwOnInvalidObject: true });
    expect(document.getPageCount()).toBe(1);
    const image = await getStoredFile(db, row.course_image_file_id!);
    expect(image?.content_type).toBe("image/svg+xml");
    expect(image!.data.toString("utf8")).toContain('width="600" height="300"');
  });

  test("the database refuses impossible courses", async () => {
    const base = {
      course_id: 9001,
      course_name: "Curso de prueba",
      course_start_date: "2027-03-10",
      course_finish_date: "2027-03-12",
      course_price: 0,
      course_student_price: 0,
      course_employee_price: 0,
      course_image_file_id: null,
      course_pdf_file_id: null,
      course_url: null,
      course_password: null,
      modality_id: 2 as const,
      month_id: 2,
      venue: null,
      online_access_url: null,
    };
    // Deliberately wrong values, past the types, to reach the database's own constraints.
    const insert = (values: Record<string, unknown>) =>
      db
        .insertInto("courses")
        .values({ ...base, ...values } as never)
        .execute();
    await expect(insert({ month_id: 12 })).rejects.toThrow(/CHECK/);
    await expect(insert({ modality_id: 4 })).rejects.toThrow(/CHECK/);
    await expect(insert({ course_start_date: "2027-02-30" })).rejects.toThrow(/CHECK/);
    await expect(insert({ course_finish_date: "2027-03-01" })).rejects.toThrow(/CHECK/);
    await expect(insert({ course_price: -100 })).rejects.toThrow(/CHECK/);
    await expect(insert({ capacity_wording: "lugares" })).rejects.toThrow(/CHECK/);
    await expect(insert({ course_max_range: -1 })).rejects.toThrow(/CHECK/);
    await expect(insert({ course_url: "reanimacion-neonatal" })).rejects.toThrow(/UNIQUE/);
    await expect(insert({ course_url: "Con Espacios" })).rejects.toThrow(/CHECK/);
    await expect(insert({ modality_id: 1 })).rejects.toThrow(/CHECK/);
  });
});

describe("/ensenanza/offer loader", () => {
  test("going back to the catalogue leaves the enrolment flow: the chosen course is forgotten", async () => {
    const chosen = (await setChosenCourse(get("/ensenanza/offer"), 273)).split(";")[0]!;
    expect(await getChosenCourseId(get("/", chosen))).toBe(273);
    const result = await catalogueLoader({ request: get("/ensenanza/offer", chosen), params: {}, context });
    const cleared = new Headers(result.init?.headers).get("Set-Cookie")!.split(";")[0]!;
    expect(await getChosenCourseId(get("/", cleared))).toBeNull();
  });

  test("without ?mes it opens on the current month of Mexico City", async () => {
    const { data } = await catalogueLoader({ request: get("/ensenanza/offer"), params: {}, context });
    const month = currentMonthInMexicoCity();
    expect(data.month).toBe(month);
    expect(data.requestedMonth).toBeNull();
    const expected = await listCoursesByMonth(db, month);
    expect(data.cards.map((c) => c.id)).toEqual(expected.map((c) => c.course_id));
  });

  test("an anonymous visitor sees the three profile prices and Inscripción everywhere enrolment is open", async () => {
    const row = await courseRow(273);
    const { data } = await catalogueLoader({ request: get(`/ensenanza/offer?mes=${row.month_id}`), params: {}, context });
    expect(data.month).toBe(row.month_id);
    const card = data.cards.find((c) => c.id === 273)!;
    expect(card.name).toBe("Actualidades en Infectología Pediátrica");
    expect(card.prices).toEqual([
      { label: "Personal HIMFG", amount: "Gratuito" },
      { label: "Estudiante", amount: "Gratuito" },
      { label: "Externo", amount: "$1,500.00 MXN" },
    ]);
    expect(card.modality).toBe("En línea");
    expect(card.action).toEqual({ kind: "choose", label: "Inscripción", target: "/register" });
    expect(card.startDate).toMatch(/^10 de marzo de 20\d\d$/);
    expect(card.programme.pdfUrl).toMatch(/^\/archivos\/[0-9a-f-]{36}$/);
    expect(card.programme.courseEntryUrl).toBe("/cursos2025/actualidades-infectologia-pediatrica");
  });

  test("a signed-in participant sees their own price and Comprar or Inscripción to /payment", async () => {
    const { cookie } = await signedIn("EXTERNO");
    const paid = await courseRow(286);
    const { data } = await catalogueLoader({ request: get(`/ensenanza/offer?mes=${paid.month_id}`, cookie), params: {}, context });
    expect(data.viewerProfile).toBe("Externo");
    const paidCard = data.cards.find((c) => c.id === 286)!;
    expect(paidCard.prices).toEqual([{ label: "Precio para Externo", amount: "$5,200.00 MXN" }]);
    expect(paidCard.action).toEqual({ kind: "choose", label: "Comprar", target: "/payment" });
    expect(paidCard.capacity).toBe("24 plazas");

    const free = await courseRow(285);
    const { data: freeData } = await catalogueLoader({ request: get(`/ensenanza/offer?mes=${free.month_id}`, cookie), params: {}, context });
    const freeCard = freeData.cards.find((c) => c.id === 285)!;
    expect(freeCard.prices).toEqual([{ label: "Precio para Externo", amount: "Gratuito" }]);
    expect(freeCard.action).toEqual({ kind: "choose", label: "Inscripción", target: "/payment" });
  });

  test("each profile is priced at its own column; a paid course free for a profile gives Inscripción to /payment", async () => {
    // Course 271 costs 2,500 (Externo), 1,200 (Estudiante) and nothing for hospital staff.
    const row = await courseRow(271);
    const expectations: [Profile, string, string, string][] = [
      ["EXTERNO", "Precio para Externo", "$2,500.00 MXN", "Comprar"],
      ["ESTUDIANTE", "Precio para Estudiante", "$1,200.00 MXN", "Comprar"],
      ["PERSONAL_HIMFG", "Precio para Personal HIMFG", "Gratuito", "Inscripción"],
    ];
    for (const [profile, label, amount, button] of expectations) {
      const { cookie } = await signedIn(profile);
      const { data } = await catalogueLoader({ request: get(`/ensenanza/offer?mes=${row.month_id}`, cookie), params: {}, context });
      const card = data.cards.find((c) => c.id === 271)!;
      expect(card.prices).toEqual([{ label, amount }]);
      expect(card.action).toEqual({ kind: "choose", label: button, target: "/payment" });
    }
  });

  test("a closed course has no action button, and capacity 0 with both modalities says online only", async () => {
    const closed = await courseRow(274);
    const { data } = await catalogueLoader({ request: get(`/ensenanza/offer?mes=${closed.month_id}`), params: {}, context });
    expect(data.cards.find((c) => c.id === 274)!.action).toEqual({ kind: "closed" });
    const onlineOnly = await courseRow(275);
    const { data: may } = await catalogueLoader({ request: get(`/ensenanza/offer?mes=${onlineOnly.month_id}`), params: {}, context });
    const card = may.cards.find((c) => c.id === 275)!;
    expect(card.modality).toBe("Presencial y en línea");
    expect(card.capacity).toMatch(/^Solo en línea/);
  });

  test("never sends the course password, the access address or the enrolled content", async () => {
    const rows = await db.selectFrom("courses").select(["month_id", "course_password", "online_access_url", "course_content"]).execute();
    for (const month of new Set(rows.map((r) => r.month_id))) {
      const { data } = await catalogueLoader({ request: get(`/ensenanza/offer?mes=${month}`), params: {}, context });
      const json = JSON.stringify(data);
      for (const row of rows) {
        if (row.course_password) expect(json).not.toContain(row.course_password);
        if (row.online_access_url) expect(json).not.toContain(row.online_access_url);
      }
      expect(json).not.toContain("aula-virtual");
    }
  });

  test("an invalid ?mes falls back to the current month", async () => {
    const { data } = await catalogueLoader({ request: get("/ensenanza/offer?mes=13"), params: {}, context });
    expect(data.month).toBe(currentMonthInMexicoCity());
    expect(data.requestedMonth).toBeNull();
  });
});

describe("/ensenanza/offer action (choosing a course)", () => {
  test("an anonymous visitor's choice is stored in the server session and leads to /register (303)", async () => {
    const response = (await catalogueAction({
      request: post("/ensenanza/offer?mes=10", { intent: "choose", courseId: "286" }),
      params: {},
      context,
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/register");
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(await getChosenCourseId(get("/", cookie))).toBe(286);
    // Only the id travels in the cookie; the choice lives in the sessions table.
    expect(cookie).not.toContain("286");
  });

  test("a signed-in participant goes to /payment, keeping the same signed-in session", async () => {
    const { cookie, id } = await signedIn("ESTUDIANTE");
    for (const courseId of [286, 285]) {
      const response = (await catalogueAction({
        request: post("/ensenanza/offer", { intent: "choose", courseId: String(courseId) }, cookie),
        params: {},
        context,
      })) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/payment");
      const next = response.headers.get("Set-Cookie")!.split(";")[0]!;
      expect(await getChosenCourseId(get("/", next))).toBe(courseId);
      expect((await getSession(get("/", next))).get("participantId")).toBe(id);
    }
  });

  test("a closed course is refused: back to its month with a message, nothing stored", async () => {
    const closed = await courseRow(274);
    const response = (await catalogueAction({
      request: post("/ensenanza/offer", { intent: "choose", courseId: "274" }),
      params: {},
      context,
    })) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(monthHref(closed.month_id));
    expect(response.headers.get("Set-Cookie")).toContain("himfg_toast=");
    expect(response.headers.get("Set-Cookie")).not.toContain("himfg_session=");
  });

  test("an unknown course is a 404 and a tampered form a 400", async () => {
    const missing = await thrownBy(
      Promise.resolve(catalogueAction({ request: post("/ensenanza/offer", { intent: "choose", courseId: "999999" }), params: {}, context })),
    );
    expect(missing.status).toBe(404);
    const tampered: Record<string, string>[] = [
      { intent: "choose", courseId: "abc" },
      { intent: "buy", courseId: "286" },
      { courseId: "286" },
      { intent: "choose", courseId: "-3" },
    ];
    for (const fields of tampered) {
      const bad = await thrownBy(Promise.resolve(catalogueAction({ request: post("/ensenanza/offer", fields), params: {}, context })));
      expect(bad.status).toBe(400);
    }
  });
});

describe("programme page and course entry page", () => {
  test("the programme page shows the PDF and the course link, or says they are missing", async () => {
    const withBoth = await programmeLoader({ request: get("/ensenanza/offer/programa/286"), params: { courseId: "286" }, context });
    expect(withBoth.programme.pdfUrl).toMatch(/^\/archivos\//);
    expect(withBoth.programme.courseEntryUrl).toBe("/cursos2025/reanimacion-cardiopulmonar-pediatrica");
    const noPdf = await programmeLoader({ request: get("/ensenanza/offer/programa/276"), params: { courseId: "276" }, context });
    expect(noPdf.programme.pdfUrl).toBeNull();
    const noLink = await programmeLoader({ request: get("/ensenanza/offer/programa/277"), params: { courseId: "277" }, context });
    expect(noLink.programme.courseEntryUrl).toBeNull();
    for (const courseId of ["999999", "abc"]) {
      const response = await thrownBy(programmeLoader({ request: get(`/ensenanza/offer/programa/${courseId}`), params: { courseId }, context }));
      expect(response.status).toBe(404);
    }
  });

  test("/cursos2025/{course_url} shows the course to everyone and 404s an unknown one", async () => {
    const data = await entryLoader({ request: get("/cursos2025/reanimacion-neonatal"), params: { courseUrl: "reanimacion-neonatal" }, context });
    expect(data.card.id).toBe(271);
    expect(data.path).toBe("/cursos2025/reanimacion-neonatal");
    const row = await courseRow(271);
    expect(JSON.stringify(data)).not.toContain(row.course_password!);
    expect(await getCourseByUrl(db, "no-existe")).toBeUndefined();
    const response = await thrownBy(entryLoader({ request: get("/cursos2025/no-existe"), params: { courseUrl: "no-existe" }, context }));
    expect(response.status).toBe(404);
  });
});

describe("a month with many courses", () => {
  test("is paginated: every course on exactly one page, the true count, and a page past the end shows the last", async () => {
    const month = 9;
    for (let i = 0; i < 2 * CATALOGUE_PAGE_SIZE + 3; i++)
      await createCourse({ month_id: month, course_start_date: "2027-10-05", course_finish_date: "2027-10-06" });
    const all = await listCoursesByMonth(db, month);
    const pageCount = Math.ceil(all.length / CATALOGUE_PAGE_SIZE);
    expect(pageCount).toBeGreaterThanOrEqual(3);

    const seen: number[] = [];
    for (let page = 1; page <= pageCount; page++) {
      const { data } = await catalogueLoader({ request: get(cataloguePageHref(month, page)), params: {}, context });
      expect(data.total).toBe(all.length);
      expect(data.page).toBe(page);
      expect(data.pageCount).toBe(pageCount);
      expect(data.cards.length).toBeLessThanOrEqual(CATALOGUE_PAGE_SIZE);
      seen.push(...data.cards.map((card) => card.id));
    }
    expect(seen).toEqual(all.map((course) => course.course_id));

    const past = await catalogueLoader({ request: get(`${monthHref(month)}&pagina=999`), params: {}, context });
    expect(past.data.page).toBe(pageCount);
    const junk = await catalogueLoader({ request: get(`${monthHref(month)}&pagina=-1`), params: {}, context });
    expect(junk.data.page).toBe(1);
    expect(cataloguePageHref(month, 1)).toBe(monthHref(month));
  });
});
