import { afterAll, beforeAll, describe, expect } from "vitest";
import {
  attendanceShareOfEnrolment,
  attendanceSharesOfCourse,
  checkIn,
  markAttendance,
  openCourseAccess,
  searchCourseEnrolments,
  withdrawAttendance,
} from "~/completion/attendance.server";
import { db } from "~/db.server";
import type { StaffContext } from "~/staff/teaching/staff-context.server";
import { auditRows } from "../support/audit-rows";
import { test } from "../support/fixtures";
import { startTestServer, type TestServer } from "../support/test-server";
import { createCourse, createEnrolment, createParticipant, createPaymentAttempt, createStaffContext, sessionCookieFor } from "../factories";

/**
 * Attendance (issue 25): the door's check-in (once per day, even under concurrency), refusals that
 * store nothing, the control-number and name lookups, the online course page's attendance, staff
 * corrections (audited) and who may use the staff routes, over real SQLite and real HTTP.
 */

// A course in April 2027 (not March: the March catalogue page is full), Monday to Wednesday.
const DAYS = ["2027-04-05", "2027-04-06", "2027-04-07"];
// 9:02 in Mexico City (UTC−6, no daylight saving time since 2022).
const AT_902 = new Date("2027-04-05T15:02:00Z");
const AT_915 = new Date("2027-04-05T15:15:00Z");

let courseId = 0;
let otherCourseId = 0;
let ctx: StaffContext;
let server: TestServer;
const people = {} as Record<
  "ana" | "beto" | "carla" | "diego" | "elena" | "fuera",
  { participantId: number; enrolmentId: number; reference: string }
>;

async function checkinRows(enrolmentId: number) {
  return db.selectFrom("attendance_checkins").selectAll().where("enrolment_id", "=", enrolmentId).orderBy("id").execute();
}

beforeAll(async () => {
  courseId = await createCourse({
    course_name: "Reanimación neonatal 2027",
    course_start_date: DAYS[0],
    course_finish_date: DAYS[2],
    month_id: 3,
    course_password: "NEO-2027",
  });
  otherCourseId = await createCourse({ course_name: "Otro curso de abril", course_start_date: DAYS[0], course_finish_date: DAYS[2], month_id: 3 });
  const make = async (
    key: keyof typeof people,
    name: string,
    options: { status?: "confirmada" | "pendiente_de_pago" | "cancelada"; modality?: "presencial" | "en_linea"; course?: number } = {},
  ) => {
    const { id: participantId } = await createParticipant({ name });
    const reference = `HIMFGCURSOS${options.course ?? courseId}${String(Object.keys(people).length + 1).padStart(10, "0")}`;
    const enrolmentId = await createEnrolment(participantId, options.course ?? courseId, {
      status: options.status ?? "confirmada",
      modality: options.modality ?? "presencial",
      reference,
    });
    people[key] = { participantId, enrolmentId, reference };
  };
  await make("ana", "Ana García Pérez");
  await make("beto", "Alberto Gómez Ruiz", { status: "pendiente_de_pago" });
  await make("carla", "Carla Garcés Luna", { modality: "en_linea" });
  await make("diego", "Diego Martínez Soto");
  await make("elena", "Elena Torres Vega", { status: "cancelada" });
  await make("fuera", "Fernando García Ortiz", { course: otherCourseId });
  ctx = await createStaffContext("ensenanza");
  server = await startTestServer();
});

afterAll(async () => server?.close());

describe("check-in at the door", () => {
  test("two simultaneous check-ins store one row; the second answers «Ya registrado a las 9:02»", async () => {
    const { enrolmentId, reference } = people.ana;
    const input = { courseId, day: DAYS[0]!, lookup: { by: "numero_de_control", controlNumber: reference } } as const;
    const [first, second] = await Promise.all([checkIn(db, ctx, input, AT_902), checkIn(db, ctx, input, AT_902)]);
    expect(first.ok && second.ok).toBe(true);
    if (!first.ok || !second.ok) return;
    expect([first.already, second.already].sort()).toEqual([false, true]);
    expect((await checkinRows(enrolmentId)).length).toBe(1);
    // Later that morning, another scan: still one row, and when the first was recorded.
    const later = await checkIn(db, ctx, input, AT_915);
    expect(later).toMatchObject({ ok: true, already: true, message: "Ya registrado a las 9:02" });
    expect(later.ok && later.person).toMatchObject({ name: "Ana García Pérez", profileLabel: "Externo", statusLabel: "Confirmada" });
    const rows = await checkinRows(enrolmentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ course_day: DAYS[0], method: "numero_de_control", checked_in_at: AT_902.toISOString(), removed_at: null });
    // One audit row: the check-in that stored something.
    expect((await auditRows("enrolment", enrolmentId)).filter((row) => row.action === "asistencia.registrar")).toHaveLength(1);
  });

  test("an enrolment that is not confirmed is refused saying why, and nothing is stored", async () => {
    for (const [key, why] of [
      ["beto", "pendiente de pago"],
      ["elena", "cancelada"],
    ] as const) {
      const outcome = await checkIn(
        db,
        ctx,
        { courseId, day: DAYS[0]!, lookup: { by: "numero_de_control", controlNumber: people[key].reference } },
        AT_902,
      );
      expect(outcome.ok).toBe(false);
      if (outcome.ok) continue;
      expect(outcome.status).toBe(409);
      expect(outcome.problem.form.join(" ")).toContain(why);
      expect(await checkinRows(people[key].enrolmentId)).toEqual([]);
      expect(await auditRows("enrolment", people[key].enrolmentId)).toEqual([]);
    }
  });

  test("control numbers: the enrolment's reference or its card payment's, typed loosely; unknown ones are named", async () => {
    const payment = await createPaymentAttempt(people.diego.enrolmentId, { status: "approved" });
    const typed = payment.control_number.toLowerCase().replace(/(.{5})/g, "$1 ");
    const byPayment = await checkIn(db, ctx, { courseId, day: DAYS[1]!, lookup: { by: "numero_de_control", controlNumber: typed } }, AT_902);
    expect(byPayment).toMatchObject({ ok: true, already: false });
    expect(byPayment.ok && byPayment.person.name).toBe("Diego Martínez Soto");

    const unknown = await checkIn(
      db,
      ctx,
      { courseId, day: DAYS[1]!, lookup: { by: "numero_de_control", controlNumber: "HIMFGCURSOS0000000" } },
      AT_902,
    );
    expect(unknown).toMatchObject({ ok: false, status: 404 });
    const bad = await checkIn(db, ctx, { courseId, day: DAYS[1]!, lookup: { by: "numero_de_control", controlNumber: "<script>" } }, AT_902);
    expect(bad).toMatchObject({ ok: false, status: 400 });
    // A day that is not one of the course's.
    const offDay = await checkIn(
      db,
      ctx,
      { courseId, day: "2027-04-08", lookup: { by: "numero_de_control", controlNumber: people.diego.reference } },
      AT_902,
    );
    expect(offDay).toMatchObject({ ok: false, status: 400 });
    // Another course's enrolment at this course's door.
    const elsewhere = await checkIn(
      db,
      ctx,
      { courseId, day: DAYS[1]!, lookup: { by: "numero_de_control", controlNumber: people.fuera.reference } },
      AT_902,
    );
    expect(elsewhere.ok).toBe(false);
    expect(!elsewhere.ok && elsewhere.problem.form.join(" ")).toContain("Otro curso de abril");
    expect(await checkinRows(people.fuera.enrolmentId)).toEqual([]);
  });

  test("the QR code's /verificar/<token> and the name search find the person", async () => {
    const token = (
      await db.selectFrom("enrolments").select("verification_token").where("id", "=", people.carla.enrolmentId).executeTakeFirstOrThrow()
    ).verification_token;
    const byQr = await checkIn(db, ctx, { courseId, day: DAYS[2]!, lookup: { by: "qr", token } }, AT_902);
    expect(byQr).toMatchObject({ ok: true, already: false });
    expect((await checkinRows(people.carla.enrolmentId))[0]).toMatchObject({ method: "qr", course_day: DAYS[2] });
    expect(await checkIn(db, ctx, { courseId, day: DAYS[2]!, lookup: { by: "qr", token: "no-es-un-token" } }, AT_902)).toMatchObject({
      ok: false,
      status: 400,
    });

    // Any part of a name, accents ignored, from the trigram index.
    const found = await searchCourseEnrolments(db, { courseId, day: DAYS[0]!, q: "garc" });
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(found.people.map((person) => person.name).sort()).toEqual(["Ana García Pérez", "Carla Garcés Luna"]);
    // Only this course's enrolments (Fernando García is in another course); Ana is already in on day 1.
    expect(found.people.find((person) => person.name === "Ana García Pérez")?.checkedInAt).toBe(AT_902.toISOString());
    const accentless = await searchCourseEnrolments(db, { courseId, day: DAYS[0]!, q: "garcia perez" });
    expect(accentless.ok && accentless.people.map((person) => person.name)).toEqual(["Ana García Pérez"]);
    expect(await searchCourseEnrolments(db, { courseId, day: DAYS[0]!, q: "ga" })).toMatchObject({ ok: false, status: 400 });

    const byName = await checkIn(db, ctx, { courseId, day: DAYS[0]!, lookup: { by: "nombre", enrolmentId: people.carla.enrolmentId } }, AT_915);
    expect(byName).toMatchObject({ ok: true, already: false, message: "Registrado a las 9:15" });
  });
});

describe("online attendance on the course page", () => {
  test("opening the page during the course dates records the day once (en_linea); only its confirmed owner sees it", async () => {
    const { participantId, enrolmentId } = people.carla;
    const opened = await openCourseAccess(db, participantId, enrolmentId, new Date("2027-04-06T17:00:00Z"));
    expect(opened).toMatchObject({ ok: true, attendance: { day: DAYS[1], recordedNow: true } });
    expect(opened.ok && opened.content.coursePassword).toBe("NEO-2027");
    const again = await openCourseAccess(db, participantId, enrolmentId, new Date("2027-04-06T19:00:00Z"));
    expect(again).toMatchObject({ ok: true, attendance: { day: DAYS[1], recordedNow: false, checkedInAt: "2027-04-06T17:00:00.000Z" } });
    const onDay2 = (await checkinRows(enrolmentId)).filter((row) => row.course_day === DAYS[1]);
    expect(onDay2).toEqual([expect.objectContaining({ method: "en_linea", recorded_by: null })]);

    // Before the course: the page opens, nothing is recorded.
    const before = await openCourseAccess(db, participantId, enrolmentId, new Date("2027-04-01T17:00:00Z"));
    expect(before).toMatchObject({ ok: true, attendance: null });
    expect((await checkinRows(enrolmentId)).map((row) => row.course_day).sort()).toEqual([DAYS[0], DAYS[1], DAYS[2]]);

    // Someone else's enrolment, or one not confirmed: not found, nothing stored.
    expect(await openCourseAccess(db, people.ana.participantId, enrolmentId, new Date("2027-04-06T17:00:00Z"))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await openCourseAccess(db, people.beto.participantId, people.beto.enrolmentId, new Date("2027-04-06T17:00:00Z"))).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await checkinRows(people.beto.enrolmentId)).toEqual([]);
  });

  test("/profile/cursos/<id> over HTTP: the owner gets the access, anyone else a 404", async () => {
    const { participantId, enrolmentId } = people.carla;
    const own = await fetch(`${server.baseUrl}/profile/cursos/${enrolmentId}`, {
      headers: { Cookie: await sessionCookieFor({ id: participantId, name: "Carla Garcés Luna" }) },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toContain("no-store");
    const html = await own.text();
    expect(html).toContain("NEO-2027");
    expect(html).toContain("Reanimación neonatal 2027");
    const other = await fetch(`${server.baseUrl}/profile/cursos/${enrolmentId}`, {
      headers: { Cookie: await sessionCookieFor({ id: people.ana.participantId, name: "Ana García Pérez" }) },
    });
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain("NEO-2027");
    const anonymous = await fetch(`${server.baseUrl}/profile/cursos/${enrolmentId}`, { redirect: "manual" });
    expect(anonymous.status).toBe(303);
  });
});

describe("staff corrections", () => {
  test("marking and withdrawing need a reason, are audited, and the withdrawn row stays", async () => {
    const { enrolmentId } = people.diego;
    const noReason = await markAttendance(db, ctx, { courseId, enrolmentId, day: DAYS[0]!, reason: "  " }, AT_902);
    expect(noReason).toMatchObject({ ok: false, status: 400, problem: { fields: { motivo: [expect.stringContaining("motivo")] } } });
    expect((await checkinRows(enrolmentId)).filter((row) => row.course_day === DAYS[0])).toEqual([]);

    const marked = await markAttendance(
      db,
      ctx,
      { courseId, enrolmentId, day: DAYS[0]!, reason: "Llegó sin su documento; identificado con INE." },
      AT_902,
    );
    expect(marked).toMatchObject({ ok: true, already: false });
    expect(await markAttendance(db, ctx, { courseId, enrolmentId, day: DAYS[0]!, reason: "Otra vez" }, AT_915)).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(
      await markAttendance(db, ctx, { courseId, enrolmentId: people.beto.enrolmentId, day: DAYS[0]!, reason: "Pagará mañana" }, AT_902),
    ).toMatchObject({
      ok: false,
      status: 409,
    });

    expect(await withdrawAttendance(db, ctx, { courseId, enrolmentId, day: DAYS[0]!, reason: "" })).toMatchObject({ ok: false, status: 400 });
    const withdrawn = await withdrawAttendance(db, ctx, { courseId, enrolmentId, day: DAYS[0]!, reason: "Se registró por error." }, AT_915);
    expect(withdrawn).toMatchObject({ ok: true, name: "Diego Martínez Soto" });
    const row = (await checkinRows(enrolmentId)).find((checkin) => checkin.course_day === DAYS[0]);
    expect(row).toMatchObject({ removed_at: AT_915.toISOString(), reason: "Se registró por error.", method: "personal" });
    expect(await withdrawAttendance(db, ctx, { courseId, enrolmentId, day: DAYS[0]!, reason: "Otra vez" })).toMatchObject({ ok: false, status: 409 });

    const audits = await auditRows("enrolment", enrolmentId);
    const marking = audits.find((audit) => audit.action === "asistencia.marcar");
    const withdrawal = audits.find((audit) => audit.action === "asistencia.retirar");
    expect(marking && JSON.parse(marking.after_json!)).toMatchObject({
      course_day: DAYS[0],
      reason: "Llegó sin su documento; identificado con INE.",
    });
    expect(withdrawal && JSON.parse(withdrawal.after_json!)).toMatchObject({ course_day: DAYS[0], reason: "Se registró por error." });
    expect(withdrawal?.actor_email).toBe(ctx.actor.email);

    // A withdrawn online day is not brought back by the participant reopening the page.
    const carla = people.carla;
    await withdrawAttendance(db, ctx, { courseId, enrolmentId: carla.enrolmentId, day: DAYS[1]!, reason: "No se conectó a la sesión." });
    await openCourseAccess(db, carla.participantId, carla.enrolmentId, new Date("2027-04-06T20:00:00Z"));
    expect((await checkinRows(carla.enrolmentId)).find((checkin) => checkin.course_day === DAYS[1])?.removed_at).not.toBeNull();
  });

  test("the attendance share: standing days over course days; online counts full with one day", async () => {
    const shares = await attendanceSharesOfCourse(db, courseId);
    // Ana: day 1 of 3.
    expect(shares.get(people.ana.enrolmentId)).toMatchObject({ attendedDays: 1, courseDays: 3, online: false });
    expect(shares.get(people.ana.enrolmentId)!.share).toBeCloseTo(1 / 3);
    // Diego: day 2 by control number (day 1 withdrawn).
    expect(shares.get(people.diego.enrolmentId)).toMatchObject({ attendedDays: 1, courseDays: 3 });
    // Carla (online): days 1 and 3 standing, day 2 withdrawn → full.
    expect(shares.get(people.carla.enrolmentId)).toMatchObject({ attendedDays: 2, share: 1, online: true });
    expect(shares.get(people.beto.enrolmentId)).toMatchObject({ attendedDays: 0, share: 0 });
    expect(await attendanceShareOfEnrolment(db, people.diego.enrolmentId)).toEqual(shares.get(people.diego.enrolmentId));
  });
});

describe("the staff routes over HTTP", () => {
  test("the Teaching office checks in by control number without JavaScript; a participant or another role cannot", async ({ staffMember }) => {
    const teaching = await staffMember("ensenanza");
    const finance = await staffMember("finanzas");
    const page = `${server.baseUrl}/admin/cursos/${courseId}/asistencia`;
    const post = (cookie: string, body: Record<string, string>) =>
      fetch(`${page}?dia=${DAYS[2]}`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
        body: new URLSearchParams(body),
      });
    const form = { intent: "numero_de_control", dia: DAYS[2]!, numero_de_control: people.ana.reference };

    const participantCookie = await sessionCookieFor({ id: people.ana.participantId, name: "Ana García Pérez" });
    expect((await fetch(page, { headers: { Cookie: participantCookie }, redirect: "manual" })).status).toBe(303);
    expect((await post(participantCookie, form)).status).toBe(303);
    expect((await fetch(page, { headers: { Cookie: finance.cookie }, redirect: "manual" })).status).toBe(403);
    expect((await post(finance.cookie, form)).status).toBe(403);
    expect((await fetch(`${page}/exportar?formato=csv`, { headers: { Cookie: finance.cookie }, redirect: "manual" })).status).toBe(403);
    expect((await checkinRows(people.ana.enrolmentId)).filter((row) => row.course_day === DAYS[2])).toEqual([]);

    const first = await post(teaching.cookie, form);
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(/Registrado a las \d{1,2}:\d{2}/);
    const second = await post(teaching.cookie, form);
    expect(second.status).toBe(200);
    expect(await second.text()).toMatch(/Ya registrado a las \d{1,2}:\d{2}/);
    const refused = await post(teaching.cookie, { ...form, numero_de_control: people.beto.reference });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("pendiente de pago");

    const listed = await (await fetch(`${page}?dia=${DAYS[2]}`, { headers: { Cookie: teaching.cookie } })).text();
    expect(listed).toContain("2 registrados / 3 inscritos");

    const csv = await fetch(`${page}/exportar?formato=csv`, { headers: { Cookie: teaching.cookie } });
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain(`${DAYS[0]} (hora de registro, Ciudad de México)`);
    expect(text).toContain("Ana García Pérez");
    expect(text).toContain("2027-04-05 09:02");
    expect(text).not.toContain("Fernando García Ortiz");
    const exported = await auditRows("course", courseId);
    expect(exported.some((row) => row.action === "asistencia.exportar_dias")).toBe(true);
  });
});
