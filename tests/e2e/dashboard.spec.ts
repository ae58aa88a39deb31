import crypto from "node:crypto";
import { mexicoCityDay, mexicoCityMonth } from "../../app/utils/mexico-city";
import { createCourse, createEnrolment, createParticipant } from "../factories";
import { clearOfMexicoCityMidnight } from "../support/midnight";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// The staff dashboard at 320 px (issue 26): each role's charts are images with a name, their
// figures are tables, nothing scrolls the page sideways, and axe finds nothing.
test.use({ viewport: { width: 320, height: 800 } });

const run = crypto.randomUUID().slice(0, 8).toUpperCase();

test("the Teaching office reads its charts and tables at 320 px", async ({ page, context, baseURL }) => {
  // This month here and in the server's render after the sign-in: not across a month's last midnight.
  await clearOfMexicoCityMidnight(30_000, (ms) => test.setTimeout(test.info().timeout + ms));
  const month = mexicoCityMonth(new Date());
  const day = mexicoCityDay(new Date(Date.parse(month.start) + 24 * 3_600_000));
  const course = await createCourse({ course_name: `Tablero ${run}`, course_start_date: day, course_finish_date: day, course_max_range: 7 });
  const participant = await createParticipant({ role: "ESTUDIANTE" });
  await createEnrolment(participant.id, course, { modality: "presencial" });

  await signInAsStaff(context, baseURL!, "ensenanza");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Inicio del personal" })).toBeVisible();
  for (const name of [
    "Inscripciones confirmadas por mes y perfil",
    "Inscripciones confirmadas por mes y modalidad",
    "Constancias emitidas por mes",
  ]) {
    await expect(page.getByRole("img", { name: new RegExp(name) })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /Lugares presenciales de los cursos que empiezan en/ })).toBeVisible();
  await expect(page.getByTestId("seats-table").getByRole("row", { name: new RegExp(`Tablero ${run}`) })).toContainText("7");
  await expect(page.getByTestId("enrolments-table")).toBeVisible();
  await expect(page.getByTestId("income-chart")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
});

test("Finance reads its money figures and income chart at 320 px", async ({ page, context, baseURL }) => {
  await signInAsStaff(context, baseURL!, "finanzas");
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("img", { name: /Ingresos por mes/ })).toBeVisible();
  await expect(page.getByTestId("income-table")).toBeVisible();
  await expect(page.getByTestId("dashboard-figures")).toContainText("Ingresos netos este mes");
  // The enrolment counts are the Teaching office's figures, not Finance's.
  await expect(page.getByTestId("dashboard-figures")).not.toContainText("Inscripciones");
  await expect(page.getByTestId("enrolments-table")).toHaveCount(0);
  await expect(page.getByTestId("seats-table")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(page);
});
