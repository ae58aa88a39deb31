import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { FILE_MESSAGES, UPLOAD_FAILED_MESSAGE } from "../../app/accounts/documents";
import { UPLOAD_NOT_RECEIVED } from "../../app/components/upload-failure";
import { db } from "../../app/db.server";
import { samplePdf, samplePng, textFile, twoMegabytePdf } from "../support/sample-files";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { waitForMail } from "../support/mail";

const SUMMARY = "Complete los campos requeridos o revise sus archivos seleccionados (JPG, PNG o PDF, de 1 MB como máximo)";
const PASSWORD = "Pediatria-2025!";

// Real files on disk, generated here: valid PNG and PDF, a text file renamed .pdf, a 2 MB PDF.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-accounts-e2e-"));
const files = {
  png: path.join(dir, "credencial-frente.png"),
  pdf: path.join(dir, "credencial-reverso.pdf"),
  fakePdf: path.join(dir, "cedula-falsa.pdf"),
  bigPdf: path.join(dir, "cedula-grande.pdf"),
};
fs.writeFileSync(files.png, samplePng());
fs.writeFileSync(files.pdf, samplePdf());
fs.writeFileSync(files.fakePdf, textFile());
fs.writeFileSync(files.bigPdf, twoMegabytePdf());

let sequence = 0;
function uniqueEmail(prefix: string) {
  sequence += 1;
  return `${prefix}.${Date.now()}.${sequence}@example.com`;
}

async function countParticipants() {
  const row = await db
    .selectFrom("participants")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface Person {
  role: "Personal HIMFG" | "Estudiante" | "Externo";
  email: string;
  name: string;
}

/** Fills every field (the labels a person reads) with valid values. */
async function fillRegistration(page: Page, person: Person, options: { javaScript?: boolean } = {}) {
  const javaScript = options.javaScript ?? true;
  const form = page.locator("form#registro");
  await form.getByRole("radio", { name: person.role, exact: true }).check();
  await form.getByLabel("Nombre completo").fill(person.name);
  await form.getByLabel("Correo electrónico").fill(person.email);
  await form.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await form.getByLabel("Edad (años cumplidos)").fill("29");
  await form.getByLabel("Teléfono").fill("5552289917");
  await form.getByRole("radio", { name: "Sí", exact: true }).check();
  await form.getByLabel("Nacionalidad").fill("Mexicana");
  await form.getByLabel("Estado de residencia").selectOption("Yucatán");
  if (person.role !== "Estudiante" || !javaScript) {
    if (person.role !== "Estudiante") await form.getByLabel("Grado", { exact: true }).selectOption("Enfermero(a)");
  }
  await form.getByLabel("Institución", { exact: true }).selectOption(person.role === "Personal HIMFG" ? "HIMFG" : "SSA");
  await form.locator('input[name="student_license"]').setInputFiles(person.role === "Externo" ? files.pdf : files.png);
  if (person.role !== "Externo") await form.locator('input[name="student_license_part_2"]').setInputFiles(files.pdf);
}

async function signOut(page: Page) {
  await page.getByRole("navigation", { name: "Principal", exact: true }).getByRole("button", { name: "Cerrar sesión" }).click();
  await expect(page.getByText("Cerró su sesión.")).toBeVisible();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/userlogin");
  const form = page.locator("form#inicio-sesion");
  await form.getByLabel("Correo electrónico").fill(email);
  await form.getByLabel("Contraseña").fill(password);
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
}

test.describe("registration", () => {
  for (const role of ["Personal HIMFG", "Estudiante", "Externo"] as const) {
    test(`${role}: registers with real files, signs out and back in`, async ({ page }) => {
      const person: Person = { role, email: uniqueEmail(role.toLowerCase().replace(/\s+/g, "-")), name: `Prueba ${role}` };
      await page.goto("/register");
      // Wait for hydration so the form adapts to the profile.
      await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
      await fillRegistration(page, person);
      if (role === "Externo") {
        await expect(page.locator("form#registro").getByLabel("Cédula profesional")).toBeVisible();
        await expect(page.locator('input[name="student_license_part_2"]')).toHaveCount(0);
      } else if (role === "Estudiante") {
        await expect(page.locator("form#registro").getByLabel("Grado", { exact: true })).toHaveCount(0);
        await expect(page.getByText("(se asigna por su perfil Estudiante)")).toBeVisible();
        await expect(page.locator("form#registro").getByLabel("Credencial de estudiante vigente (reverso)")).toBeVisible();
      } else {
        await expect(page.locator("form#registro").getByLabel("Credencial de trabajador del HIMFG (frente)")).toBeVisible();
      }
      await page.getByRole("button", { name: "Registrarme" }).click();

      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByRole("heading", { level: 1, name: "Mi perfil" })).toBeVisible();
      await expect(page.getByText("Registro completado")).toBeVisible();
      const row = await db.selectFrom("participants").select(["id", "role", "grade"]).where("email", "=", person.email).executeTakeFirstOrThrow();
      await expect(page.getByTestId("participant-id")).toHaveText(String(row.id));
      expect(row.grade).toBe(role === "Estudiante" ? "ESTUDIANTE" : "Enfermero(a)");
      const documents = await db.selectFrom("participant_documents").select("kind").where("participant_id", "=", row.id).execute();
      expect(documents).toHaveLength(role === "Externo" ? 1 : 2);
      await expect(page.getByText("Pendiente de revisión").first()).toBeVisible();

      await signOut(page);
      await signIn(page, person.email.toUpperCase());
      await expect(page).toHaveURL(/\/profile$/);
      await expect(page.getByText(`Sesión de ${person.name}`)).toBeVisible();
    });
  }

  test("without JavaScript the plain form registers too", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const person: Person = { role: "Estudiante", email: uniqueEmail("sin-js"), name: "Estudiante sin JavaScript" };
    await page.goto("/register");
    await fillRegistration(page, person, { javaScript: false });
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Registro completado")).toBeVisible();
    const row = await db.selectFrom("participants").select(["grade", "role"]).where("email", "=", person.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ grade: "ESTUDIANTE", role: "ESTUDIANTE" });
    await context.close();
  });
});

test.describe("registration refuses bad input and stores nothing", () => {
  test("the browser checks a file as soon as it is chosen: 2 MB and a text file renamed .pdf", async ({ page }) => {
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    await page.locator("form#registro").getByRole("radio", { name: "Externo", exact: true }).check();
    const licence = page.locator('input[name="student_license"]');
    await licence.setInputFiles(files.bigPdf);
    await expect(page.locator(".field--file").getByText(FILE_MESSAGES.tooLarge)).toBeVisible();
    await expect(page.getByTestId("toast").getByText(FILE_MESSAGES.tooLarge, { exact: false })).toBeVisible();
    // The refused file stays chosen but marked: it is never sent, and its message stays.
    await expect(licence).toHaveAttribute("data-refused", FILE_MESSAGES.tooLarge);
    await licence.setInputFiles(files.fakePdf);
    await expect(page.locator(".field--file").getByText(FILE_MESSAGES.wrongType)).toBeVisible();
  });

  test("with JavaScript a refused file shows the seed's upload-failure message, an alert that closes", async ({ page }) => {
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    await page.locator("form#registro").getByRole("radio", { name: "Externo", exact: true }).check();
    await page.locator('input[name="student_license"]').setInputFiles(files.fakePdf);
    const alert = page.getByRole("alert").filter({ hasText: UPLOAD_FAILED_MESSAGE });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText(`cedula-falsa.pdf: ${FILE_MESSAGES.wrongType}`);
    await expectNoAxeViolations(page);
    // No confirm button: only a close button, and it closes.
    await expect(alert.getByRole("button")).toHaveCount(1);
    await alert.getByRole("button", { name: "Cerrar aviso" }).click();
    await expect(alert).toHaveCount(0);
  });

  test("with JavaScript an upload whose request fails (a proxy's 413, a dropped connection) says so and keeps the form; trying again works", async ({
    page,
  }) => {
    const before = await countParticipants();
    const person: Person = { role: "Personal HIMFG", email: uniqueEmail("reintento"), name: "Persona Reintento" };
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    await fillRegistration(page, person);
    // Something between the browser and the application answers instead of it.
    await page.route("**/register.data**", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 413, contentType: "text/html", body: "<h1>413 Request Entity Too Large</h1>" })
        : route.fallback(),
    );
    await page.getByRole("button", { name: "Registrarme" }).click();
    const alert = page.getByRole("alert").filter({ hasText: UPLOAD_FAILED_MESSAGE });
    await expect(alert).toContainText(UPLOAD_NOT_RECEIVED);
    // The page is still the form, with what was typed and chosen.
    const form = page.locator("form#registro");
    await expect(form.getByLabel("Nombre completo")).toHaveValue(person.name);
    expect(await form.locator('input[name="student_license"]').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(1);
    await alert.getByRole("button", { name: "Cerrar aviso" }).click();
    await expect(alert).toHaveCount(0);

    await page.unroute("**/register.data**");
    await page.route("**/register.data**", (route) => (route.request().method() === "POST" ? route.abort("connectionreset") : route.fallback()));
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(alert).toContainText(UPLOAD_NOT_RECEIVED);
    expect(await countParticipants()).toBe(before);

    // "Intente nuevamente": the same form, sent again, registers.
    await page.unroute("**/register.data**");
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect(await countParticipants()).toBe(before + 1);
  });

  test("missing field, short password, non-numeric age: every message at once, typed values kept, password not", async ({ page }) => {
    const before = await countParticipants();
    const person: Person = { role: "Externo", email: uniqueEmail("errores"), name: "Persona Con Errores" };
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    await fillRegistration(page, person);
    const form = page.locator("form#registro");
    await form.getByLabel("Nacionalidad").fill("");
    await form.getByLabel("Contraseña", { exact: true }).fill("corta");
    await form.getByLabel("Edad (años cumplidos)").fill("veinte");
    await page.getByRole("button", { name: "Registrarme" }).click();

    const summary = page.getByTestId("error-summary");
    await expect(summary).toBeFocused();
    await expect(summary.getByRole("heading", { name: SUMMARY })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Escriba su nacionalidad, por ejemplo Mexicana." })).toBeVisible();
    await expect(summary.getByRole("link", { name: "La contraseña debe tener al menos 8 caracteres." })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Escriba su edad en números, por ejemplo 34." })).toBeVisible();
    const age = form.getByLabel("Edad (años cumplidos)");
    await expect(age).toHaveAttribute("aria-invalid", "true");
    await expect(age).toHaveAccessibleDescription(/Escriba su edad en números/);
    await expect(age).toHaveValue("veinte");
    await expect(form.getByLabel("Nombre completo")).toHaveValue(person.name);
    // Checked in the browser before sending (issue 11): no round trip, so nothing typed is lost.
    await expect(form.getByLabel("Contraseña", { exact: true })).toHaveValue("corta");
    await summary.getByRole("link", { name: "Escriba su edad en números, por ejemplo 34." }).click();
    await expect(page).toHaveURL(/#registro-student_age$/);
    await expectNoAxeViolations(page);
    expect(await countParticipants()).toBe(before);
  });

  test("an e-mail already registered, typed in other letter case, gets a clear message", async ({ page }) => {
    const person: Person = { role: "Externo", email: uniqueEmail("duplicado"), name: "Primera Persona" };
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    await fillRegistration(page, person);
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await signOut(page);

    const before = await countParticipants();
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    await fillRegistration(page, { ...person, email: person.email.toUpperCase(), name: "Segunda Persona" });
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(page.getByTestId("error-summary").getByRole("link", { name: /Ya existe una cuenta con este correo/ })).toBeVisible();
    expect(await countParticipants()).toBe(before);
  });

  test("without JavaScript the server checks files by content: a 2 MB file and a text file renamed .pdf", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const before = await countParticipants();
    await page.goto("/register");
    await fillRegistration(page, { role: "Personal HIMFG", email: uniqueEmail("archivos"), name: "Persona Archivos" }, { javaScript: false });
    await page.locator('input[name="student_license"]').setInputFiles(files.bigPdf);
    await page.locator('input[name="student_license_part_2"]').setInputFiles(files.fakePdf);
    await page.getByRole("button", { name: "Registrarme" }).click();
    const summary = page.getByTestId("error-summary");
    await expect(summary.getByRole("heading", { name: SUMMARY })).toBeVisible();
    await expect(summary.getByRole("link", { name: FILE_MESSAGES.tooLarge })).toBeVisible();
    await expect(summary.getByRole("link", { name: FILE_MESSAGES.wrongType })).toBeVisible();
    await expect(page.locator("form#registro").getByLabel("Nombre completo")).toHaveValue("Persona Archivos");
    await expect(page.locator("form#registro").getByLabel("Contraseña", { exact: true })).toHaveValue("");
    await expectNoAxeViolationsWithoutJavaScript(page);
    expect(await countParticipants()).toBe(before);
    await context.close();
  });
});

test.describe("sign-in, profile, documents and password reset", () => {
  async function registerQuickly(page: Page, role: Person["role"] = "Externo") {
    const person: Person = { role, email: uniqueEmail("cuenta"), name: `Cuenta ${role}` };
    await page.goto("/register");
    await page.waitForFunction(() => document.querySelector("#registro")?.hasAttribute("novalidate"));
    await fillRegistration(page, person);
    await page.getByRole("button", { name: "Registrarme" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const row = await db.selectFrom("participants").select("id").where("email", "=", person.email).executeTakeFirstOrThrow();
    const firstDocument = await db
      .selectFrom("participant_documents")
      .select("id")
      .where("participant_id", "=", row.id)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    return { ...person, id: row.id, documentId: firstDocument.id };
  }

  test("sign-in refuses wrong credentials with one message; pages pass axe", async ({ page }) => {
    await page.goto("/userlogin");
    // A plain form: the page script only, no React and no loader data in the page (decision 0029).
    expect(await page.locator("script[src*='/build/page-script/']").count()).toBe(1);
    expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
    await expectNoAxeViolations(page);
    await signIn(page, "nadie@example.com", "una-clave-cualquiera");
    await expect(page.getByTestId("error-summary")).toContainText("El correo electrónico o la contraseña no son correctos.");
    // The page script moves focus to the summary, as the React summary does on hydrated pages.
    await expect(page.getByTestId("error-summary")).toBeFocused();
    await expect(page.getByRole("link", { name: "¿Olvidó su contraseña?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Regístrese" })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("the header offers sign-in and registration to anonymous visitors without changing the menu", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Iniciar sesión" })).toHaveAttribute("href", "/userlogin");
    await expect(page.getByRole("link", { name: "Registrarse" })).toHaveAttribute("href", "/register");
    const nav = page.getByRole("navigation", { name: "Principal", exact: true });
    const labels = await nav.locator(".menu-links > li").allInnerTexts();
    expect(labels.map((l) => l.trim())).toEqual([
      "Inicio",
      "Consulta de primera vez",
      "Transparencia",
      "Protección de datos",
      "Sesión clínico patológica",
      "Daño cero",
      "Oferta académica",
      "Código de ética",
    ]);
  });

  test("the profile shows data and documents, and its forms pass axe", async ({ page }) => {
    await page.goto("/register");
    await expectNoAxeViolations(page);
    const person = await registerQuickly(page, "Personal HIMFG");
    await expect(page.getByRole("heading", { name: "Mis documentos" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Mis inscripciones" })).toBeVisible();
    await expect(page.getByText("Aún no tiene inscripciones.")).toBeVisible();
    await expectNoAxeViolations(page);

    await page.locator("form#editar-perfil").getByLabel("Nombre completo").fill("Nombre Editado");
    await page.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Guardamos sus datos.")).toBeVisible();
    await expect(page.getByText(`Sesión de Nombre Editado`)).toBeVisible();

    // Download the owner's document.
    const download = page.waitForEvent("download");
    await page
      .getByRole("link", { name: /Descargar credencial de trabajador del hmfg \(frente\)|Descargar credencial de trabajador del HIMFG \(frente\)/i })
      .click();
    expect((await download).suggestedFilename()).toMatch(/\.png$/);
    expect(person.id).toBeGreaterThanOrEqual(450000);
  });

  test("with JavaScript a document replacement the server refuses, or whose request fails, shows the upload-failure message", async ({ page }) => {
    const person = await registerQuickly(page, "Externo");
    const card = page.locator(`form#documento-${person.documentId}`);
    const before = await db.selectFrom("participant_documents").select("file_id").where("id", "=", person.documentId).executeTakeFirstOrThrow();
    await card.locator('input[type="file"]').setInputFiles(files.png);
    // The request fails on its way (the connection drops).
    await page.route("**/profile.data**", (route) => (route.request().method() === "POST" ? route.abort("failed") : route.fallback()));
    await card.getByRole("button", { name: "Reemplazar documento" }).click();
    const alert = page.getByRole("alert").filter({ hasText: UPLOAD_FAILED_MESSAGE });
    await expect(alert).toContainText(UPLOAD_NOT_RECEIVED);
    await expectNoAxeViolations(page);
    await alert.getByRole("button", { name: "Cerrar aviso" }).click();
    await expect(alert).toHaveCount(0);
    await page.unroute("**/profile.data**");

    // Our server's refusal: a file put in the field without the browser's check on choosing it.
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('form[id^="documento-"] input[type="file"]')!;
      const transfer = new DataTransfer();
      transfer.items.add(new File(["solo texto"], "falso.pdf", { type: "application/pdf" }));
      input.files = transfer.files;
    });
    await card.getByRole("button", { name: "Reemplazar documento" }).click();
    await expect(alert).toContainText(FILE_MESSAGES.wrongType);
    await expect(card.getByText(FILE_MESSAGES.wrongType)).toBeVisible();
    const after = await db.selectFrom("participant_documents").select("file_id").where("id", "=", person.documentId).executeTakeFirstOrThrow();
    expect(after.file_id).toBe(before.file_id);
  });

  test("an anonymous or foreign request for someone's document is refused", async ({ page, browser, baseURL }) => {
    const owner = await registerQuickly(page);
    const own = await page.request.get(`/profile/documentos/${owner.documentId}`);
    expect(own.status()).toBe(200);
    expect(own.headers()["cache-control"]).toBe("private, no-store");

    const anonymous = await browser.newContext();
    const anonymousResponse = await anonymous.request.get(`${baseURL}/profile/documentos/${owner.documentId}`, { maxRedirects: 0 });
    expect(anonymousResponse.status()).toBe(303);
    expect(anonymousResponse.headers()["location"]).toContain("/userlogin?redirectTo=");
    await anonymous.close();

    await signOut(page);
    await registerQuickly(page);
    const foreign = await page.request.get(`/profile/documentos/${owner.documentId}`, { maxRedirects: 0 });
    expect(foreign.status()).toBe(404);
  });

  test("password reset through the e-mail link, then sign-in with the new password", async ({ page }) => {
    const person = await registerQuickly(page);
    await signOut(page);

    await page.goto("/userlogin");
    await page.getByRole("link", { name: "¿Olvidó su contraseña?" }).click();
    await expect(page).toHaveURL(/\/recuperar-contrasena$/);
    await expectNoAxeViolations(page);
    await page.locator("form#recuperar").getByLabel("Correo electrónico").fill(person.email);
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByTestId("reset-requested")).toBeVisible();

    // An unknown address gets exactly the same answer.
    await page.locator("form#recuperar").getByLabel("Correo electrónico").fill("no-existe@example.com");
    await page.getByRole("button", { name: "Enviar enlace" }).click();
    await expect(page.getByTestId("reset-requested")).toContainText("no-existe@example.com");

    const mail = await waitForMail(db, { to: person.email, subject: "Restablecer" }, 10_000);
    const link = mail.text.match(/https?:\/\/\S+\/restablecer-contrasena\?token=[A-Za-z0-9_-]+/)![0];
    const url = new URL(link);
    await page.goto(url.pathname + url.search);
    await expectNoAxeViolations(page);
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Nueva-Clave-2026");
    await page.getByLabel("Confirme la nueva contraseña").fill("Otra-Cosa-2026");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page.getByTestId("error-summary")).toContainText("Las contraseñas no coinciden");
    await expectNoAxeViolations(page);
    await page.getByLabel("Nueva contraseña", { exact: true }).fill("Nueva-Clave-2026");
    await page.getByLabel("Confirme la nueva contraseña").fill("Nueva-Clave-2026");
    await page.getByRole("button", { name: "Guardar contraseña" }).click();
    await expect(page).toHaveURL(/\/userlogin$/);
    await expect(page.getByText("Contraseña actualizada")).toBeVisible();

    await signIn(page, person.email, "Nueva-Clave-2026");
    await expect(page).toHaveURL(/\/profile$/);

    // The link works only once.
    await page.goto(url.pathname + url.search);
    await expect(page.getByTestId("invalid-reset-link")).toBeVisible();
  });
});
