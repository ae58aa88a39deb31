import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { EMAIL_TAKEN_TITLE } from "../../app/accounts/account-forms";
import { FILE_MESSAGES, MISSING_DOCUMENT_MESSAGES } from "../../app/accounts/documents";
import { registerParticipant } from "../../app/accounts/participants.server";
import { db } from "../../app/db.server";
import { samplePdf, twoMegabytePdf } from "../support/sample-files";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { waitForMail } from "../support/mail";

// Issues 8 and 11: forms that work without JavaScript (every participant form), checks in the
// browser before sending with it, and the demo banner. The e2e server runs as the demo.
const PASSWORD = "Pediatria-2025!";
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-hardening-e2e-"));
const files = { pdf: path.join(dir, "cedula.pdf"), bigPdf: path.join(dir, "cedula-grande.pdf") };
fs.writeFileSync(files.pdf, samplePdf());
fs.writeFileSync(files.bigPdf, twoMegabytePdf());

async function participant(name = "Lucía Ramírez Soto") {
  const email = `endurecer-${crypto.randomUUID()}@example.com`;
  const outcome = await registerParticipant(
    db,
    {
      name,
      grade: "Médico",
      institution: "SSA",
      email,
      password: PASSWORD,
      age: 38,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Puebla",
      phone: "2221234567",
      role: "PERSONAL_HIMFG",
    },
    [{ kind: "staff_id_front", file: { fileName: "frente.pdf", contentType: "application/pdf", data: samplePdf() } }],
  );
  if (!outcome.ok) throw new Error("no participant");
  return { ...outcome.participant, email };
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/userlogin");
  const form = page.locator("form#inicio-sesion");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña").fill(password);
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
}

test("the demo says so on every page, error pages included", async ({ page }) => {
  for (const pathName of ["/", "/register", "/no-existe"]) {
    await page.goto(pathName);
    await expect(page.getByTestId("demo-banner")).toContainText("Sitio de demostración: los pagos son simulados y los correos no se envían.");
  }
  await page.goto("/");
  await expectNoAxeViolations(page);
});

test.describe("without JavaScript, every participant form works", () => {
  test.use({ javaScriptEnabled: false });

  test("sign-in, then a profile edit", async ({ page }) => {
    const person = await participant();
    await signIn(page, person.email);
    await expect(page).toHaveURL(/\/profile$/);
    const form = page.locator("form#editar-perfil");
    await form.getByLabel("Nombre completo").fill("Lucía Ramírez Editada");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Guardamos sus datos.")).toBeVisible();
    await expect(page.locator("form#editar-perfil").getByLabel("Nombre completo")).toHaveValue("Lucía Ramírez Editada");
    await expectNoAxeViolationsWithoutJavaScript(page);
  });

  test("a profile edit with a mistake says what to fix", async ({ page }) => {
    const person = await participant();
    await signIn(page, person.email);
    const form = page.locator("form#editar-perfil");
    await form.getByLabel("Edad (años cumplidos)").fill("0x22");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("Escriba su edad en números, por ejemplo 34.");
  });

  test("password reset: the request, the e-mail link, the new password, and sign-in", async ({ page }) => {
    const person = await participant();
    await page.goto("/recuperar-contrasena");
    await page.locator("form#recuperar").getByLabel("Correo electrónico").fill(person.email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByTestId("reset-requested")).toBeVisible();
    await expectNoAxeViolationsWithoutJavaScript(page);

    const mail = await waitForMail(db, { to: person.email, subject: "Restablecer" }, 10_000);
    const link = new URL(mail.text.match(/https?:\/\/\S+\/restablecer-contrasena\?token=[A-Za-z0-9_-]+/)![0]);
    await page.goto(link.pathname + link.search);
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Nueva-Clave-2027");
    await page.getByLabel("Confirme la nueva contraseña").fill("Nueva-Clave-2027");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    // Before: two Referrer-Policy headers, Origin: null, and an unstyled 403.
    await expect(page).toHaveURL(/\/userlogin$/);
    await expect(page.getByText("Contraseña actualizada")).toBeVisible();
    await signIn(page, person.email, "Nueva-Clave-2027");
    await expect(page).toHaveURL(/\/profile$/);
  });
});

test.describe("registration with JavaScript checks before sending", () => {
  test("missing fields and a 2 MB file: nothing is sent, the typed password and the file's own message stay", async ({ page }) => {
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    const form = page.locator("form#registro");
    await form.getByRole("radio", { name: "Externo", exact: true }).check();
    await form.getByLabel("Nombre completo").fill("Persona Sin Enviar");
    await form.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Edad (años cumplidos)").fill("0x22");
    await form.locator('input[name="student_license"]').setInputFiles(files.bigPdf);
    await expect(page.locator(".field--file").getByText(FILE_MESSAGES.tooLarge)).toBeVisible();
    await page.getByRole("button", { name: "Registrarme" }).click();

    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("link", { name: "Escriba su correo electrónico." })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Escriba su edad en números, por ejemplo 34." })).toBeVisible();
    await expect(summary.getByRole("link", { name: FILE_MESSAGES.tooLarge })).toBeVisible();
    await expect(page.locator(".field--file").getByText(FILE_MESSAGES.tooLarge)).toBeVisible();
    await expect(page.locator(".field--file").getByText(MISSING_DOCUMENT_MESSAGES.student_license)).toHaveCount(0);
    await expect(form.getByLabel("Contraseña", { exact: true })).toHaveValue(PASSWORD);
    expect(posts).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test("an e-mail already registered is headed by its own message", async ({ page }) => {
    const existing = await participant();
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    const form = page.locator("form#registro");
    await form.getByRole("radio", { name: "Externo", exact: true }).check();
    await form.getByLabel("Nombre completo").fill("Otra Persona");
    await form.getByLabel("Correo electrónico").fill(existing.email.toUpperCase());
    await form.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await form.getByLabel("Edad (años cumplidos)").fill("41");
    await form.getByLabel("Teléfono").fill("5552289917");
    await form.getByRole("radio", { name: "No", exact: true }).check();
    await form.getByLabel("Nacionalidad").fill("Mexicana");
    await form.getByLabel("Estado de residencia").selectOption("Yucatán");
    await form.getByLabel("Grado", { exact: true }).selectOption("Médico");
    await form.getByLabel("Institución", { exact: true }).selectOption("SSA");
    await form.locator('input[name="student_license"]').setInputFiles(files.pdf);
    await page.getByRole("button", { name: "Registrarme" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary.getByRole("heading", { name: EMAIL_TAKEN_TITLE })).toBeVisible();
    await expect(summary.getByRole("heading", { name: /Complete los campos requeridos/ })).toHaveCount(0);
  });
});

test("profile with JavaScript: a corrected save clears the error summary and the field error", async ({ page }) => {
  const person = await participant();
  await signIn(page, person.email);
  await expect(page).toHaveURL(/\/profile$/);
  await page.waitForFunction(() => document.querySelector("#editar-perfil")?.hasAttribute("novalidate"));
  const form = page.locator("form#editar-perfil");
  await form.getByLabel("Nacionalidad").fill("");
  await form.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByTestId("error-summary")).toContainText("Escriba su nacionalidad");
  await form.getByLabel("Nacionalidad").fill("Mexicana");
  await form.getByRole("button", { name: "Guardar cambios" }).click();
  await expect(page.getByText("Guardamos sus datos.")).toBeVisible();
  await expect(page.getByTestId("error-summary")).toHaveCount(0);
  await expect(form.getByLabel("Nacionalidad")).not.toHaveAttribute("aria-invalid", "true");
});

test("document labels keep HIMFG in capitals", async ({ page }) => {
  const person = await participant();
  await signIn(page, person.email);
  await expect(page.getByRole("link", { name: "Descargar credencial de trabajador del HIMFG (frente)" })).toBeVisible();
  await expect(page.getByText("himfg", { exact: false }).filter({ hasText: /del himfg/ })).toHaveCount(0);
});
