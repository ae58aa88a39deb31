import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { registerParticipant } from "~/accounts/participants.server";
import { getCalendarFeedToken, regenerateCalendarFeed } from "~/calendar/ical.server";
import { db } from "~/db.server";
import { samplePdf } from "../support/sample-files";
import { useSeededDatabase } from "../support/database";
import { startTestServer } from "../support/test-server";

// Issue 14: the iCalendar feeds over real HTTP, read back by an independent parser (ical.js),
// and the course page's schema.org JSON-LD and Open Graph image.
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  delete process.env.DEMO_MODE;
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
}, 60_000);

afterAll(async () => close?.());

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  // Register the feed's own VTIMEZONE so TZID times convert with it (as a calendar application does).
  for (const zone of component.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  return component;
}

async function getCalendar(pathName: string) {
  const response = await fetch(`${baseUrl}${pathName}`);
  expect(response.status, pathName).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/calendar/);
  const text = await response.text();
  return { text, calendar: parse(text), response };
}

function expectValidEvent(event: ICAL.Component) {
  expect(event.getFirstPropertyValue("uid")).toMatch(/^curso-\d+(-sesion-\d+)?@/);
  const stamp = event.getFirstPropertyValue("dtstamp") as ICAL.Time;
  expect(stamp).toBeInstanceOf(ICAL.Time);
  // DTSTAMP is UTC (RFC 5545 §3.8.7.2).
  expect(stamp.zone?.tzid).toBe("UTC");
  expect(event.getFirstPropertyValue("dtstart")).toBeInstanceOf(ICAL.Time);
  expect(event.getFirstPropertyValue("summary")).toBeTruthy();
}

describe("/ensenanza/offer.ics", () => {
  test("every open course as an all-day event, with a Mexico City VTIMEZONE; closed courses left out", async () => {
    const closed = await db.selectFrom("courses").select(["course_id", "course_name"]).orderBy("course_id").executeTakeFirstOrThrow();
    await db.updateTable("courses").set({ course_able: 0 }).where("course_id", "=", closed.course_id).execute();
    const open = await db
      .selectFrom("courses")
      .select(["course_id", "course_start_date", "course_finish_date"])
      .where("course_able", "=", 1)
      .execute();
    expect(open.length).toBeGreaterThan(0);

    const { calendar, text } = await getCalendar("/ensenanza/offer.ics");
    expect(calendar.name).toBe("vcalendar");
    expect(calendar.getFirstPropertyValue("version")).toBe("2.0");
    expect(calendar.getFirstPropertyValue("prodid")).toBeTruthy();
    const zones = calendar.getAllSubcomponents("vtimezone");
    expect(zones.map((zone) => zone.getFirstPropertyValue("tzid"))).toEqual(["America/Mexico_City"]);
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(open.length);
    for (const event of events) {
      expectValidEvent(event);
      const start = event.getFirstPropertyValue("dtstart") as ICAL.Time;
      const end = event.getFirstPropertyValue("dtend") as ICAL.Time;
      expect(start.isDate).toBe(true);
      const id = Number(/^curso-(\d+)@/.exec(String(event.getFirstPropertyValue("uid")))![1]);
      const course = open.find((c) => c.course_id === id)!;
      expect(start.toString()).toBe(course.course_start_date);
      // DTEND of an all-day event is exclusive: the day after the last day.
      const last = end.clone();
      last.adjust(-1, 0, 0, 0);
      expect(last.toString()).toBe(course.course_finish_date);
    }
    expect(text).not.toContain(`UID:curso-${closed.course_id}@`);
    // Lines end in CRLF, as RFC 5545 requires.
    expect(text.split("\r\n").length).toBeGreaterThan(10);
    await db.updateTable("courses").set({ course_able: 1 }).where("course_id", "=", closed.course_id).execute();
  });

  test("ETag: 304 when unchanged", async () => {
    const first = await fetch(`${baseUrl}/ensenanza/offer.ics`);
    const etag = first.headers.get("etag")!;
    expect(etag).toBeTruthy();
    const again = await fetch(`${baseUrl}/ensenanza/offer.ics`, { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });
});

describe("/cursos2025/{course_url}.ics", () => {
  test("the course and its sessions; text escaped and read back exactly; no access links", async () => {
    const course = await db
      .selectFrom("courses")
      .select(["course_id", "course_url", "course_content"])
      .where("course_url", "is not", null)
      .orderBy("course_id")
      .executeTakeFirstOrThrow();
    const tricky = 'Pediatría; urgencias, "casos" \\ y más\nsegunda línea';
    await db
      .updateTable("courses")
      .set({
        course_name: tricky,
        course_content: JSON.stringify({
          sessions: [
            { title: "Inauguración", date: "2026-03-10T10:00", url: "https://aula.example.org/secreta-1" },
            { title: "Taller", date: "2026-03-11", url: "https://aula.example.org/secreta-2" },
          ],
        }),
      })
      .where("course_id", "=", course.course_id)
      .execute();

    const { calendar, text } = await getCalendar(`/cursos2025/${course.course_url}.ics`);
    expect(text).not.toContain("secreta");
    const events = calendar.getAllSubcomponents("vevent");
    expect(events).toHaveLength(3);
    events.forEach(expectValidEvent);
    expect(events[0]!.getFirstPropertyValue("summary")).toBe(tricky);
    // The calendar's own name (the course's) is escaped too: ical-generator leaves it raw.
    // (ical.js returns an X- property's value as written, so compare with the escaped form.)
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe('Pediatría\\; urgencias\\, "casos" \\\\ y más\\nsegunda línea');

    const timed = events.find((event) => String(event.getFirstPropertyValue("summary")).endsWith("Inauguración"))!;
    const start = timed.getFirstPropertyValue("dtstart") as ICAL.Time;
    expect(start.isDate).toBe(false);
    expect(start.zone?.tzid).toBe("America/Mexico_City");
    // 10:00 in Mexico City (UTC−6) is 16:00 UTC.
    expect(start.toJSDate().toISOString()).toBe("2026-03-10T16:00:00.000Z");

    const allDay = events.find((event) => String(event.getFirstPropertyValue("summary")).endsWith("Taller"))!;
    expect((allDay.getFirstPropertyValue("dtstart") as ICAL.Time).toString()).toBe("2026-03-11");
    await db.updateTable("courses").set({ course_content: course.course_content }).where("course_id", "=", course.course_id).execute();
  });

  test("an unknown course is a 404", async () => {
    const response = await fetch(`${baseUrl}/cursos2025/no-existe-este-curso.ics`);
    expect(response.status).toBe(404);
  });
});

describe("a participant's private feed", () => {
  test("their enrolments at an unguessable address; regenerating revokes the old one; the profile shows it", async () => {
    const password = "Pediatria-2025!";
    const email = `calendario.${Date.now()}@example.com`;
    const registered = await registerParticipant(
      db,
      {
        name: "Rosa Díaz",
        grade: "Médico",
        institution: "SSA",
        email,
        password,
        age: 38,
        graduated: "SÍ",
        nationality: "Mexicana",
        state: "Puebla",
        phone: "2221234567",
        role: "EXTERNO",
      },
      [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }],
    );
    if (!registered.ok) throw new Error("no participant");
    const participantId = registered.participant.id;
    const course = await db.selectFrom("courses").select(["course_id", "course_name"]).orderBy("course_id", "desc").executeTakeFirstOrThrow();
    await db
      .insertInto("enrolments")
      .values({
        participant_id: participantId,
        course_id: course.course_id,
        modality: "en_linea",
        status: "confirmada",
        amount_centavos: 0,
        confirmed_at: new Date().toISOString(),
        verification_token: "C".repeat(22),
      })
      .execute();

    // Sign in and create the address from the profile.
    const login = await fetch(`${baseUrl}/userlogin`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
      body: new URLSearchParams({ student_email: email, student_password: password }).toString(),
      redirect: "manual",
    });
    expect(login.status).toBe(303);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const create = await fetch(`${baseUrl}/profile/calendario`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: baseUrl, ...FORM },
      body: "",
      redirect: "manual",
    });
    expect(create.status).toBe(303);
    const token = (await getCalendarFeedToken(db, participantId))!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const profile = await (await fetch(`${baseUrl}/profile`, { headers: { Cookie: cookie } })).text();
    expect(profile).toContain(`/calendario/${token}/mis-cursos.ics`);
    expect(profile).toContain("Regenerar la dirección");

    const { calendar, response } = await getCalendar(`/calendario/${token}/mis-cursos.ics`);
    expect(response.headers.get("cache-control")).toMatch(/private/);
    const summaries = calendar.getAllSubcomponents("vevent").map((event) => event.getFirstPropertyValue("summary"));
    expect(summaries).toContain(course.course_name);

    const fresh = await regenerateCalendarFeed(db, participantId);
    expect(fresh).not.toBe(token);
    expect((await fetch(`${baseUrl}/calendario/${token}/mis-cursos.ics`)).status).toBe(404);
    expect((await fetch(`${baseUrl}/calendario/${fresh}/mis-cursos.ics`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/calendario/${"x".repeat(43)}/mis-cursos.ics`)).status).toBe(404);
  });

  test("regenerating needs a signed-in participant", async () => {
    const response = await fetch(`${baseUrl}/profile/calendario`, {
      method: "POST",
      headers: { Origin: baseUrl, ...FORM },
      body: "",
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/^\/userlogin/);
  });
});

describe("the course page for search engines and social networks", () => {
  test("schema.org Course / CourseInstance JSON-LD with dates, mode, MXN offers per profile, location; an Open Graph image", async () => {
    const course = await db
      .selectFrom("courses")
      .select([
        "course_url",
        "course_name",
        "course_start_date",
        "course_finish_date",
        "course_price",
        "course_student_price",
        "course_employee_price",
        "modality_id",
      ])
      .where("course_url", "is not", null)
      .where("modality_id", "=", 1)
      .orderBy("course_id")
      .executeTakeFirstOrThrow();
    const html = await (await fetch(`${baseUrl}/cursos2025/${course.course_url}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON-LD tree, probed field by field below
    const data = blocks.find((block) => block["@type"] === "Course") as Record<string, any>;
    expect(data).toBeTruthy();
    expect(data.name).toBe(course.course_name);
    expect(data.provider.name).toBe("Hospital Infantil de México Federico Gómez");
    const instance = data.hasCourseInstance;
    expect(instance["@type"]).toBe("CourseInstance");
    expect(instance.startDate).toBe(course.course_start_date);
    expect(instance.endDate).toBe(course.course_finish_date);
    expect(instance.courseMode).toBe("Onsite");
    expect(instance.location["@type"]).toBe("Place");
    expect(instance.location.address.addressCountry).toBe("MX");
    const prices = (data.offers as { price: string; priceCurrency: string; name: string }[]).map((offer) => [
      offer.name,
      offer.price,
      offer.priceCurrency,
    ]);
    expect(prices).toEqual([
      ["Precio Personal HIMFG", (course.course_employee_price / 100).toFixed(2), "MXN"],
      ["Precio Estudiante", (course.course_student_price / 100).toFixed(2), "MXN"],
      ["Precio Externo", (course.course_price / 100).toFixed(2), "MXN"],
    ]);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+"/);
    expect(html).toContain(`href="/cursos2025/${course.course_url}.ics"`);
    expect(html).toContain("Agregar a mi calendario");
  });
});
