import fs from "node:fs";
import type { Browser, Page } from "@playwright/test";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { db } from "../../app/db.server";
import { createCourse, createEnrolment, createParticipantWithDocuments, deleteParticipants, sessionCookieFor } from "../factories";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// The issue 25 journey, end to end: staff build an evaluation; two participants are checked in at
// the door by control number (a third is refused: not confirmed); both answer the survey, one
// passes on the second attempt and one fails twice; staff issue the constancias in bulk
// (acreditación and asistencia); each participant downloads their PDF from /profile, its QR
// address verifies, and a revoked one says revocada.
test.describe.configure({ timeout: 240_000 });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

/** A browser context signed in as the participant (a server session, as /userlogin makes). */
async function participantPage(browser: Browser, baseURL: string, participant: { id: number; name: string }) {
  const context = await browser.newContext({ baseURL, locale: "es-MX", timezoneId: "America/Mexico_City" });
  const cookie = await sessionCookieFor(participant);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value: cookie.slice(SESSION_COOKIE_NAME.length + 1), url: baseURL }]);
  return context.newPage();
}

/** One attempt at the one question, choosing the option with this label. */
async function answer(page: Page, courseId: number, option: "Paracetamol" | "Ácido acetilsalicílico") {
  await page.goto(`/test/${courseId}`);
  await page.getByLabel(option).check();
  await page.getByRole("button", { name: "Enviar mis respuestas" }).click();
}

async function answerSurvey(page: Page, courseId: number) {
  await page.goto(`/test/${courseId}`);
  for (const radio of await page.locator('input[type="radio"][value="E"]').all()) await radio.check();
  for (const text of await page.locator("form textarea").all()) await text.fill("Muy buen curso.");
  await page.getByRole("button", { name: "Enviar la evaluación de calidad" }).click();
  await expect(page.getByText("Ya respondió la evaluación de calidad. Gracias.")).toBeVisible();
}

test("the whole path after enrolment: attendance, survey and evaluation, constancias that verify", async ({ page, context, browser, baseURL }) => {
  // April (month 3): the March catalogue page is full. Two days in person; 50 % = one day.
  const courseId = await createCourse({
    course_name: "Reanimación neonatal avanzada",
    course_start_date: "2027-04-19",
    course_finish_date: "2027-04-20",
    month_id: 3,
    modality_id: 1,
  });
  const ana = await createParticipantWithDocuments("EXTERNO", "Ana Lucía Treviño Salas", { documentStatus: "aprobado" });
  const bruno = await createParticipantWithDocuments("EXTERNO", "Bruno Ibarra Quezada", { documentStatus: "aprobado" });
  const carla = await createParticipantWithDocuments("EXTERNO", "Carla Medina Ortiz", { documentStatus: "aprobado" });
  const reference = (id: number) => `HIMFGCURSOS${courseId}${String(id).padStart(10, "0")}`.slice(0, 30);
  await createEnrolment(ana.id, courseId, { modality: "presencial", reference: reference(ana.id) });
  await createEnrolment(bruno.id, courseId, { modality: "presencial", reference: reference(bruno.id) });
  await createEnrolment(carla.id, courseId, { modality: "presencial", status: "pendiente_de_pago", reference: reference(carla.id) });
  try {
    await signInAsStaff(context, baseURL!, "ensenanza");

    // Staff build the evaluation: one question, two options, the first one right.
    await page.goto(`/admin/cursos/${courseId}/evaluacion`);
    await page.getByLabel("Calificación aprobatoria (0 a 100)").fill("80");
    await page.getByLabel("Intentos por participante").fill("2");
    await page.getByRole("button", { name: "Guardar los datos" }).click();
    await page.getByLabel("Pregunta", { exact: true }).fill("¿Qué antipirético se prefiere en lactantes?");
    await page.getByLabel("Opción 1", { exact: true }).fill("Paracetamol");
    await page.getByLabel("Opción 2", { exact: true }).fill("Ácido acetilsalicílico");
    await page.locator("#pregunta-correcta-0").check();
    await page.getByRole("button", { name: "Agregar la pregunta" }).click();
    await expect(page.getByRole("heading", { name: "Preguntas (1)" })).toBeVisible();

    // At the door: two check-ins by control number, one refusal.
    await page.goto(`/admin/cursos/${courseId}/asistencia`);
    for (const person of [ana, bruno]) {
      await page.getByLabel("Número de control").fill(reference(person.id));
      await page.getByRole("button", { name: "Registrar entrada", exact: true }).click();
      await expect(page.getByTestId("checkin-result")).toContainText(/Registrado a las/);
    }
    await page.getByLabel("Número de control").fill(reference(carla.id));
    await page.getByRole("button", { name: "Registrar entrada", exact: true }).click();
    await expect(page.getByTestId("error-summary")).toContainText("Carla Medina Ortiz (Externo) no puede entrar");
    await expect(page.getByTestId("attendance-count")).toContainText("2 registrados / 2 inscritos");

    // The survey, then the evaluation: Ana passes on her second attempt, Bruno fails twice.
    const anaPage = await participantPage(browser, baseURL!, { id: ana.id, name: "Ana Lucía Treviño Salas" });
    const brunoPage = await participantPage(browser, baseURL!, { id: bruno.id, name: "Bruno Ibarra Quezada" });
    await answerSurvey(anaPage, courseId);
    await answerSurvey(brunoPage, courseId);
    await answer(anaPage, courseId, "Ácido acetilsalicílico");
    await expect(anaPage.getByText("Intento 1: 0 de 100 (no aprobado)")).toBeVisible();
    await answer(anaPage, courseId, "Paracetamol");
    await expect(anaPage.getByText("Intento 2: 100 de 100 (aprobado)")).toBeVisible();
    await answer(brunoPage, courseId, "Ácido acetilsalicílico");
    await answer(brunoPage, courseId, "Ácido acetilsalicílico");
    await expect(brunoPage.getByText("Intento 2: 0 de 100 (no aprobado)")).toBeVisible();

    // The Teaching office sets the constancia's details and issues them in bulk.
    await page.goto(`/admin/cursos/${courseId}/constancias`);
    await expect(page.getByRole("heading", { level: 1, name: "Constancias: Reanimación neonatal avanzada" })).toBeVisible();
    await page.getByLabel("Horas del curso").fill("16");
    await page.getByLabel("Asistencia requerida (% de los días)").fill("50");
    const first = page.getByRole("group", { name: "Firma 1" });
    await first.getByLabel("Nombre").fill("Dra. Ana María Romero Vidal");
    await first.getByLabel("Cargo").fill("Directora de Enseñanza y Desarrollo Académico");
    await page.getByRole("button", { name: "Guardar datos de la constancia" }).click();
    await expect(page.getByText("Guardamos los datos de las constancias.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Emitir a todas las personas elegibles (2)" }).click();
    await expect(page.getByText("Emitimos 2 constancias y enviamos los correos.")).toBeVisible();
    const issued = await db
      .selectFrom("constancias as c")
      .innerJoin("enrolments as e", "e.id", "c.enrolment_id")
      .select(["e.participant_id", "c.folio", "c.kind", "c.grade"])
      .where("e.course_id", "=", courseId)
      .execute();
    const anaConstancia = issued.find((row) => row.participant_id === ana.id)!;
    const brunoConstancia = issued.find((row) => row.participant_id === bruno.id)!;
    expect(issued).toHaveLength(2);
    expect(anaConstancia).toMatchObject({ kind: "acreditacion", grade: 100 });
    expect(brunoConstancia).toMatchObject({ kind: "asistencia", grade: null });

    // Each participant downloads their PDF from /profile; its QR address verifies.
    for (const [participantPageOf, constancia, kind] of [
      [anaPage, anaConstancia, "Constancia de acreditación"],
      [brunoPage, brunoConstancia, "Constancia de asistencia"],
    ] as const) {
      await participantPageOf.goto("/profile");
      const download = participantPageOf.waitForEvent("download");
      await participantPageOf.getByRole("link", { name: /descargar PDF/ }).click();
      const pdf = fs.readFileSync((await (await download).path())!);
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const verification = `/verificar/constancia/${constancia.folio}`;
      expect(pdf.toString("latin1")).toContain(verification);
      await participantPageOf.goto(verification);
      await expect(participantPageOf.getByTestId("constancia-state")).toHaveText("Constancia válida");
      await expect(participantPageOf.getByText(kind)).toBeVisible();
    }

    // A revoked constancia says so on its verification page (the reason stays private).
    await page.goto(`/admin/cursos/${courseId}/constancias`);
    await page.getByLabel("Constancia", { exact: true }).selectOption(brunoConstancia.folio);
    await page.getByLabel("Motivo").fill("Emitida por error en la lista");
    await page.getByRole("button", { name: "Revocar" }).click();
    await expect(page.getByText(`Revocamos la constancia ${brunoConstancia.folio}.`)).toBeVisible();
    await page.setViewportSize({ width: 320, height: 640 });
    await expectNoSidewaysScroll(page);
    await page.goto(`/verificar/constancia/${brunoConstancia.folio}`);
    await expect(page.getByTestId("constancia-state")).toContainText("Constancia revocada el");
    await expect(page.getByText("Emitida por error")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    await anaPage.context().close();
    await brunoPage.context().close();
  } finally {
    const enrolments = db.selectFrom("enrolments").select("id").where("course_id", "=", courseId);
    for (const table of ["constancias", "attendance_checkins", "evaluation_attempts", "survey_responses"] as const)
      await db.deleteFrom(table).where("enrolment_id", "in", enrolments).execute();
    await deleteParticipants([ana.id, bruno.id, carla.id]);
  }
});

test("the verification page without JavaScript, at 320 px: unknown folios are a Spanish 404", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
  const response = await page.goto("/verificar/constancia/C-00000-00000-00000-00000");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Verificación de constancia" })).toBeVisible();
  await expect(page.getByText("No existe una constancia con este folio")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolationsWithoutJavaScript(page);
  await context.close();
});
