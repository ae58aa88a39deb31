import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { SURVEY_QUESTIONS } from "../../app/completion/survey";
import { MODALITY } from "../../app/courses/modality";
import { db } from "../../app/db.server";
// The participant is left in the run's database (wiped when the e2e server starts): their attempts
// and survey answer are kept records.
import { createCourse, createEnrolment, createParticipant, sessionCookieFor } from "../factories";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Issue 25: the Teaching office builds a course's evaluation; a confirmed participant answers the
// quality survey and the evaluation at /test/{course_id} without JavaScript at 320 px; the office
// reads the results. Axe-clean throughout.
test.describe.configure({ mode: "serial", timeout: 180_000 });

let courseId = 0;

test.beforeAll(async () => {
  courseId = await createCourse({ month_id: 6, modality_id: MODALITY.EN_LINEA, venue: null, course_name: "Reanimación neonatal (evaluación e2e)" });
});

test("the Teaching office builds an evaluation, adding an option and marking the correct one", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsStaff(context, baseURL!, "ensenanza");
  const page = await context.newPage();
  await page.goto(`/admin/cursos/${courseId}`);
  await page.getByRole("link", { name: "Evaluación y encuesta de calidad" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/Evaluación: Reanimación neonatal/);
  await expectNoAxeViolations(page);

  await page.getByLabel("Calificación aprobatoria (0 a 100)").fill("60");
  await page.getByRole("button", { name: "Guardar los datos" }).click();
  await expect(page.getByText("Guardamos los datos de la evaluación.")).toBeVisible();

  const questions = [
    {
      prompt: "¿Cuál es la frecuencia cardiaca normal de un recién nacido?",
      options: ["60 a 80 lpm", "90 a 110 lpm", "120 a 160 lpm", "200 a 240 lpm", "Ninguna"],
      correct: 2,
    },
    { prompt: "¿Qué escala valora al recién nacido al minuto y a los cinco minutos?", options: ["Glasgow", "Apgar"], correct: 1 },
  ];
  for (const [number, question] of questions.entries()) {
    await page.getByLabel("Pregunta", { exact: true }).fill(question.prompt);
    if (question.options.length > 4) {
      await page.getByLabel("Opción 1", { exact: true }).fill(question.options[0]!);
      await page.getByRole("button", { name: "Añadir otra opción" }).click();
      await expect(page.getByLabel("Opción 5", { exact: true })).toBeVisible();
      // The typed text is kept.
      await expect(page.getByLabel("Pregunta", { exact: true })).toHaveValue(question.prompt);
    }
    for (const [index, label] of question.options.entries()) await page.getByLabel(`Opción ${index + 1}`, { exact: true }).fill(label);
    await page
      .getByRole("group", { name: `Opción ${question.correct + 1}`, exact: true })
      .getByLabel("Es la correcta")
      .check();
    await page.getByRole("button", { name: "Agregar la pregunta" }).click();
    // The list has grown; the previous question's toast may still be showing above the new one.
    await expect(page.getByRole("heading", { name: `Preguntas (${number + 1})` })).toBeVisible();
    await expect(page.getByText("Agregamos la pregunta.").last()).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Preguntas (2)" })).toBeVisible();
  await expect(page.getByText("120 a 160 lpm (correcta)")).toBeVisible();
  await expect(page.getByText("Apgar (correcta)")).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});

test("a confirmed participant answers the survey and the evaluation without JavaScript at 320 px", async ({ browser, baseURL }) => {
  const participant = await createParticipant({ name: "Lucía Ramírez Soto" });
  await createEnrolment(participant.id, courseId);
  const context = await browser.newContext({ viewport: { width: 320, height: 800 }, javaScriptEnabled: false });
  const value = (await sessionCookieFor(participant)).slice(SESSION_COOKIE_NAME.length + 1);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL! }]);
  const page = await context.newPage();
  await page.goto(`/test/${courseId}`);
  await expect(page.getByRole("heading", { name: "1. Evaluación de calidad" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolationsWithoutJavaScript(page);

  // The radios work from the keyboard: Tab into the first group, Space picks, the arrows move.
  const first = page.getByRole("group", { name: SURVEY_QUESTIONS[0]!.prompt });
  await first.getByLabel("(E) Excelente").focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await expect(first.getByLabel("(B) Bueno")).toBeChecked();
  for (const question of SURVEY_QUESTIONS.slice(1)) {
    if (question.open) await page.getByLabel(question.prompt).fill(`Comentario sobre: ${question.prompt.slice(0, 20)}`);
    else await page.getByRole("group", { name: question.prompt }).getByLabel("(E) Excelente").check();
  }
  await page.getByRole("button", { name: "Enviar la evaluación de calidad" }).click();
  await expect(page.getByText("Ya respondió la evaluación de calidad. Gracias.")).toBeVisible();

  // The evaluation: one wrong answer of two → 50, below 60; the second attempt passes.
  const evaluation = page.getByRole("region", { name: "2. Evaluación de conocimientos" });
  await expect(evaluation.getByText("Intento 1 de 2.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolationsWithoutJavaScript(page);
  await page
    .getByRole("group", { name: /frecuencia cardiaca/ })
    .getByLabel("60 a 80 lpm")
    .check();
  await page
    .getByRole("group", { name: /escala valora/ })
    .getByLabel("Apgar")
    .check();
  await page.getByRole("button", { name: "Enviar mis respuestas" }).click();
  await expect(page.getByText("Su calificación: 50. No alcanzó la calificación aprobatoria; le queda 1 intento.")).toBeVisible();
  await page
    .getByRole("group", { name: /frecuencia cardiaca/ })
    .getByLabel("120 a 160 lpm")
    .check();
  await page
    .getByRole("group", { name: /escala valora/ })
    .getByLabel("Apgar")
    .check();
  await page.getByRole("button", { name: "Enviar mis respuestas" }).click();
  await expect(page.getByText("Su calificación: 100. Aprobó la evaluación.")).toBeVisible();
  await expect(page.getByText(/Mejor calificación: 100 de 100/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Enviar mis respuestas" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolationsWithoutJavaScript(page);
  const attempts = await db
    .selectFrom("evaluation_attempts as a")
    .innerJoin("enrolments as e", "e.id", "a.enrolment_id")
    .select(["a.grade"])
    .where("e.participant_id", "=", participant.id)
    .orderBy("a.attempt_number")
    .execute();
  expect(attempts.map((a) => a.grade)).toEqual([50, 100]);
  await context.close();
});

test("the Teaching office reads the results: grades, the survey as charts and tables, at 320 px", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 320, height: 800 } });
  await signInAsStaff(context, baseURL!, "ensenanza");
  const page = await context.newPage();
  await page.goto(`/admin/cursos/${courseId}/evaluacion/resultados`);
  await expect(page.getByRole("row", { name: /Lucía Ramírez Soto/ })).toContainText("50, 100");
  await expect(page.getByRole("img", { name: /Pregunta 2: 1 respuesta/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
  await context.close();
});
