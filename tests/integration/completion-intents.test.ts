import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addEvaluationQuestion } from "~/completion/evaluation-builder.server";
import { SURVEY_QUESTIONS } from "~/completion/survey";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { createCourse, createEnrolment, createParticipant, createSignedInParticipant, createSignedInStaff, createStaffContext } from "../factories";
import { startTestServer, type TestServer } from "../support/test-server";

/**
 * The issue-25 pages on the one action pipeline (issue 23, decision 0047): each form posts its
 * `intent` as a form field to the page's own address (no `?intent=`), and a refused form comes
 * back with its messages and what was typed. Real HTTP, real SQLite.
 */
let server: TestServer;
let staffCookie = "";
let courseId = 0;
let enrolmentId = 0;

const DAYS = ["2027-06-07", "2027-06-08"];

beforeAll(async () => {
  courseId = await createCourse({
    course_name: "Urgencias pediátricas 2027",
    course_start_date: DAYS[0],
    course_finish_date: DAYS[1],
    month_id: 6,
    modality_id: MODALITY.EN_LINEA,
    venue: null,
  });
  const { id: participantId } = await createParticipant({ name: "Mónica Ríos Peña" });
  enrolmentId = await createEnrolment(participantId, courseId, { status: "confirmada", modality: "presencial" });
  staffCookie = (await createSignedInStaff(db, "ensenanza")).cookie;
  server = await startTestServer();
});

afterAll(async () => server?.close());

function post(path: string, pairs: [string, string][], cookie = staffCookie) {
  return fetch(`${server.baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(pairs).toString(),
    redirect: "manual",
  });
}

const html = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

describe("the staff pages take the intent from the form", () => {
  test("evaluation builder: a refused question and refused settings keep what was typed; «quitar» removes", async () => {
    const path = `/admin/cursos/${courseId}/evaluacion`;
    const refused = await post(path, [
      ["intent", "pregunta"],
      ["prompt", "¿Qué vacuna se aplica al nacer?"],
      ["opcion", "BCG"],
      ["opcion", "Triple viral"],
      ["correcta", "3"],
    ]);
    expect(refused.status).toBe(400);
    const page = await html(refused);
    expect(page).toContain("Marque cuál opción es la correcta");
    expect(page).toContain("¿Qué vacuna se aplica al nacer?");
    expect(page).toContain('value="Triple viral"');

    const settings = await post(path, [
      ["intent", "ajustes"],
      ["passing_grade", "101"],
      ["attempts_allowed", "2"],
      ["opens_at", ""],
      ["closes_at", ""],
    ]);
    expect(settings.status).toBe(400);
    const settingsPage = await html(settings);
    expect(settingsPage).toContain("un número entero de 0 a 100");
    expect(settingsPage).toContain('value="101"');

    const ctx = await createStaffContext("ensenanza");
    const added = await addEvaluationQuestion(db, ctx, courseId, { prompt: "¿Sobra?", options: ["Sí", "No"], correct: "0" });
    expect(added.ok).toBe(true);
    const removed = await post(path, [
      ["intent", "quitar"],
      ["question_id", String(added.ok ? added.questionId : 0)],
    ]);
    expect(removed.status).toBe(303);
    expect(await db.selectFrom("evaluation_questions").select("id").where("prompt", "=", "¿Sobra?").execute()).toEqual([]);
  });

  test("attendance: a bad day is refused saying so; no reason is refused on that person's form; with one it is recorded", async () => {
    const path = `/admin/cursos/${courseId}/asistencia?dia=${DAYS[0]}`;
    const form = (motivo: string): [string, string][] => [
      ["intent", "marcar"],
      ["dia", DAYS[0]!],
      ["inscripcion", String(enrolmentId)],
      ["motivo", motivo],
    ];
    const badDay = await post(path, [
      ["intent", "marcar"],
      ["dia", "ayer"],
      ["inscripcion", String(enrolmentId)],
      ["motivo", "Asistió."],
    ]);
    expect(badDay.status).toBe(400);
    expect(await html(badDay)).toContain("Elija el día del curso.");
    const refused = await fetch(`${server.baseUrl}${path}&q=ríos`, {
      method: "POST",
      headers: { Cookie: staffCookie, Origin: server.baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form("")).toString(),
    });
    expect(refused.status).toBe(400);
    const page = await html(refused);
    expect(page).toContain("No se marcó la asistencia");
    expect(page).toContain(`id="marcar-motivo-${enrolmentId}-error"`);
    const marked = await post(path, form("Asistió en línea a la sesión."));
    expect(marked.status).toBe(200);
    expect(await html(marked)).toMatch(/Asistencia marcada \(\d{1,2}:\d{2}\)/);
  });

  test("constancias: a forged selection is refused with one message", async () => {
    const refused = await post(`/admin/cursos/${courseId}/constancias`, [
      ["intent", "emitir"],
      ["enrolment", "1 OR 1"],
    ]);
    expect(refused.status).toBe(400);
    expect(await html(refused)).toContain("La selección no es válida");
  });
});

describe("/test/{course_id} takes the intent from the form", () => {
  test("the survey's intent field is not read as a forged answer; a missing answer keeps the others checked", async () => {
    // The page needs an evaluation with a question.
    const ctx = await createStaffContext("ensenanza");
    expect(
      (await addEvaluationQuestion(db, ctx, courseId, { prompt: "¿Qué mide Apgar?", options: ["El pulso", "Al recién nacido"], correct: "1" })).ok,
    ).toBe(true);
    const who = await createSignedInParticipant();
    await createEnrolment(who.id, courseId, { status: "confirmada" });
    const answers: [string, string][] = SURVEY_QUESTIONS.map((q) => [q.key, q.open ? "Muy claro" : "B"]);
    const missing = await post(`/test/${courseId}`, [["intent", "encuesta"], ...answers.slice(1)], who.cookie);
    expect(missing.status).toBe(400);
    const page = await html(missing);
    expect(page).toContain("Elija una calificación");
    expect(page).toMatch(/id="s1q2-1"[^>]*checked|checked[^>]*id="s1q2-1"/);
    const sent = await post(`/test/${courseId}`, [["intent", "encuesta"], ...answers], who.cookie);
    expect(sent.status).toBe(303);
    expect(await db.selectFrom("survey_responses").select("enrolment_id").execute()).toHaveLength(1);
  });
});
