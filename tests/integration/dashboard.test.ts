import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { ConstanciasChart, EnrolmentCharts, SeatsChart } from "~/staff/dashboard-charts";
import { constanciasByMonth, documentsWaitingForReview, enrolmentsByMonth, lastTwelveMonths, seatsThisMonth } from "~/staff/dashboard.server";
import { mexicoCityDay, mexicoCityMonth } from "~/utils/mexico-city";
import { clearOfMexicoCityMidnight } from "../support/midnight";
import { MONTHS_TO_MARCH_2030 } from "../support/months";
import { startTestServer } from "../support/test-server";
import { createCourse, createEnrolment, createParticipant, createPrivatePdf, createSignedInStaff } from "../factories";

// The staff dashboard (issue 26): the Teaching office's enrolments, seats, document queue and
// constancias, in Mexico City months, and each role's own sections.

let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => {
  await close?.();
});

// 15 March 2030, noon in Mexico City (UTC−6): the twelve months run from April 2029 to March 2030.
const NOW = new Date("2030-03-15T18:00:00.000Z");

let folios = 0;
/** Courses one after the other (their ids come from the last one). */
async function courses(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push(await createCourse({ course_start_date: "2029-01-01", course_finish_date: "2029-01-02" }));
  return ids;
}

async function constancia(enrolmentId: number, kind: "asistencia" | "acreditacion", issuedAt: string, extra: { revoked?: boolean } = {}) {
  folios += 1;
  await db
    .insertInto("constancias")
    .values({
      folio: `DASH-${folios}`,
      enrolment_id: enrolmentId,
      kind,
      participant_name: "Prueba",
      course_name: "Curso",
      course_start_date: "2029-01-01",
      course_finish_date: "2029-01-02",
      hours: 10,
      grade: null,
      issued_at: issuedAt,
      issued_by: "Prueba",
      revoked_at: extra.revoked ? issuedAt : null,
      revocation_reason: extra.revoked ? "Prueba" : null,
    })
    .execute();
}

describe("the Teaching office's figures", () => {
  test("the twelve months are Mexico City months, oldest first", () => {
    const months = lastTwelveMonths(NOW);
    expect(months.map((m) => m.month)).toEqual(MONTHS_TO_MARCH_2030);
    expect(months[11]).toMatchObject({ start: "2030-03-01T06:00:00.000Z", end: "2030-04-01T06:00:00.000Z", label: "marzo de 2030" });
    expect(months[0]!.start).toBe("2029-04-01T06:00:00.000Z");
  });

  test("enrolments confirmed per month by profile and modality, at the Mexico City month's edges", async () => {
    const staff = await createParticipant({ role: "PERSONAL_HIMFG" });
    const student = await createParticipant({ role: "ESTUDIANTE" });
    const external = await createParticipant({ role: "EXTERNO" });
    const course = await courses(8);
    // 1 March 05:59 UTC is 28 February 23:59 in Mexico City; 06:00 is 1 March 00:00.
    await createEnrolment(staff.id, course[0]!, { modality: "presencial", confirmed_at: "2030-03-01T05:59:59.000Z" });
    await createEnrolment(staff.id, course[1]!, { modality: "presencial", confirmed_at: "2030-03-01T06:00:00.000Z" });
    await createEnrolment(student.id, course[0]!, { modality: "en_linea", confirmed_at: "2030-03-14T12:00:00.000Z" });
    await createEnrolment(external.id, course[0]!, { modality: "en_linea", confirmed_at: "2030-03-31T23:00:00.000Z" });
    // April 2029 is the first month; its last instant before is March 2029, left out; so is April 2030.
    await createEnrolment(external.id, course[1]!, { modality: "presencial", confirmed_at: "2029-04-01T06:00:00.000Z" });
    await createEnrolment(external.id, course[2]!, { modality: "presencial", confirmed_at: "2029-04-01T05:59:00.000Z" });
    await createEnrolment(external.id, course[3]!, { modality: "presencial", confirmed_at: "2030-04-01T06:00:00.000Z" });
    // Cancelled after being confirmed, and still waiting: not confirmed enrolments.
    await createEnrolment(student.id, course[4]!, { modality: "presencial", status: "cancelada", confirmed_at: "2030-03-10T12:00:00.000Z" });
    await createEnrolment(student.id, course[5]!, { modality: "presencial", status: "pendiente_de_pago" });

    const months = await enrolmentsByMonth(db, NOW);
    expect(months.map((m) => m.month)).toEqual(lastTwelveMonths(NOW).map((m) => m.month));
    const march = months[11]!;
    expect(march.counts).toEqual({
      PERSONAL_HIMFG: { presencial: 1, en_linea: 0 },
      ESTUDIANTE: { presencial: 0, en_linea: 1 },
      EXTERNO: { presencial: 0, en_linea: 1 },
    });
    expect(march.total).toBe(3);
    expect(months[10]).toMatchObject({ month: "2030-02", total: 1, counts: { PERSONAL_HIMFG: { presencial: 1, en_linea: 0 } } });
    expect(months[0]).toMatchObject({ month: "2029-04", total: 1, counts: { EXTERNO: { presencial: 1, en_linea: 0 } } });
    expect(months.reduce((sum, m) => sum + m.total, 0)).toBe(5);

    // The same figures in the chart's bars and in the table.
    const html = renderToStaticMarkup(createElement(EnrolmentCharts, { months }));
    expect(html.match(/role="img"/g)).toHaveLength(2);
    expect(html).toContain("marzo de 2030, personal himfg: 1");
    expect(html).toContain("marzo de 2030, en línea: 2");
    expect(html).toMatch(/<th scope="row">marzo de 2030<\/th><td>1<\/td><td>0<\/td><td>0<\/td><td>1<\/td><td>0<\/td><td>1<\/td><td>3<\/td>/);
    expect(html).not.toContain("style=");
  });

  test("seats of the courses that start this month: taken as the enrolment rules count them, against the capacity", async () => {
    const a = await createCourse({
      course_name: "Reanimación neonatal",
      course_start_date: "2030-03-20",
      course_finish_date: "2030-03-21",
      course_max_range: 12,
    });
    const b = await createCourse({
      course_name: "Urgencias",
      course_start_date: "2030-03-01",
      course_finish_date: "2030-03-02",
      course_max_range: 5,
    });
    await createCourse({ course_name: "De abril", course_start_date: "2030-04-01", course_finish_date: "2030-04-02" });
    await createCourse({ course_name: "De febrero", course_start_date: "2030-02-28", course_finish_date: "2030-03-02" });
    await createCourse({ course_name: "Solo en línea", course_start_date: "2030-03-05", course_finish_date: "2030-03-06", modality_id: 2 });
    await createCourse({
      course_name: "Archivado",
      course_start_date: "2030-03-05",
      course_finish_date: "2030-03-06",
      archived_at: "2030-01-01T00:00:00.000Z",
    });
    const people = await Promise.all(Array.from({ length: 5 }, () => createParticipant()));
    await createEnrolment(people[0]!.id, a, { modality: "presencial" });
    await createEnrolment(people[1]!.id, a, { modality: "presencial" });
    // A seat held for a card payment still in time counts; one whose hold expired does not.
    await createEnrolment(people[2]!.id, a, { modality: "presencial", status: "pendiente_de_pago", seat_held_until: "2030-03-15T18:30:00.000Z" });
    await createEnrolment(people[3]!.id, a, { modality: "presencial", status: "pendiente_de_pago", seat_held_until: "2030-03-15T17:00:00.000Z" });
    await createEnrolment(people[4]!.id, a, { modality: "en_linea" });
    await createEnrolment(people[0]!.id, b, { modality: "presencial", status: "cancelada" });

    const seats = await seatsThisMonth(db, NOW);
    expect(seats.monthLabel).toBe("marzo de 2030");
    expect(seats.courses).toEqual([
      { courseId: b, courseName: "Urgencias", startDate: "2030-03-01", capacity: 5, taken: 0, online: 0 },
      { courseId: a, courseName: "Reanimación neonatal", startDate: "2030-03-20", capacity: 12, taken: 3, online: 1 },
    ]);
    const html = renderToStaticMarkup(createElement(SeatsChart, seats));
    expect(html).toContain("Reanimación neonatal, ocupados: 3");
    expect(html).toContain("Reanimación neonatal, cupo: 12");
    expect(html).toMatch(/<th scope="row">Reanimación neonatal<\/th><td>20 mar<\/td><td>3<\/td><td>12<\/td><td>1<\/td>/);
  });

  test("documents waiting, by Mexico City days of wait, with the oldest's age", async () => {
    const someone = await createParticipant();
    const other = await createParticipant();
    const document = async (
      participantId: number,
      kind: "student_id_front" | "student_id_back" | "professional_license",
      createdAt: string,
      status: "pendiente" | "aprobado" = "pendiente",
    ) =>
      db
        .insertInto("participant_documents")
        .values({
          participant_id: participantId,
          kind,
          file_id: await createPrivatePdf("credencial.pdf"),
          status,
          created_at: createdAt,
          reviewed_at: status === "pendiente" ? null : createdAt,
        })
        .execute();
    // 13 March 06:00 UTC is 13 March 00:00 in Mexico City: 2 days before the 15th. 05:59 is the 12th: 3 days.
    await document(someone.id, "student_id_front", "2030-03-13T06:00:00.000Z");
    await document(someone.id, "student_id_back", "2030-03-13T05:59:00.000Z");
    await document(someone.id, "professional_license", "2030-03-01T12:00:00.000Z");
    await document(other.id, "student_id_front", "2030-02-01T12:00:00.000Z");
    await document(other.id, "student_id_back", "2030-01-01T12:00:00.000Z", "aprobado");
    const queue = await documentsWaitingForReview(db, 10, NOW);
    expect(queue.total).toBe(4);
    expect(queue.byAge.map((band) => [band.key, band.count])).toEqual([
      ["0-2", 1],
      ["3-7", 1],
      ["8-14", 1],
      ["15+", 1],
    ]);
    expect(queue.oldest[0]).toMatchObject({ participantId: other.id, daysWaiting: 42 });
  });

  test("constancias issued per month by kind: the standing ones, in Mexico City months", async () => {
    const person = await createParticipant();
    const enrolments: number[] = [];
    for (const id of await courses(5)) enrolments.push(await createEnrolment(person.id, id));
    await constancia(enrolments[0]!, "asistencia", "2030-03-01T06:00:00.000Z");
    await constancia(enrolments[1]!, "acreditacion", "2030-03-10T06:00:00.000Z");
    await constancia(enrolments[2]!, "asistencia", "2030-03-01T05:59:00.000Z");
    await constancia(enrolments[3]!, "acreditacion", "2030-03-05T06:00:00.000Z", { revoked: true });
    await constancia(enrolments[4]!, "asistencia", "2029-03-31T12:00:00.000Z");
    const months = await constanciasByMonth(db, NOW);
    expect(months[11]).toEqual({ month: "2030-03", label: "marzo de 2030", counts: { asistencia: 1, acreditacion: 1 }, total: 2 });
    expect(months[10]).toMatchObject({ month: "2030-02", counts: { asistencia: 1, acreditacion: 0 }, total: 1 });
    expect(months.reduce((sum, m) => sum + m.total, 0)).toBe(3);
    const html = renderToStaticMarkup(createElement(ConstanciasChart, { months }));
    expect(html).toContain("marzo de 2030, acreditación: 1");
    expect(html).toMatch(/<th scope="row">marzo de 2030<\/th><td>1<\/td><td>1<\/td><td>2<\/td>/);
  });
});

describe("/admin/dashboard by role", () => {
  test("the Teaching office sees its charts and tables, not the money; Finance sees the money, not the Teaching office's", async () => {
    // This month here and in the server's render a moment later: not across a month's last midnight.
    await clearOfMexicoCityMidnight(10_000);
    const month = mexicoCityMonth(new Date());
    const startDay = mexicoCityDay(new Date(Date.parse(month.start) + 24 * 3_600_000));
    const course = await createCourse({
      course_name: "Curso del tablero",
      course_start_date: startDay,
      course_finish_date: startDay,
      course_max_range: 9,
    });
    const person = await createParticipant();
    await createEnrolment(person.id, course, { modality: "presencial" });

    const teaching = await createSignedInStaff(db, "ensenanza");
    const teachingHtml = await (await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: teaching.cookie } })).text();
    for (const id of [
      "enrolments-by-profile-chart",
      "enrolments-by-modality-chart",
      "enrolments-table",
      "seats-chart",
      "seats-table",
      "constancias-chart",
      "constancias-table",
      "teaching-figures",
    ]) {
      expect(teachingHtml, id).toContain(`data-testid="${id}"`);
    }
    expect(teachingHtml).toMatch(/<th scope="row">Curso del tablero<\/th><td>[^<]+<\/td><td>1<\/td><td>9<\/td>/);
    expect(teachingHtml).toMatch(/<svg role="img" aria-labelledby="[^"]+ [^"]+"/);
    expect(teachingHtml).not.toContain('data-testid="income-chart"');
    expect(teachingHtml).not.toContain('data-testid="dashboard-figures"');
    expect(teachingHtml).not.toContain("Ingresos netos");
    expect(teachingHtml).not.toMatch(/<[^>]+ style="/);

    const finance = await createSignedInStaff(db, "finanzas");
    const financeHtml = await (await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: finance.cookie } })).text();
    expect(financeHtml).toContain('data-testid="income-chart"');
    expect(financeHtml).toContain('data-testid="dashboard-figures"');
    expect(financeHtml).toContain("Ingresos netos");
    for (const id of ["enrolments-table", "seats-table", "constancias-table", "teaching-figures", "documents-waiting"]) {
      expect(financeHtml, id).not.toContain(`data-testid="${id}"`);
    }
    expect(financeHtml).not.toContain("Curso del tablero");

    const communications = await createSignedInStaff(db, "comunicacion");
    const communicationsHtml = await (await fetch(`${baseUrl}/admin/dashboard`, { headers: { Cookie: communications.cookie } })).text();
    expect(communicationsHtml).not.toContain('role="img"');
    expect(communicationsHtml).not.toContain("Curso del tablero");
  });
});
