import type { Page } from "@playwright/test";
import { setChosenCourse, SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { MODALITY } from "../../app/courses/modality";
import { db } from "../../app/db.server";
import { createCourse, nextCourseId } from "../factories";
import { samplePdf } from "../support/sample-files";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsNewParticipant } from "./participants";
import { signInAsStaff } from "./staff-session";
import { waitForMail } from "../support/mail";

// Issue 19: a participant who pays by transfer. They say so on /payment (without JavaScript), see
// the bank details (the demo's «(ejemplo)» values) and their reference; the Teaching office finds
// them waiting, records the payment with its receipt, and the participant is confirmed.
test.describe.configure({ timeout: 90_000 });

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test("the participant chooses to pay by transfer, staff record the payment, the participant is confirmed", async ({ browser, baseURL }) => {
  const id = await nextCourseId();
  const courseId = await createCourse({
    course_id: id,
    course_name: `Curso por transferencia ${id}`,
    course_price: 180000,
    course_student_price: 90000,
    course_employee_price: 0,
    modality_id: MODALITY.EN_LINEA,
  });

  // The participant, without JavaScript.
  const participantContext = await browser.newContext({ javaScriptEnabled: false });
  const page = await participantContext.newPage();
  const participant = await signInAsNewParticipant(participantContext, baseURL!, { name: `Transferencia ${id}`, role: "EXTERNO" });
  await setChosenCourse(new Request(baseURL!, { headers: { Cookie: `${SESSION_COOKIE_NAME}=${participant.cookieValue}` } }), courseId);
  await page.goto("/payment");
  await page.getByRole("button", { name: "Pagaré por transferencia o en ventanilla" }).click();
  await expect(page.getByRole("heading", { name: "Su pago por transferencia o en ventanilla" })).toBeVisible();
  const enrolment = await db
    .selectFrom("enrolments")
    .select(["id", "status", "reference", "offline_intent_at", "seat_held_until"])
    .where("participant_id", "=", participant.id)
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  expect(enrolment).toMatchObject({ status: "pendiente_de_pago", seat_held_until: null });
  expect(enrolment.offline_intent_at).not.toBeNull();
  const details = page.locator("section", { has: page.getByRole("heading", { name: "Su pago por transferencia o en ventanilla" }) });
  await expect(details.getByText(enrolment.reference!)).toBeVisible();
  await expect(details.getByText("$1,800.00 MXN")).toBeVisible();
  await expect(details.getByText("Banco de ejemplo (ejemplo)")).toBeVisible();
  await expect(details.getByText("000000000000000000")).toBeVisible();
  await expect(details.getByRole("link", { name: "ensenanza.ejemplo@example.org" }).first()).toBeVisible();
  await expectNoAxeViolationsWithoutJavaScript(page);
  await page.setViewportSize({ width: 320, height: 800 });
  await expectNoSidewaysScroll(page);
  await page.goto("/profile");
  await expect(page.getByText("Esperando su pago por transferencia o ventanilla")).toBeVisible();
  await expectNoSidewaysScroll(page);

  // The Teaching office finds them waiting and records the payment.
  const staffContext = await browser.newContext();
  await signInAsStaff(staffContext, baseURL!, "ensenanza");
  const staffPage = await staffContext.newPage();
  await staffPage.goto("/admin/estudiantes?pago=fuera_de_linea");
  await staffPage.getByRole("link", { name: `Transferencia ${id}` }).click();
  await expect(staffPage.getByText("Espera su pago fuera de línea")).toBeVisible();
  const form = staffPage.locator("form", { has: staffPage.getByRole("button", { name: "Inscribir y registrar el pago" }) });
  await form.getByLabel("Curso").selectOption({ label: `Curso por transferencia ${id} ($1,800.00)` });
  await form.getByRole("radio", { name: "En línea" }).check();
  await form.getByRole("radio", { name: "Transferencia bancaria" }).check();
  await form.getByLabel("Monto en pesos").fill("1800");
  await form.getByLabel("Fecha del pago").fill("2026-01-15");
  await form.getByLabel("Referencia o folio").fill(`SPEI-E2E-${id}`);
  await form.getByLabel("Comprobante").setInputFiles({ name: "comprobante.pdf", mimeType: "application/pdf", buffer: samplePdf() });
  await expectNoAxeViolations(staffPage);
  await form.getByRole("button", { name: "Inscribir y registrar el pago" }).click();
  await expect(staffPage.getByText("Inscribimos al participante con su pago fuera de línea")).toBeVisible({ timeout: 20_000 });
  await expect(staffPage.getByText(`referencia SPEI-E2E-${id}`)).toBeVisible();

  // The participant is confirmed, with the access by e-mail.
  const confirmation = await waitForMail(db, { to: participant.email, subject: "Inscripción confirmada" }, 20_000);
  expect(confirmation.attachments.map((a) => a.contentType)).toContain("application/pdf");
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: `Descargar acceso (PDF) de Curso por transferencia ${id}` })).toBeVisible();
  await expect(page.getByText("Esperando su pago por transferencia o ventanilla")).toHaveCount(0);
  await participantContext.close();
  await staffContext.close();
});
