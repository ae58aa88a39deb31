import crypto from "node:crypto";
import fs from "node:fs";
import { db } from "../../app/db.server";
import { HELD_UNTIL_BANK_ANSWERS } from "../../app/enrolment/enrolment.server";
import { mexicoCityStamp } from "../../app/utils/mexico-city";
import { createCourse, createDonation, createEnrolment, createParticipant, createPaymentAttempt, sessionCookieFor } from "../factories";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";

// Finance's day with money that counts only on the bank's word (issue 19, decision 0030): card
// approvals relayed by browsers wait "en verificación"; finance imports Banorte's report (a
// matching, a mismatching and an unknown row), confirms one payment by hand from the bank's
// console, refunds a donation, filters the ledger and exports it; the participants read each state
// in words. The claims are put in the database directly: the relay that makes them has its own tests.
test.describe.configure({ timeout: 150_000 });

const run = crypto.randomUUID().slice(0, 6).toUpperCase();
const digits = () => String(crypto.randomInt(100_000_000_000, 999_999_999_999));
const code = () => crypto.randomBytes(3).toString("hex").toUpperCase();

async function claim(courseId: number, name: string, claimedAt: Date) {
  const participant = await createParticipant({ name });
  const enrolmentId = await createEnrolment(participant.id, courseId, {
    status: "pendiente_de_pago",
    modality: "presencial",
    amount_centavos: 150_000,
    seat_held_until: HELD_UNTIL_BANK_ANSWERS,
  });
  const referencia = digits();
  const codigoAut = code();
  const attempt = await createPaymentAttempt(enrolmentId, {
    status: "in_verification",
    provider: "banorte",
    mode: "PRD",
    claimed_referencia: referencia,
    claimed_codigo_aut: codigoAut,
    claimed_at: claimedAt.toISOString(),
    created_at: new Date(claimedAt.getTime() - 60_000).toISOString(),
  });
  return { participant, enrolmentId, attempt, referencia, codigoAut };
}

test("finance imports the report, confirms a payment by hand, refunds a donation and reads the ledger", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const courseId = await createCourse({ course_name: `Curso conciliación ${run}` });
  const yesterday = new Date(Date.now() - 24 * 3_600_000);
  const matching = await claim(courseId, `Coincide ${run}`, yesterday);
  const otherAmount = await claim(courseId, `Otro importe ${run}`, new Date(yesterday.getTime() + 60_000));
  const byHand = await claim(courseId, `A mano ${run}`, new Date());
  const waiting = await claim(courseId, `Espera ${run}`, new Date());
  const donatedAt = new Date().toISOString();
  const donation = await createDonation({ donorName: `Fundación Reembolso ${run}`, amountCentavos: 120_000, createdAt: donatedAt });

  await signInAsStaff(context, baseURL!, "finanzas");
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Área del personal" }).getByRole("link", { name: "Conciliación" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conciliación con el banco" })).toBeVisible();
  const queue = page.getByRole("region", { name: "Pagos en verificación", exact: true });
  for (const c of [matching, otherAmount, byHand, waiting]) await expect(queue.getByText(c.attempt.control_number).first()).toBeVisible();
  // Finance types the console's codes: the relayed ones are never shown to them.
  await expect(queue).not.toContainText(byHand.codigoAut);
  await expectNoAxeViolations(page);

  // The report: one matching row, one with another amount, one that is not ours.
  const at = (offsetMinutes: number) => new Date(yesterday.getTime() + offsetMinutes * 60_000).toISOString();
  const csv = [
    "numero_control,importe,resultado,fecha,referencia,codigo_autorizacion",
    `${matching.attempt.control_number},1500.00,A,${at(5)},${matching.referencia},${matching.codigoAut}`,
    `${otherAmount.attempt.control_number},1200.00,A,${at(6)},${otherAmount.referencia},${otherAmount.codigoAut}`,
    `HIMFGCURSOSAJENO${run},900.00,A,${at(7)},${digits()},${code()}`,
  ].join("\n");
  await page
    .getByLabel("Reporte del banco (CSV o XLSX)")
    .setInputFiles({ name: `reporte-${run}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: "Revisar reporte" }).click();
  await expect(page.getByRole("heading", { name: `Vista previa: reporte-${run}.csv` })).toBeVisible();
  await expect(page.getByTestId("grupo-coinciden")).toContainText(matching.attempt.control_number);
  await expect(page.getByTestId("grupo-importe")).toContainText(otherAmount.attempt.control_number);
  await expect(page.getByTestId("grupo-desconocidos")).toContainText(`HIMFGCURSOSAJENO${run}`);
  // Nothing changed yet.
  expect((await db.selectFrom("enrolments").select("status").where("id", "=", matching.enrolmentId).executeTakeFirstOrThrow()).status).toBe(
    "pendiente_de_pago",
  );
  await expectNoAxeViolations(page);

  await page.getByRole("button", { name: "Aplicar conciliación" }).click();
  await expect(page.getByTestId("reporte-aplicado")).toBeVisible();
  const enrolmentOf = (id: number) => db.selectFrom("enrolments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const attemptOf = (id: number) => db.selectFrom("payment_attempts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  expect(await enrolmentOf(matching.enrolmentId)).toMatchObject({ status: "confirmada", seat_held_until: null });
  expect(await attemptOf(matching.attempt.id)).toMatchObject({ status: "approved", verification: "conciliado" });
  expect(await enrolmentOf(otherAmount.enrolmentId)).toMatchObject({ status: "pendiente_de_pago", seat_held_until: null });
  expect(await attemptOf(otherAmount.attempt.id)).toMatchObject({ verification: "discrepancia" });
  // Applying the same report again changes nothing.
  await page.reload();
  await expect(page.getByTestId("reporte-aplicado")).toBeVisible();
  await expect(page.getByRole("button", { name: "Aplicar conciliación" })).toHaveCount(0);

  // By hand: a wrong code is refused and changes nothing; the console's codes confirm it.
  const row = page.getByTestId(`pago-${byHand.attempt.control_number}`);
  await row.getByLabel("Referencia").fill(byHand.referencia);
  await row.getByLabel("Código de autorización").fill("ZZZZZZ");
  await row.getByRole("button", { name: `Confirmar pago del pago ${byHand.attempt.control_number}` }).click();
  await expect(page.getByText("Los datos no coinciden").first()).toBeVisible();
  expect(await attemptOf(byHand.attempt.id)).toMatchObject({ status: "in_verification" });
  await expectNoAxeViolations(page);
  const rowAgain = page.getByTestId(`pago-${byHand.attempt.control_number}`);
  await rowAgain.getByLabel("Referencia").fill(byHand.referencia);
  await rowAgain.getByLabel("Código de autorización").fill(byHand.codigoAut);
  await rowAgain.getByRole("button", { name: `Confirmar pago del pago ${byHand.attempt.control_number}` }).click();
  await expect(page.getByTestId(`pago-${byHand.attempt.control_number}`)).toHaveCount(0);
  expect(await attemptOf(byHand.attempt.id)).toMatchObject({ status: "approved", verification: "confirmado_manual" });
  expect((await attemptOf(byHand.attempt.id)).confirmed_by).toBeTruthy();
  expect(await enrolmentOf(byHand.enrolmentId)).toMatchObject({ status: "confirmada" });

  // A donation refunded, with its reason.
  await page.goto(`/admin/donativos/${donation.id}`);
  await page.getByLabel("Importe a reembolsar").fill("1200.00");
  await page.getByLabel("Motivo del reembolso").fill("El donante pidió la devolución por un cargo duplicado.");
  await page.getByRole("button", { name: "Registrar reembolso" }).click();
  await expect(page.getByText("El donante pidió la devolución por un cargo duplicado.").first()).toBeVisible();
  await expectNoAxeViolations(page);

  // The ledger: today's donations show the gift and its refund; the export carries the filter.
  // From the gift's day to the refund's (the same day, unless a midnight passed meanwhile).
  const today = mexicoCityStamp(new Date().toISOString()).slice(0, 10);
  await page.goto("/admin/pagos");
  await page.getByLabel("Desde").fill(mexicoCityStamp(donatedAt).slice(0, 10));
  await page.getByLabel("Hasta").fill(today);
  await page.getByLabel("Concepto").selectOption("donativo");
  await page.getByRole("button", { name: "Filtrar" }).click();
  await expect(page).toHaveURL(/concepto=donativo/);
  const ledger = page.locator("main");
  await expect(ledger).toContainText(`Fundación Reembolso ${run}`);
  await expect(ledger).toContainText("Reembolso registrado");
  await expect(ledger).not.toContainText(`Coincide ${run}`);
  await expectNoAxeViolations(page);
  const csvDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  const exported = fs.readFileSync((await (await csvDownload).path())!).toString("utf8");
  const donationLines = exported.split("\r\n").filter((line) => line.includes(donation.controlNumber));
  expect(donationLines).toHaveLength(2);
  expect(exported).not.toContain(matching.attempt.control_number);

  // Each participant reads their payment's state in words.
  const participantPage = async (participant: { id: number; name: string }) => {
    const own = await browser.newContext({ baseURL });
    const value = (await sessionCookieFor(participant)).slice(SESSION_COOKIE_NAME.length + 1);
    await own.addCookies([{ name: SESSION_COOKIE_NAME, value, url: baseURL! }]);
    const view = await own.newPage();
    await view.goto("/profile");
    const text = (await view.getByRole("region", { name: "Mis inscripciones" }).textContent()) ?? "";
    await own.close();
    return text;
  };
  expect(await participantPage(waiting.participant)).toContain("Pago recibido: lo estamos confirmando con el banco");
  expect(await participantPage(matching.participant)).toContain("Confirmada");
  expect(await participantPage(otherAmount.participant)).toContain("Pendiente de pago");
});

test("the Teaching office is refused the reconciliation screen", async ({ page, context, baseURL }) => {
  await signInAsStaff(context, baseURL!, "ensenanza");
  const response = await page.goto("/admin/conciliacion");
  expect(response?.status()).toBe(403);
  await expect(page.getByText("no tiene permiso para usar esta página")).toBeVisible();
});
