import type { Page } from "@playwright/test";
import { db } from "../../app/db.server";
import { createCourse, createEnrolment, createParticipant, deleteParticipants } from "../factories";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// The attendance list at the door (issue 25), on a phone without JavaScript: check-in by control
// number, the second one says «Ya registrado», an unconfirmed enrolment is refused saying why.
// With the page script, the QR scan posts the access PDF's verification token.
test.use({ viewport: { width: 320, height: 640 } });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, page.url()).toBeLessThanOrEqual(clientWidth);
}

test("check-in by control number at the door, without JavaScript, at 320 px", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 640 } });
  const page = await context.newPage();
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
    await context.close();
  }
});

test("with the page script, the camera's QR code of the access PDF checks the person in", async ({ page, context, baseURL }) => {
  const courseId = await createCourse({
    course_name: "Taller de vía aérea difícil",
    course_start_date: "2027-04-19",
    course_finish_date: "2027-04-19",
    month_id: 3,
  });
  const person = await createParticipant({ name: "Iván Cruz Delgado", role: "ESTUDIANTE" });
  const enrolmentId = await createEnrolment(person.id, courseId, { modality: "presencial" });
  const { verification_token: token } = await db
    .selectFrom("enrolments")
    .select("verification_token")
    .where("id", "=", enrolmentId)
    .executeTakeFirstOrThrow();
  try {
    // Chromium on Linux has no BarcodeDetector and the test machine no camera: both are stood in
    // for (a detector that reads the access PDF's QR text, a canvas as the camera); the page
    // script and the server are the real ones.
    await page.addInitScript((qrText) => {
      (window as unknown as { BarcodeDetector: unknown }).BarcodeDetector = class {
        static async getSupportedFormats() {
          return ["qr_code"];
        }
        async detect() {
          return [{ rawValue: qrText }];
        }
      };
      const getUserMedia = async () => {
        const canvas = document.createElement("canvas");
        canvas.width = 64;
        canvas.height = 64;
        canvas.getContext("2d")!.fillRect(0, 0, 64, 64);
        return canvas.captureStream();
      };
      Object.defineProperty(navigator, "mediaDevices", { value: { getUserMedia }, configurable: true });
    }, `${baseURL}/verificar/${token}`);
    await signInAsStaff(context, baseURL!, "ensenanza");
    await page.goto(`/admin/cursos/${courseId}/asistencia`);
    await page.getByRole("button", { name: "Escanear código QR" }).click();
    const result = page.getByTestId("checkin-result");
    await expect(result).toContainText(/^Registrado a las \d{1,2}:\d{2}/);
    await expect(result).toContainText("Iván Cruz Delgado");
    await expect(result).toContainText("Estudiante");
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
    const rows = await db.selectFrom("attendance_checkins").select(["method", "course_day"]).where("enrolment_id", "=", enrolmentId).execute();
    expect(rows).toEqual([{ method: "qr", course_day: "2027-04-19" }]);
  } finally {
    await db.deleteFrom("attendance_checkins").where("enrolment_id", "=", enrolmentId).execute();
    await deleteParticipants([person.id]);
  }
});
