import fs from "node:fs";
import type { Page } from "@playwright/test";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { newFolio } from "../../app/completion/constancia-folio";
import { db } from "../../app/db.server";
import { createCourse, createEnrolment, createParticipantWithDocuments, deleteParticipants, sessionCookieFor } from "../factories";
import { expect, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";

// Issue 26 "Yearly transcript": a participant with two constancias of 2027 downloads the
// «Constancia anual de educación continua» from /profile; its QR address shows the list on the
// verification page, readable and axe-clean at 320 px without JavaScript.
test.describe.configure({ timeout: 120_000 });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

test("the yearly transcript downloads from /profile and its folio verifies with the list", async ({ browser, baseURL }) => {
  const name = "Dra. Renata Olvera Anual";
  const participant = await createParticipantWithDocuments("EXTERNO", name, { documentStatus: "aprobado" });
  const courses = [
    { name: "Cuidados intensivos pediátricos con un nombre de curso bastante largo", start: "2027-02-08", finish: "2027-02-12", hours: 30 },
    { name: "Reanimación neonatal", start: "2027-10-04", finish: "2027-10-05", hours: 12 },
  ];
  const folios: string[] = [];
  try {
    for (const course of courses) {
      const courseId = await createCourse({
        course_name: course.name,
        course_start_date: course.start,
        course_finish_date: course.finish,
        month_id: 1,
      });
      const enrolmentId = await createEnrolment(participant.id, courseId, { modality: "presencial" });
      const folio = newFolio();
      folios.push(folio);
      await db
        .insertInto("constancias")
        .values({
          folio,
          enrolment_id: enrolmentId,
          kind: "asistencia",
          participant_name: name,
          course_name: course.name,
          course_start_date: course.start,
          course_finish_date: course.finish,
          hours: course.hours,
          grade: null,
          signatories: "[]",
          issued_at: "2027-10-06T18:00:00.000Z",
          issued_by: "Personal de Enseñanza",
        })
        .execute();
    }

    const context = await browser.newContext({ baseURL, locale: "es-MX", timezoneId: "America/Mexico_City" });
    const cookie = await sessionCookieFor({ id: participant.id, name });
    await context.addCookies([{ name: SESSION_COOKIE_NAME, value: cookie.slice(SESSION_COOKIE_NAME.length + 1), url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Constancia anual de educación continua" })).toBeVisible();
    const download = page.waitForEvent("download");
    // Issue 23: a GET never issues; the «Generar» button posts, and the PDF downloads.
    await page.getByRole("button", { name: "Generar la constancia anual 2027 (PDF)" }).click();
    const pdf = fs.readFileSync((await (await download).path())!);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const transcript = await db
      .selectFrom("annual_transcripts")
      .select("folio")
      .where("participant_id", "=", participant.id)
      .executeTakeFirstOrThrow();
    const verification = `/verificar/constancia/${transcript.folio}`;
    expect(pdf.toString("latin1")).toContain(verification);
    await context.close();

    const anonymous = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
    const verify = await anonymous.newPage();
    const response = await verify.goto(verification);
    expect(response?.status()).toBe(200);
    await expect(verify.getByTestId("constancia-state")).toHaveText("Constancia anual válida");
    await expect(verify.getByText("42 horas")).toBeVisible();
    for (const [index, course] of courses.entries()) {
      await expect(verify.getByText(course.name)).toBeVisible();
      await expect(verify.getByRole("link", { name: folios[index]! })).toBeVisible();
    }
    await expect(verify.getByText(participant.email)).toHaveCount(0);
    await expectNoSidewaysScroll(verify);
    await expectNoAxeViolationsWithoutJavaScript(verify);
    await anonymous.close();
  } finally {
    await db.deleteFrom("annual_transcripts").where("participant_id", "=", participant.id).execute();
    await db
      .deleteFrom("constancias")
      .where("folio", "in", folios.length > 0 ? folios : [""])
      .execute();
    await deleteParticipants([participant.id]);
  }
});
