import type { Page } from "@playwright/test";
import { db } from "../../app/db.server";
import { createCourse, createEnrolment, createParticipant, deleteParticipants } from "../factories";
import { expect, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// The attendance list at the door (issue 25), on a phone without JavaScript: check-in by control
// number, the second one says «Ya registrado», an unconfirmed enrolment is refused saying why.
test.use({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

test("check-in by control number at the door, without JavaScript, at 320 px", async ({ page, context, baseURL }) => {
  // April (month 3): the March catalogue page is full.
  const courseId = await createCourse({
    course_name: "Urgencias en la sala de espera",
    course_start_date: "2027-04-12",
    course_finish_date: "2027-04-13",
    month_id: 3,
  });
  const paid = await createParticipant({ name: "Rosa Elena Cárdenas Villalobos" });
  const unpaid = await createParticipant({ name: "Tomás Aguilar Benítez" });
  const reference = `HIMFGCURSOS${courseId}${String(paid.id).padStart(10, "0")}`.slice(0, 30);
  const pendingReference = `HIMFGCURSOS${courseId}${String(unpaid.id).padStart(10, "0")}`.slice(0, 30);
  await createEnrolment(paid.id, courseId, { modality: "presencial", reference });
  await createEnrolment(unpaid.id, courseId, { modality: "presencial", status: "pendiente_de_pago", reference: pendingReference });
  try {
    await signInAsStaff(context, baseURL!, "ensenanza");
    await page.goto(`/admin/cursos/${courseId}/asistencia`);
    await expect(page.getByRole("heading", { level: 1, name: "Asistencia: Urgencias en la sala de espera" })).toBeVisible();
    await expect(page.getByTestId("attendance-count")).toContainText("0 registrados / 1 inscritos");
    // The camera's scanner is only for browsers that run the page script.
    await expect(page.getByRole("button", { name: "Escanear código QR" })).toBeHidden();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolationsWithoutJavaScript(page);

    await page.getByLabel("Número de control").fill(reference.toLowerCase());
    await page.getByRole("button", { name: "Registrar entrada", exact: true }).click();
    const result = page.getByTestId("checkin-result");
    await expect(result).toContainText(/^Registrado a las \d{1,2}:\d{2}/);
    await expect(result).toContainText("Rosa Elena Cárdenas Villalobos");
    await expect(result).toContainText("Externo");
    await expect(result).toContainText("Inscripción confirmada");
    await expect(page.getByTestId("attendance-count")).toContainText("1 registrados / 1 inscritos");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolationsWithoutJavaScript(page);

    // A second check-in of the same person that day stores nothing and says when the first was.
    const time = /Registrado a las (\d{1,2}:\d{2})/.exec((await result.textContent()) ?? "")![1]!;
    await page.getByLabel("Número de control").fill(reference);
    await page.getByRole("button", { name: "Registrar entrada", exact: true }).click();
    await expect(page.getByTestId("checkin-result")).toContainText(`Ya registrado a las ${time}`);
    await expect(page.getByTestId("attendance-count")).toContainText("1 registrados / 1 inscritos");

    // Not confirmed: refused, saying why.
    await page.getByLabel("Número de control").fill(pendingReference);
    await page.getByRole("button", { name: "Registrar entrada", exact: true }).click();
    await expect(page.getByTestId("error-summary")).toContainText(
      "Tomás Aguilar Benítez (Externo) no puede entrar: su inscripción está pendiente de pago.",
    );
    await expect(page.getByTestId("attendance-count")).toContainText("1 registrados / 1 inscritos");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolationsWithoutJavaScript(page);

    const rows = await db
      .selectFrom("attendance_checkins as c")
      .innerJoin("enrolments as e", "e.id", "c.enrolment_id")
      .select(["e.participant_id", "c.course_day", "c.method"])
      .where("e.course_id", "=", courseId)
      .execute();
    expect(rows).toEqual([{ participant_id: paid.id, course_day: "2027-04-12", method: "numero_de_control" }]);
  } finally {
    await db
      .deleteFrom("attendance_checkins")
      .where("enrolment_id", "in", db.selectFrom("enrolments").select("id").where("course_id", "=", courseId))
      .execute();
    await deleteParticipants([paid.id, unpaid.id]);
  }
});
