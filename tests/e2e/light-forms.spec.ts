import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { FILE_MESSAGES, MISSING_DOCUMENT_MESSAGES } from "../../app/accounts/documents";
import { SESSION_COOKIE_NAME } from "../../app/accounts/session.server";
import { db } from "../../app/db.server";
import { createParticipant, deleteParticipants, sessionCookieFor } from "../factories";
import { samplePdf, textFile } from "../support/sample-files";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";

// Issue 22: /register and /profile without React. The forms are server-rendered; the page script
// checks them before sending (form-checks.ts) and shows the fields a choice asks for
// (conditional-fields.ts). Without JavaScript the same forms work on their own.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-light-forms-e2e-"));
const files = { pdf: path.join(dir, "cedula.pdf"), fake: path.join(dir, "cedula-falsa.pdf") };
fs.writeFileSync(files.pdf, samplePdf());
fs.writeFileSync(files.fake, textFile());

const created: number[] = [];
test.afterAll(async () => deleteParticipants(created));

/** One script, the page script: no entry.client, no route chunks, no loader data in the page. */
async function expectOnlyThePageScript(page: Page) {
  const scripts = await page.locator("script[src]").evaluateAll((nodes) => nodes.map((node) => node.getAttribute("src")));
  expect(scripts).toEqual([expect.stringMatching(/^\/build\/page-script\/index-[A-Z0-9]+\.js$/)]);
  expect(await page.locator("link[rel=modulepreload]").count()).toBe(0);
  expect(await page.evaluate(() => "__remixContext" in window)).toBe(false);
}

async function signedIn(context: BrowserContext, baseURL: string) {
  const participant = await createParticipant(
    { role: "EXTERNO" },
    { documents: [{ kind: "professional_license", file: { fileName: "cedula.pdf", contentType: "application/pdf", data: samplePdf() } }] },
  );
  created.push(participant.id);
  const cookie = await sessionCookieFor(participant);
  await context.addCookies([{ name: SESSION_COOKIE_NAME, value: cookie.slice(SESSION_COOKIE_NAME.length + 1), url: baseURL }]);
  return participant;
}

function countPosts(page: Page) {
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return posts;
}

test("/register: no React; the fields follow the chosen profile and «Otra», and the browser checks before sending", async ({ page }) => {
  await page.goto("/register");
  await expectOnlyThePageScript(page);
  const posts = countPosts(page);
  const form = page.locator("form#registro");
  await expect(form).toHaveAttribute("novalidate", "");
  // «Otra institución» only once «Otra» is chosen.
  await expect(form.getByLabel("Otra institución")).toHaveCount(0);
  await form.getByLabel("Institución", { exact: true }).selectOption("Otro");
  await expect(form.getByLabel("Otra institución")).toBeVisible();

  // A student: no grade to choose, two documents named for the profile.
  await form.getByRole("radio", { name: "Estudiante", exact: true }).check();
  await expect(form.getByLabel("Grado", { exact: true })).toHaveCount(0);
  await expect(form.getByText("Grado del perfil Estudiante")).toBeVisible();
  await expect(form.getByLabel("Credencial de estudiante vigente (frente)")).toBeVisible();
  await expect(form.getByLabel("Credencial de estudiante vigente (reverso)")).toBeVisible();
  // External: the grade is asked again, and the second document goes.
  await form.getByRole("radio", { name: "Externo", exact: true }).check();
  await expect(form.getByLabel("Grado", { exact: true })).toBeVisible();
  await expect(form.getByLabel("Cédula profesional")).toBeVisible();
  await expect(form.locator('input[name="student_license_part_2"]')).toHaveCount(0);

  // The server's messages, said by the browser: nothing is sent.
  await form.getByLabel("Nombre completo").fill("Persona Revisada");
  await form.getByLabel("Correo electrónico").fill("no-es-un-correo");
  await form.getByLabel("Edad (años cumplidos)").fill("120");
  await form.getByLabel("Teléfono").fill("55 5228");
  await form.getByRole("button", { name: "Registrarme" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  for (const message of [
    "Escriba un correo electrónico válido, por ejemplo nombre@dominio.com.",
    "La edad debe estar entre 15 y 100 años.",
    "Escriba su teléfono con 10 dígitos, solo números, por ejemplo 5552289917.",
    "Escriba el nombre de su institución.",
    "Elija su grado académico (o «Otro» y escríbalo).",
    MISSING_DOCUMENT_MESSAGES.student_license,
  ]) {
    await expect(summary.getByRole("link", { name: message })).toBeVisible();
  }
  const phone = form.getByLabel("Teléfono");
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(phone).toHaveAccessibleDescription(/Escriba su teléfono con 10 dígitos/);
  expect(await phone.evaluate((input: HTMLInputElement) => input.validationMessage)).toBe(
    "Escriba su teléfono con 10 dígitos, solo números, por ejemplo 5552289917.",
  );
  // A corrected field lets go of its message when it is left.
  await phone.fill("(55) 5228-9917");
  await page.keyboard.press("Tab");
  await expect(phone).not.toHaveAttribute("aria-invalid", "true");
  await expect(summary.getByRole("link", { name: /Escriba su teléfono/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(posts).toEqual([]);
});

test("/profile: no React; the browser checks the data form, and a refused document is said at its field and in the toast", async ({
  page,
  context,
  baseURL,
}) => {
  await signedIn(context, baseURL!);
  await page.goto("/profile");
  await expectOnlyThePageScript(page);
  const posts = countPosts(page);
  const form = page.locator("form#editar-perfil");
  await form.getByLabel("Edad (años cumplidos)").fill("0x22");
  await form.getByLabel("Institución", { exact: true }).selectOption("Otro");
  await form.getByRole("button", { name: "Guardar cambios" }).click();
  const summary = page.getByTestId("error-summary");
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Escriba su edad en números, por ejemplo 34." })).toBeVisible();
  await expect(summary.getByRole("link", { name: "Escriba el nombre de su institución." })).toBeVisible();
  expect(posts).toEqual([]);

  const card = page.locator('form[id^="documento-"]');
  await card.locator('input[type="file"]').setInputFiles(files.fake);
  await expect(card.getByText(FILE_MESSAGES.wrongType)).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: `cedula-falsa.pdf: ${FILE_MESSAGES.wrongType}` })).toBeVisible();
  await card.getByRole("button", { name: "Reemplazar documento" }).click();
  await expect(card.locator('input[type="file"]')).toBeFocused();
  expect(posts).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registration shows every field, each saying when to fill it, and registers; the profile replaces a document", async ({ page }) => {
    const email = `sin-js-ligero.${Date.now()}@example.com`;
    await page.goto("/register");
    const form = page.locator("form#registro");
    // Every conditional block is there, labelled for whom it is. The note that a student's grade
    // is given is not: the grade's own hint says so, beside the grade it would contradict.
    await expect(form.getByText("Grado del perfil Estudiante")).toBeHidden();
    await expect(form.getByText("Si su perfil es Estudiante, no lo elija: se asigna ESTUDIANTE.")).toBeVisible();
    await expect(form.getByLabel("Otra institución")).toBeVisible();
    await expect(form.getByText("Solo si eligió «Otra» en Institución.")).toBeVisible();
    await expect(form.getByText("Documento 2: reverso de su credencial (no se pide para el perfil Externo)")).toBeVisible();
    await expectNoAxeViolationsWithoutJavaScript(page);

    await form.getByRole("radio", { name: "Externo", exact: true }).check();
    await form.getByLabel("Nombre completo").fill("Externa Sin Script");
    await form.getByLabel("Correo electrónico").fill(email);
    await form.getByLabel("Contraseña", { exact: true }).fill("Pediatria-2025!");
    await form.getByLabel("Edad (años cumplidos)").fill("41");
    await form.getByLabel("Teléfono").fill("5552289917");
    await form.getByRole("radio", { name: "No", exact: true }).check();
    await form.getByLabel("Nacionalidad").fill("Mexicana");
    await form.getByLabel("Estado de residencia").selectOption("Yucatán");
    await form.getByLabel("Grado", { exact: true }).selectOption("Médico");
    await form.getByLabel("Institución", { exact: true }).selectOption("Otro");
    await form.getByLabel("Otra institución").fill("Hospital General de Mérida");
    await form.locator('input[name="student_license"]').setInputFiles(files.pdf);
    await form.getByRole("button", { name: "Registrarme" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Registro completado")).toBeVisible();
    const row = await db.selectFrom("participants").select(["id", "institution"]).where("email", "=", email).executeTakeFirstOrThrow();
    created.push(row.id);
    expect(row.institution).toBe("Hospital General de Mérida");

    // The document form posts on its own: a text file is refused by content, a PDF replaces it.
    const card = page.locator('form[id^="documento-"]');
    await card.locator('input[type="file"]').setInputFiles(files.fake);
    await card.getByRole("button", { name: "Reemplazar documento" }).click();
    await expect(page.locator('form[id^="documento-"]').getByText(FILE_MESSAGES.wrongType)).toBeVisible();
    await page.locator('form[id^="documento-"] input[type="file"]').setInputFiles(files.pdf);
    await page.locator('form[id^="documento-"]').getByRole("button", { name: "Reemplazar documento" }).click();
    await expect(page.getByText("Recibimos su documento. Quedó pendiente de revisión.")).toBeVisible();
  });
});
