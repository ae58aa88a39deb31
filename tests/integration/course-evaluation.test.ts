import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { addEvaluationQuestion, saveEvaluationSettings } from "~/completion/evaluation-builder.server";
import { evaluationStandings, evaluationStandingOf } from "~/completion/evaluation.server";
import { evaluationResults } from "~/completion/evaluation-results.server";
import { SURVEY_QUESTIONS } from "~/completion/survey";
import { surveySummary } from "~/completion/survey.server";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { loader as testLoader } from "~/routes/test.$courseId";
import { instantToMexicoCityLocal } from "~/utils/mexico-city";
import { createCourse, createEnrolment, createSignedInParticipant, createSignedInStaff, createStaffContext } from "../factories";
import { auditRows } from "../support/audit-rows";
import { startTestServer } from "../support/test-server";
import { readXlsx } from "../support/xlsx";

/**
 * /test/{course_id} and the evaluation's staff pages over real HTTP (issue 25): the answers never
 * reach the browser, the server grades and keeps every attempt, refusals store nothing.
 */
let baseUrl = "";
let close: () => Promise<void>;

const COURSE = 7601;
const OTHER_COURSE = 7602;
const CLOSED_COURSE = 7603;

type Who = { id: number; cookie: string };
let passer: Who;
let failer: Who;
let surveyor: Who;
let forger: Who;
let unconfirmed: Who;
let otherCourse: Who;
let lateComer: Who;
let staffCookie = "";
let questions: { id: number; options: { id: number; correct: boolean }[] }[] = [];

async function buildEvaluation(courseId: number, window: { opensAt?: string; closesAt?: string } = {}) {
  const ctx = await createStaffContext("ensenanza");
  const saved = await saveEvaluationSettings(db, ctx, courseId, {
    passingGrade: "70",
    attemptsAllowed: "2",
    opensAt: window.opensAt ?? "",
    closesAt: window.closesAt ?? "",
  });
  expect(saved.ok).toBe(true);
  const prompts = [
    ["¿Cuál es la frecuencia cardiaca normal de un recién nacido?", ["60 a 80 lpm", `120 a 160 lpm`, "200 a 240 lpm"], 1],
    ["¿Qué escala valora al recién nacido al minuto y a los cinco minutos?", ["Apgar", "Glasgow", "Silverman"], 0],
    ["¿Cuál es la primera acción ante un paro respiratorio?", ["Administrar adrenalina", "Tomar una radiografía", "Abrir la vía aérea"], 2],
  ] as const;
  for (const [prompt, options, correct] of prompts) {
    const added = await addEvaluationQuestion(db, ctx, courseId, { prompt, options, correct: String(correct) });
    expect(added.ok).toBe(true);
  }
}

async function questionsOf(courseId: number) {
  const rows = await db
    .selectFrom("evaluation_questions as q")
    .innerJoin("evaluation_options as o", "o.question_id", "q.id")
    .select(["q.id as questionId", "o.id as optionId", "o.is_correct"])
    .where("q.course_id", "=", courseId)
    .orderBy("q.position")
    .orderBy("o.position")
    .execute();
  const list: { id: number; options: { id: number; correct: boolean }[] }[] = [];
  for (const row of rows) {
    let q = list.find((x) => x.id === row.questionId);
    if (!q) list.push((q = { id: row.questionId, options: [] }));
    q.options.push({ id: row.optionId, correct: row.is_correct === 1 });
  }
  return list;
}

/** The form's pairs answering `right` questions correctly (the first ones) and the rest wrongly. */
function answers(right: number): [string, string][] {
  return questions.map((q, index) => {
    const option = q.options.find((o) => o.correct === index < right)!;
    return [`pregunta-${q.id}`, String(option.id)];
  });
}

const FULL_SURVEY: [string, string][] = SURVEY_QUESTIONS.map((q, index) => [
  q.key,
  q.open ? `Respuesta abierta ${index} <script>alert(1)</script>` : (["E", "B", "D"] as const)[index % 3]!,
]);

function post(path: string, pairs: [string, string][], cookie: string) {
  return fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(pairs).toString(),
    redirect: "manual",
  });
}

function get(path: string, cookie: string) {
  return fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
}

/** A page's HTML without the comments React puts between adjacent text pieces. */
async function textOf(response: Response): Promise<string> {
  return (await response.text()).replaceAll("<!-- -->", "");
}

async function attemptsOf(who: Who) {
  return db
    .selectFrom("evaluation_attempts as a")
    .innerJoin("enrolments as e", "e.id", "a.enrolment_id")
    .select(["a.attempt_number", "a.grade", "a.passed"])
    .where("e.participant_id", "=", who.id)
    .orderBy("a.attempt_number")
    .execute();
}

async function surveyRowsOf(who: Who) {
  return db
    .selectFrom("survey_responses as s")
    .innerJoin("enrolments as e", "e.id", "s.enrolment_id")
    .select("s.answers")
    .where("e.participant_id", "=", who.id)
    .execute();
}

async function enrolled(courseId: number, status: "confirmada" | "pendiente_de_pago" = "confirmada"): Promise<Who> {
  const who = await createSignedInParticipant();
  await createEnrolment(who.id, courseId, { status });
  return who;
}

beforeAll(async () => {
  ({ baseUrl, close } = await startTestServer());
  for (const id of [COURSE, OTHER_COURSE, CLOSED_COURSE])
    await createCourse({ course_id: id, month_id: 5, modality_id: MODALITY.EN_LINEA, venue: null });
  await buildEvaluation(COURSE);
  await buildEvaluation(OTHER_COURSE);
  const past = (days: number) => instantToMexicoCityLocal(new Date(Date.now() - days * 86_400_000));
  await buildEvaluation(CLOSED_COURSE, { opensAt: past(10), closesAt: past(1) });
  questions = await questionsOf(COURSE);
  [passer, failer, surveyor, forger] = await Promise.all([enrolled(COURSE), enrolled(COURSE), enrolled(COURSE), enrolled(COURSE)]);
  unconfirmed = await enrolled(COURSE, "pendiente_de_pago");
  otherCourse = await enrolled(OTHER_COURSE);
  lateComer = await enrolled(CLOSED_COURSE);
  staffCookie = (await createSignedInStaff(db, "ensenanza")).cookie;
});

afterAll(async () => close?.());

describe("/test/{course_id}: who may", () => {
  test("anonymous visitors are sent to sign in", async () => {
    const response = await fetch(`${baseUrl}/test/${COURSE}`, { redirect: "manual" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toContain("/userlogin");
  });

  test("a participant of another course, an unconfirmed one and one outside the window are refused, in Spanish", async () => {
    const other = await get(`/test/${COURSE}`, otherCourse.cookie);
    expect(other.status).toBe(403);
    expect(await other.text()).toContain("No está inscrito en este curso");
    const pending = await get(`/test/${COURSE}`, unconfirmed.cookie);
    expect(pending.status).toBe(403);
    expect(await pending.text()).toContain("Pendiente de pago");
    const late = await get(`/test/${CLOSED_COURSE}`, lateComer.cookie);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain("La evaluación cerró el");
    expect((await get(`/test/999999`, passer.cookie)).status).toBe(404);
    expect((await get(`/test/abc`, passer.cookie)).status).toBe(404);
  });

  test("their posts store nothing", async () => {
    for (const [who, courseId] of [
      [otherCourse, COURSE],
      [unconfirmed, COURSE],
      [lateComer, CLOSED_COURSE],
    ] as const) {
      expect((await post(`/test/${courseId}?intent=encuesta`, FULL_SURVEY, who.cookie)).status).toBe(403);
      expect((await post(`/test/${courseId}?intent=evaluacion`, answers(3), who.cookie)).status).toBe(403);
      expect(await surveyRowsOf(who)).toEqual([]);
      expect(await attemptsOf(who)).toEqual([]);
    }
  });
});

describe("/test/{course_id}: survey, then evaluation", () => {
  test("the evaluation waits for the survey; the survey is answered once", async () => {
    const first = await get(`/test/${COURSE}`, surveyor.cookie);
    expect(first.status).toBe(200);
    const page = await first.text();
    expect(page).toContain("Evaluación de calidad");
    expect(page).toContain("(E) Excelente");
    expect(page).toContain("Sugerencias o comentarios que permitan mejorar el curso");
    expect(page).not.toContain(`pregunta-${questions[0]!.id}`);
    expect((await post(`/test/${COURSE}?intent=evaluacion`, answers(3), surveyor.cookie)).status).toBe(409);
    expect(await attemptsOf(surveyor)).toEqual([]);

    const incomplete = await post(`/test/${COURSE}?intent=encuesta`, FULL_SURVEY.slice(1), surveyor.cookie);
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain("Elija una calificación");
    expect(await surveyRowsOf(surveyor)).toEqual([]);

    const sent = await post(`/test/${COURSE}?intent=encuesta`, FULL_SURVEY, surveyor.cookie);
    expect(sent.status).toBe(303);
    const again = await post(
      `/test/${COURSE}?intent=encuesta`,
      FULL_SURVEY.map(([k, v]) => [k, v === "E" ? "D" : v]),
      surveyor.cookie,
    );
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Ya respondió la evaluación de calidad");
    const rows = await surveyRowsOf(surveyor);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.answers)).toMatchObject({ s1q1: "E", s1q2: "B", s1q3: "D" });
  });

  test("the page and its loader data never say which option is right", async () => {
    await post(`/test/${COURSE}?intent=encuesta`, FULL_SURVEY, passer.cookie);
    const html = await (await get(`/test/${COURSE}`, passer.cookie)).text();
    // Every option is shown…
    for (const q of questions) for (const o of q.options) expect(html).toContain(`value="${o.id}"`);
    // …and nothing tells the right one apart: no marker word, and its input looks like the others.
    expect(html).not.toMatch(/correct/i);
    const inputs = [...html.matchAll(/<input type="radio"[^>]*name="pregunta-\d+"[^>]*>/g)].map((m) => m[0].replace(/ (id|name|value)="[^"]*"/g, ""));
    expect(inputs).toHaveLength(9);
    expect(new Set(inputs).size).toBe(1);
    // The loader data (what a hydrating page would get) has only ids and labels for options.
    const request = new Request(`http://localhost/test/${COURSE}`, { headers: { Cookie: passer.cookie } });
    const result = (await testLoader({ request, params: { courseId: String(COURSE) }, context: { cspNonce: "", requestId: "test" } })) as unknown as {
      data: { page: { questions: { options: object[] }[] } };
    };
    const data = result.data;
    expect(JSON.stringify(data)).not.toMatch(/correct/i);
    for (const q of data.page.questions) for (const o of q.options) expect(Object.keys(o).sort()).toEqual(["id", "label"]);
  });

  test("the server grades, keeps every attempt, counts the best, and refuses a third", async () => {
    await post(`/test/${COURSE}?intent=encuesta`, FULL_SURVEY, failer.cookie);
    const first = await post(`/test/${COURSE}?intent=evaluacion`, answers(0), failer.cookie);
    expect(first.status).toBe(303);
    const second = await post(`/test/${COURSE}?intent=evaluacion`, answers(2), failer.cookie);
    expect(second.status).toBe(303);
    expect(await attemptsOf(failer)).toEqual([
      { attempt_number: 1, grade: 0, passed: 0 },
      { attempt_number: 2, grade: 67, passed: 0 },
    ]);
    const third = await post(`/test/${COURSE}?intent=evaluacion`, answers(3), failer.cookie);
    expect([403, 409]).toContain(third.status);
    expect(await third.text()).toContain("Ya usó sus 2 intentos");
    expect(await attemptsOf(failer)).toHaveLength(2);
    const page = await textOf(await get(`/test/${COURSE}`, failer.cookie));
    expect(page).toContain("Mejor calificación: 67 de 100");
    expect(page).not.toContain(`name="pregunta-`);

    const passed = await post(`/test/${COURSE}?intent=evaluacion`, answers(3), passer.cookie);
    expect(passed.status).toBe(303);
    expect(await attemptsOf(passer)).toEqual([{ attempt_number: 1, grade: 100, passed: 1 }]);
    expect((await post(`/test/${COURSE}?intent=evaluacion`, answers(3), passer.cookie)).status).toBe(409);
    expect(await attemptsOf(passer)).toHaveLength(1);
  });

  test("forged answers are refused with 400 and store nothing", async () => {
    await post(`/test/${COURSE}?intent=encuesta`, FULL_SURVEY, forger.cookie);
    const [q1, q2, q3] = questions;
    const right = (q: (typeof questions)[number]) => String(q.options.find((o) => o.correct)!.id);
    const forgeries: [string, string][][] = [
      // An option of another question.
      [
        [`pregunta-${q1!.id}`, right(q2!)],
        [`pregunta-${q2!.id}`, right(q2!)],
        [`pregunta-${q3!.id}`, right(q3!)],
      ],
      // An unknown option id, and an unknown question.
      [[`pregunta-${q1!.id}`, "99999999"], ...answers(3).slice(1)],
      [...answers(3), ["pregunta-99999999", right(q1!)]],
      // The same question twice.
      [...answers(3), [`pregunta-${q1!.id}`, right(q1!)]],
      // Hostile text, a grade of its own, a key that is not an answer.
      [[`pregunta-${q1!.id}`, "<script>alert(1)</script>"], ...answers(3).slice(1)],
      [...answers(3), ["grade", "100"]],
      [[`pregunta-${q1!.id}`, `${right(q1!)} OR 1=1`], ...answers(3).slice(1)],
    ];
    for (const pairs of forgeries) {
      const response = await post(`/test/${COURSE}?intent=evaluacion`, pairs, forger.cookie);
      expect(response.status).toBe(400);
      const body = await response.text();
      expect(body).toContain("no corresponden a esta evaluación");
      expect(body).not.toContain("<script>alert(1)</script>");
    }
    const survey: [string, string][][] = [
      [...FULL_SURVEY, ["s9q9", "E"]],
      FULL_SURVEY.map(([k, v]) => [k, k === "s1q1" ? "A" : v]),
      [...FULL_SURVEY, ["s1q1", "E"]],
    ];
    const fresh = await enrolled(COURSE);
    for (const pairs of survey) expect((await post(`/test/${COURSE}?intent=encuesta`, pairs, fresh.cookie)).status).toBe(400);
    expect(await surveyRowsOf(fresh)).toEqual([]);
    expect(await attemptsOf(forger)).toEqual([]);
    // An unanswered question is a 400 too, with the question's message; still nothing stored.
    const incomplete = await post(`/test/${COURSE}?intent=evaluacion`, answers(3).slice(1), forger.cookie);
    expect(incomplete.status).toBe(400);
    expect(await incomplete.text()).toContain("Elija una respuesta");
    expect(await attemptsOf(forger)).toEqual([]);
  });
});

describe("results for the Teaching office and the constancias", () => {
  test("grades per participant, the best counts; the survey aggregated; the standing per enrolment", async () => {
    const rows = await evaluationResults(db, COURSE);
    const byId = new Map(rows.map((r) => [r.participantId, r]));
    expect(byId.get(failer.id)).toMatchObject({ grades: [0, 67], bestGrade: 67, passed: false });
    expect(byId.get(passer.id)).toMatchObject({ grades: [100], bestGrade: 100, passed: true });
    expect(byId.has(unconfirmed.id)).toBe(false);

    const summary = await surveySummary(db, COURSE);
    // surveyor, passer, failer, forger answered (E, B, D, E, B… by question index).
    expect(summary.responses).toBe(4);
    expect(summary.closed[0]).toMatchObject({ key: "s1q1", counts: { E: 4, B: 0, D: 0 } });
    expect(summary.closed[1]).toMatchObject({ key: "s1q2", counts: { E: 0, B: 4, D: 0 } });
    expect(summary.closed).toHaveLength(10);
    expect(summary.open).toHaveLength(4);
    expect(summary.open[0]!.answers).toHaveLength(4);

    const standings = await evaluationStandings(db, COURSE);
    expect(standings.evaluation).toEqual({ passingGrade: 70, attemptsAllowed: 2 });
    const failerEnrolment = rows.find((r) => r.participantId === failer.id)!.enrolmentId;
    expect(standings.byEnrolment.get(failerEnrolment)).toEqual({ bestGrade: 67, passed: false, attempts: 2 });
    expect(await evaluationStandingOf(db, rows.find((r) => r.participantId === passer.id)!.enrolmentId)).toEqual({
      bestGrade: 100,
      passed: true,
      attempts: 1,
    });
  });

  test("the results page draws each closed question as SVG with the same figures in a table; CSV and XLSX are audited", async () => {
    const page = await get(`/admin/cursos/${COURSE}/evaluacion/resultados`, staffCookie);
    expect(page.status).toBe(200);
    const html = await textOf(page);
    expect(html.match(/<svg role="img"/g)).toHaveLength(10);
    expect(html).toContain("<title");
    expect(html).toContain("(E) Excelente: 4 (100");
    expect(html).toMatch(/<th scope="row">\(E\) Excelente<\/th><td>4 \(100/);
    expect(html).toContain("Respuesta abierta 10 &lt;script&gt;");
    expect(html).not.toContain("<script>alert(1)</script>");

    const before = (await auditRows("course", COURSE)).length;
    const csv = await get(`/admin/cursos/${COURSE}/evaluacion/exportar?formato=csv`, staffCookie);
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("Mejor calificación");
    // Every confirmed participant (five; four answered the survey), not the unconfirmed one.
    expect(text.split("\r\n").filter(Boolean)).toHaveLength(1 + 5);
    const xlsx = await get(`/admin/cursos/${COURSE}/evaluacion/exportar?formato=xlsx`, staffCookie);
    const sheet = await readXlsx(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheet.rowCount).toBe(5);
    expect(sheet.headers).toContain("Calificación del intento 2");
    const exports = (await auditRows("course", COURSE)).slice(before);
    expect(exports.map((r) => r.action)).toEqual(["evaluacion.exportar", "evaluacion.exportar"]);
  });
});

describe("the Teaching office builds an evaluation", () => {
  test("without JavaScript: one more option slot, a question with exactly one correct option, audited; locked once answered", async () => {
    const courseId = 7604;
    await createCourse({ course_id: courseId, month_id: 5 });
    const path = `/admin/cursos/${courseId}/evaluacion`;
    expect((await get(path, staffCookie)).status).toBe(200);
    // A participant or finance may not.
    expect((await get(path, passer.cookie)).status).toBe(303);
    const finance = await createSignedInStaff(db, "finanzas");
    expect((await get(path, finance.cookie)).status).toBe(403);
    expect((await post(`${path}?intent=pregunta`, [["prompt", "¿?"]], finance.cookie)).status).toBe(403);

    const more = await post(
      `${path}?intent=pregunta`,
      [
        ["prompt", "¿Cuántas cámaras tiene el corazón?"],
        ["opcion", "Dos"],
        ["opcion", "Cuatro"],
        ["opcion", ""],
        ["opcion", ""],
        ["correcta", "1"],
        ["mas", "1"],
      ],
      staffCookie,
    );
    expect(more.status).toBe(200);
    const moreHtml = await more.text();
    expect(moreHtml).toContain('id="pregunta-opcion-4"');
    expect(moreHtml).toContain("¿Cuántas cámaras tiene el corazón?");
    expect(await db.selectFrom("evaluation_questions").select("id").where("course_id", "=", courseId).execute()).toEqual([]);

    const noCorrect = await post(
      `${path}?intent=pregunta`,
      [
        ["prompt", "¿Cuántas cámaras tiene el corazón?"],
        ["opcion", "Dos"],
        ["opcion", "Cuatro"],
        ["opcion", ""],
        ["correcta", "2"],
      ],
      staffCookie,
    );
    expect(noCorrect.status).toBe(400);
    expect(await noCorrect.text()).toContain("Marque cuál opción es la correcta");

    const added = await post(
      `${path}?intent=pregunta`,
      [
        ["prompt", "¿Cuántas cámaras tiene el corazón?"],
        ["opcion", "Dos"],
        ["opcion", ""],
        ["opcion", "Cuatro"],
        ["correcta", "2"],
      ],
      staffCookie,
    );
    expect(added.status).toBe(303);
    const options = await db
      .selectFrom("evaluation_options as o")
      .innerJoin("evaluation_questions as q", "q.id", "o.question_id")
      .select(["o.label", "o.is_correct"])
      .where("q.course_id", "=", courseId)
      .orderBy("o.position")
      .execute();
    expect(options).toEqual([
      { label: "Dos", is_correct: 0 },
      { label: "Cuatro", is_correct: 1 },
    ]);
    const settings = await post(
      `${path}?intent=ajustes`,
      [
        ["passing_grade", "80"],
        ["attempts_allowed", "2"],
        ["opens_at", "2027-05-10T09:00"],
        ["closes_at", "2027-05-09T09:00"],
      ],
      staffCookie,
    );
    expect(settings.status).toBe(400);
    expect(await settings.text()).toContain("El cierre debe ser posterior a la apertura");
    const saved = await post(
      `${path}?intent=ajustes`,
      [
        ["passing_grade", "80"],
        ["attempts_allowed", "3"],
        ["opens_at", "2027-05-10T09:00"],
        ["closes_at", "2027-05-12T18:00"],
      ],
      staffCookie,
    );
    expect(saved.status).toBe(303);
    expect(
      await db
        .selectFrom("course_evaluations")
        .select(["attempts_allowed", "opens_at", "closes_at"])
        .where("course_id", "=", courseId)
        .executeTakeFirst(),
    ).toEqual({
      attempts_allowed: 3,
      // Mexico City has no daylight saving time since 2022: UTC−6.
      opens_at: "2027-05-10T15:00:00.000Z",
      closes_at: "2027-05-13T00:00:00.000Z",
    });
    expect((await auditRows("course", courseId)).map((r) => r.action)).toEqual(["evaluacion.agregar_pregunta", "evaluacion.configurar"]);

    // Once a participant has an attempt, the questions are fixed.
    const question = (await questionsOf(COURSE))[0]!;
    const removed = await post(`/admin/cursos/${COURSE}/evaluacion?intent=quitar`, [["question_id", String(question.id)]], staffCookie);
    expect(removed.status).toBe(409);
    expect(await questionsOf(COURSE)).toHaveLength(3);
  });
});
