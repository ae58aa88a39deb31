import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { setChosenCourse, SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { MODALITY, type ModalityId } from "../../app/courses/modality";
import type { ParticipantRole } from "../../app/db.server";
import { db } from "../../app/db.server";
import { createCourse, nextCourseId } from "../factories";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsNewParticipant } from "./participants";
import { waitForMail } from "../support/mail";

// Journeys through the payment simulator (the default provider outside a Banorte configuration).
// Each journey signs in, pays and scans several pages with axe: give it room on a busy machine.
test.describe.configure({ timeout: 60_000 });

async function course(prices: { price: number; student: number; employee: number }, modalityId: ModalityId = MODALITY.PRESENCIAL) {
  const id = await nextCourseId();
  return createCourse({
    course_id: id,
    course_name: `Curso de pago ${id}`,
    course_price: prices.price,
    course_student_price: prices.student,
    course_employee_price: prices.employee,
    course_max_range: 5,
    modality_id: modalityId,
  });
}

/** A new participant, signed in, with `courseId` chosen in the catalogue (kept in the server session). */
async function buyer(context: BrowserContext, baseURL: string, courseId: number, role: ParticipantRole = "EXTERNO") {
  const participant = await signInAsNewParticipant(context, baseURL, { role });
  await setChosenCourse(new Request(baseURL, { headers: { Cookie: `${SESSION_COOKIE_NAME}=${participant.cookieValue}` } }), courseId);
  return participant;
}

async function enrolmentStatus(participantId: number, courseId: number) {
  const rows = await db
    .selectFrom("enrolments")
    .select("status")
    .where("participant_id", "=", participantId)
    .where("course_id", "=", courseId)
    .execute();
  return rows.map((r) => r.status);
}

async function openLightbox(page: Page) {
  await page.goto("/payment");
  await expect(page.getByRole("heading", { level: 1, name: "Pago e inscripción" })).toBeVisible();
  await expect(page.getByText("Modo de prueba.")).toBeVisible();
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  await page.getByRole("button", { name: "Abrir la ventana de pago" }).click();
  const dialog = page.getByRole("dialog", { name: "Simulador de pago Banorte" });
  // It opens once the provider's two scripts have loaded and run: more than expect's 5 s once on a
  // busy CI host (payment.spec, passed on its retry), where the other journeys wait up to the test's time.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  return dialog;
}

test("an EXTERNO participant pays a paid course and sees the confirmation", async ({ page, context, baseURL }) => {
  const courseId = await course({ price: 125000, student: 50000, employee: 0 });
  const participant = await buyer(context, baseURL!, courseId);
  await page.goto("/payment");
  await expect(page.getByText("$1,250.00 MXN")).toBeVisible();
  await expect(page.getByText("72 horas hábiles")).toBeVisible();
  await expectNoAxeViolations(page);
  const dialog = await openLightbox(page);
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: /4111 1111 1111 1111/ }).click();
  // The relay answers after the receipt and the access PDF are mailed: allow a busy machine.
  await expect(page).toHaveURL(/\/payment\/resultado\/HIMFGCURSOS\d+[A-Z0-9]{10}$/, { timeout: 20_000 });
  await expect(page.getByRole("heading", { level: 1, name: "Pago aprobado" })).toBeVisible();
  const controlNumber = page.url().split("/").pop()!;
  await expect(page.getByText(controlNumber)).toBeVisible();
  await expect(page.getByRole("link", { name: "Descargar acceso (PDF)" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await enrolmentStatus(participant.id, courseId)).toEqual(["confirmada"]);
  await waitForMail(db, { to: participant.email, subject: `Recibo de pago ${controlNumber}` });
  const confirmation = await waitForMail(db, { to: participant.email, subject: "Inscripción confirmada" }, 20_000);
  expect(confirmation.attachments.map((a) => a.contentType)).toContain("application/pdf");

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Descargar acceso (PDF)" }).click()]);
  const pdf = await PDFDocument.load(fs.readFileSync((await download.path())!));
  expect(pdf.getPageCount()).toBe(1);

  await page.goto("/profile");
  await expect(page.getByText("Estado: Confirmada")).toBeVisible();

  // Back in the catalogue the course shows the enrolment and its PDF, not "Comprar".
  await page.goto("/ensenanza/offer?mes=2");
  const card = page.locator(`article[data-course-id="${courseId}"]`);
  await expect(card.getByText("Ya está inscrito en este curso.")).toBeVisible();
  await expect(card.getByRole("link", { name: "Descargar acceso (PDF)" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Comprar" })).toHaveCount(0);

  // The QR code's page: anyone holding the link sees the confirmed enrolment, nothing more.
  const { verification_token: token } = await db
    .selectFrom("enrolments")
    .select("verification_token")
    .where("participant_id", "=", participant.id)
    .where("course_id", "=", courseId)
    .executeTakeFirstOrThrow();
  const stranger = await page.context().browser()!.newContext();
  const verify = await stranger.newPage();
  await verify.goto(`${baseURL}/verificar/${token}`);
  await expect(verify.getByText("Inscripción confirmada")).toBeVisible();
  await expect(verify.getByText(controlNumber)).toBeVisible();
  await expectNoAxeViolations(verify);
  await stranger.close();
});

test("a declined card and a cancelled payment show their message and enrol nobody", async ({ page, context, baseURL }) => {
  const courseId = await course({ price: 90000, student: 40000, employee: 0 });
  const participant = await buyer(context, baseURL!, courseId);
  let dialog = await openLightbox(page);
  await dialog.getByRole("button", { name: /4000 0000 0000 0002/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago rechazado" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await enrolmentStatus(participant.id, courseId)).toEqual(["pendiente_de_pago"]);

  dialog = await openLightbox(page);
  await dialog.getByRole("button", { name: "Cancelar pago" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Operación cancelada" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await enrolmentStatus(participant.id, courseId)).toEqual(["pendiente_de_pago"]);
  const approved = await db
    .selectFrom("payment_attempts")
    .innerJoin("enrolments", "enrolments.id", "payment_attempts.enrolment_id")
    .select("payment_attempts.status")
    .where("enrolments.participant_id", "=", participant.id)
    .execute();
  expect(approved.map((a) => a.status).sort()).toEqual(["cancelled", "declined"]);
});

test("an ESTUDIANTE on a course with student price 0 sends documents to review", async ({ page, context, baseURL }) => {
  const courseId = await course({ price: 150000, student: 0, employee: 0 });
  const participant = await buyer(context, baseURL!, courseId, "ESTUDIANTE");
  await page.goto("/payment");
  await expect(page.getByText("Gratuito")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Mandar documentación a revisión" }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByText(/le enviaremos por correo electrónico los datos de acceso/).first()).toBeVisible();
  await expect(page.getByText("Estado: Pendiente de revisión")).toBeVisible();
  expect(await enrolmentStatus(participant.id, courseId)).toEqual(["pendiente_de_revision"]);
  await waitForMail(db, { to: participant.email, subject: "Documentación en revisión: Curso de pago" + ` ${courseId}` });
});

test("a course free for everyone enrols at once, also without JavaScript", async ({ browser, baseURL }) => {
  const courseId = await course({ price: 0, student: 0, employee: 0 }, 2);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const participant = await buyer(context, baseURL!, courseId);
  await page.goto("/payment");
  await expectNoAxeViolationsWithoutJavaScript(page);
  await page.getByRole("button", { name: "Inscripción gratuita" }).click();
  await expect(page).toHaveURL(/\/profile/);
  await expect(page.getByText("Estado: Confirmada")).toBeVisible();
  expect(await enrolmentStatus(participant.id, courseId)).toEqual(["confirmada"]);
  await context.close();
});

test("without a chosen course /payment goes to the catalogue", async ({ page, signInAsParticipant }) => {
  await signInAsParticipant();
  await page.goto("/payment");
  await expect(page).toHaveURL(/\/ensenanza\/offer/);
});

/** The page is no wider than the window: nothing scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test("at 320 px neither the payment page nor the result page scrolls sideways", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  const courseId = await course({ price: 125000, student: 50000, employee: 0 }, 3);
  await buyer(context, baseURL!, courseId);
  await page.goto("/payment");
  await expect(page.getByText("$1,250.00 MXN")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  await expect(page.getByRole("button", { name: "Abrir la ventana de pago" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByRole("button", { name: "Abrir la ventana de pago" }).click();
  const dialog = page.getByRole("dialog", { name: "Simulador de pago Banorte" });
  await dialog.getByRole("button", { name: /4000 0000 0000 0002/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pago rechazado" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("without JavaScript the card step explains it needs JavaScript and creates nothing", async ({ browser, baseURL }) => {
  const courseId = await course({ price: 125000, student: 50000, employee: 0 });
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const participant = await buyer(context, baseURL!, courseId);
  await page.goto("/payment");
  await expect(page.getByText("El pago con tarjeta necesita JavaScript activado en su navegador.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Pagar con tarjeta" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Pagar por transferencia o en ventanilla" })).toBeVisible();
  await expectNoAxeViolationsWithoutJavaScript(page);
  expect(await enrolmentStatus(participant.id, courseId)).toEqual([]);
  await context.close();
});
